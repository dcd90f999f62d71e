import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Env } from '../env';
import type { AppIcons } from './app-icons';
import type { FileLinks } from './uploads/file-links';
import type { FileStorage } from './uploads/file-storage';
import type { Directory } from './directory';
import type { Viewer } from './directory/sessions';
import { validationError } from './errors';
import type { IdempotencyStore } from './idempotency';
import type { Mailer } from './mail/mailer';
import type { PushSender } from './push/push-sender';
import type { TenantScope } from './tenancy';
import type { RecordsTurns } from './tracking-records';

/**
 * What every request sees. There is deliberately no raw database handle here: the directory's stores (sessions,
 * accounts, organisations…, server/lib/directory/) answer what comes before an organisation is known.
 */
export interface PublicVariables extends Directory {
  requestId: string;
  env: Env;
  clientAddress: string;
  idempotency: IdempotencyStore;
  /** Install icons made from organisations' logos, cached in memory. */
  appIcons: AppIcons;
  /** Push notifications to users' devices; best-effort, never throws ('disabled' when not configured). */
  push: PushSender;
  /** Mail over SMTP, or to the log when SMTP_URL is unset; send after answering, failures are logged. */
  mailer: Mailer;
  /** Signs and checks the links to chat attachments (ADR 061). */
  fileLinks: FileLinks;
  /** Where finished attachments are kept (a local folder by default; ADR 061). */
  fileStorage: FileStorage;
  /** This process's queue of each athlete's records writes (issue 30, ADR 084). */
  recordsTurns: RecordsTurns;
}

/** What a signed-in request also sees, set by requireViewer. */
export interface SignedInVariables extends PublicVariables {
  viewer: Viewer;
  tenant: TenantScope;
}

export type PublicAppEnv = { Variables: PublicVariables };

/**
 * What shared helpers (host, mail, rate limits) read of a request. Any app's context fits it, public,
 * signed-in or management; Hono's Context itself is invariant in its variables, so it would need casts.
 */
export interface RequestContext {
  req: Context['req'];
  var: Readonly<PublicVariables>;
}
export type SignedInAppEnv = { Variables: SignedInVariables };

/**
 * Runs a read-only request's reads in one snapshot: one transaction inside the organisation wall (ADR 087) for all
 * its statements, instead of one each, and figures that agree with each other. `read` gets the request's variables
 * with the snapshot's scope as `tenant`.
 */
export async function readInOneSnapshot<T>(
  c: { var: Readonly<SignedInVariables> },
  read: (snapshot: { var: SignedInVariables }) => Promise<T>,
): Promise<T> {
  return await c.var.tenant.readSnapshot((tenant) => read({ var: { ...c.var, tenant } }));
}

/** A router whose request validation failures answer 400 with the fields at fault. */
export function createRouter<E extends PublicAppEnv>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) {
        throw validationError(result.error.issues, result.target === 'json' ? 'request body' : result.target);
      }
    },
  });
}
