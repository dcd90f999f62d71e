import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import { and, eq, type SQL } from 'drizzle-orm';
import type { App } from 'firebase-admin/app';
import type { Messaging, TokenMessage } from 'firebase-admin/messaging';
import { users } from '../../db/schema';
import type { FirebaseServiceAccount } from '../../env';
import type { TenantScope } from '../tenancy';
import type { PushMessage, PushResult, PushSender } from './push-sender';
import { uuidPattern } from '../../../contract/uuid';

export interface FirebasePushSenderOptions {
  serviceAccount: FirebaseServiceAccount;
  /**
   * Carries the FCM requests (HTTP/1), and the OAuth call where firebase-admin honours it (a key file, not an
   * object: firebase/firebase-admin-node#2960). Tests hand in one that reaches a local server.
   */
  httpAgent?: Agent;
}

/** Error codes with which firebase-admin says the token itself is dead (utils/error.js, MESSAGING_SERVER_TO_CLIENT_CODE). */
const deadTokenCodes = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

// FCM v1 answers a malformed token with INVALID_ARGUMENT, which firebase-admin maps to the generic code; only its message tells.
const tokenArgumentMessage = /registration token/i;

/** firebase-admin and the named app, loaded when a sender is made: a server with push off never loads it. */
async function startFirebase({ serviceAccount, httpAgent }: FirebasePushSenderOptions) {
  const [{ cert, deleteApp, initializeApp }, { getMessaging }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/messaging'),
  ]);
  const { projectId, clientEmail, privateKey } = serviceAccount;
  const app: App = initializeApp(
    {
      // A fresh object: firebase-admin writes snake_case copies of the fields onto the one it is given.
      credential: cert({ projectId, clientEmail, privateKey }, httpAgent),
      projectId,
      ...(httpAgent ? { httpAgent } : {}),
    },
    // A name of its own, so several senders (tests, a second createApp) never clash on the default app.
    `connect-push-${randomUUID()}`,
  );
  const messaging: Messaging = getMessaging(app);
  return { messaging, close: () => deleteApp(app) };
}

/** Push through Firebase Cloud Messaging (HTTP v1) with a service account. */
export class FirebasePushSender implements PushSender {
  readonly enabled = true;
  readonly projectId: string;
  private readonly firebase: ReturnType<typeof startFirebase>;
  private closed = false;

  constructor(options: FirebasePushSenderOptions) {
    this.projectId = options.serviceAccount.projectId;
    this.firebase = startFirebase(options);
    // A failure to start surfaces, logged, on the first send rather than as an unhandled rejection.
    this.firebase.catch(() => undefined);
  }

  async sendToUser(tenant: TenantScope, userId: string, message: PushMessage): Promise<PushResult> {
    let token: string | null;
    try {
      token = await this.storedToken(tenant, userId);
    } catch (error) {
      console.error(`[push] Could not read the push token of user ${userId}:`, error);
      return { status: 'failed', errorCode: 'token-lookup-failed' };
    }
    if (!token) return { status: 'no-token' };

    try {
      const { messaging } = await this.firebase;
      const messageId = await messaging.send(webPushMessage(token, message));
      return { status: 'sent', messageId };
    } catch (error) {
      const { code, message: reason } = describeError(error);
      if (
        deadTokenCodes.has(code) ||
        (code === 'messaging/invalid-argument' && tokenArgumentMessage.test(reason))
      ) {
        return { status: 'invalid-token', tokenCleared: await this.clearToken(tenant, userId, token, code) };
      }
      console.error(`[push] Sending to user ${userId} failed: ${code}: ${reason}`);
      return { status: 'failed', errorCode: code };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const firebase = await this.firebase.catch(() => undefined);
    await firebase?.close();
  }

  private async storedToken(tenant: TenantScope, userId: string): Promise<string | null> {
    // Not a user id at all: no such user, rather than a database error about the uuid type.
    if (!uuidPattern.test(userId)) return null;
    const user = await tenant.first(users, eq(users.id, userId));
    return user?.firebaseToken ?? null;
  }

  /** Clears the token only if it is still the one that failed: a token the device stored meanwhile must survive. */
  private async clearToken(
    tenant: TenantScope,
    userId: string,
    token: string,
    code: string,
  ): Promise<boolean> {
    try {
      const cleared = await tenant.update(
        users,
        { firebaseToken: null, firebaseTokenUpdatedAt: null, updatedAt: new Date() },
        and(eq(users.id, userId), eq(users.firebaseToken, token)) as SQL,
      );
      if (cleared.length > 0) console.info(`[push] Cleared the push token of user ${userId} (${code}).`);
      return cleared.length > 0;
    } catch (error) {
      console.error(`[push] Could not clear the invalid push token of user ${userId}:`, error);
      return false;
    }
  }
}

/**
 * A data-only message: the service worker shows it (a notification payload would be shown by the browser as
 * well, twice). Urgency high and a day's TTL so it arrives promptly, or not at all once stale.
 */
function webPushMessage(token: string, message: PushMessage): TokenMessage {
  const data = Object.fromEntries(
    (['title', 'body', 'link', 'icon', 'notificationId', 'notificationAt'] as const).flatMap((key) => {
      const value = message[key];
      return value === undefined ? [] : [[key, value]];
    }),
  );
  return { token, data, webpush: { headers: { Urgency: 'high', TTL: '86400' } } };
}

function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
    return { code, message: error.message };
  }
  return { code: 'unknown', message: String(error) };
}
