import type { Env } from '../../env';
import type { TenantScope } from '../tenancy';
import { FirebasePushSender } from './firebase-push-sender';

/** What a notification shows. The web client's service worker builds the notification from these (title defaults to 'New Message'). */
export interface PushMessage {
  title?: string;
  body?: string;
  /** Where a click on the notification leads, e.g. a path in the app. */
  link?: string;
  icon?: string;
  /** The notification it is, and when it was made or last folded into: an open page announces it once. */
  notificationId?: string;
  notificationAt?: string;
}

/** What became of one push; push is best-effort, so failures are results, not exceptions. */
export type PushResult =
  | { status: 'sent'; messageId: string }
  /** Push is not configured (no FIREBASE_SERVICE_ACCOUNT): nothing was attempted. */
  | { status: 'disabled' }
  /** The user has no push token, or is not a user of the tenant's organisation. */
  | { status: 'no-token' }
  /** Firebase refused the token as invalid; it was cleared unless the user stored a newer one meanwhile. */
  | { status: 'invalid-token'; tokenCleared: boolean }
  /** Anything else (network, Firebase outage, credentials): logged, token kept. */
  | { status: 'failed'; errorCode: string };

/** How features notify a user on their devices; reached by handlers as `c.var.push`. Never throws. */
export interface PushSender {
  readonly enabled: boolean;
  /** Sends to the token stored for `userId`, looked up through `tenant` so another organisation's user is never reached. */
  sendToUser(tenant: TenantScope, userId: string, message: PushMessage): Promise<PushResult>;
  /** Releases the Firebase app; call on shutdown. */
  close(): Promise<void>;
}

/** The sender when push is not configured: answers 'disabled' and makes no request. */
export const disabledPushSender: PushSender = {
  enabled: false,
  sendToUser: () => Promise.resolve({ status: 'disabled' }),
  close: () => Promise.resolve(),
};

/** The sender the configuration asks for: Firebase when a service account is set, else the disabled one. */
export function createPushSender(env: Pick<Env, 'FIREBASE_SERVICE_ACCOUNT'>): PushSender {
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
  return serviceAccount ? new FirebasePushSender({ serviceAccount }) : disabledPushSender;
}

/** The line the server logs once at start about push. */
export function describePushSetup(env: Pick<Env, 'FIREBASE_SERVICE_ACCOUNT'>): string {
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT;
  return serviceAccount
    ? `[push] Push notifications are on: Firebase project ${serviceAccount.projectId}.`
    : '[push] Push notifications are off: FIREBASE_SERVICE_ACCOUNT is not set.';
}
