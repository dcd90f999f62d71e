import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { logger } from 'hono/logger';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { errorCodes } from '../contract/errors';
import { uploadPaths } from '../contract/uploads';
import { videoPlayerOrigins } from '../contract/video-links';
import type { Database } from './db/client';
import type { Env } from './env';
import { serveApiDocs } from './lib/api-docs';
import { AdmissionGate } from './lib/admission-gate';
import { AppIcons } from './lib/app-icons';
import type { PublicAppEnv } from './lib/context';
import { createDirectory } from './lib/directory';
import { ApiError, renderError, validationError } from './lib/errors';
import { IdempotencyStore } from './lib/idempotency';
import { LiveEventsHub } from './lib/live-events/live-events-hub';
import { liveEventsPositionHeader } from '../contract/live-events-position';
import { liveEventsPath } from '../contract/live-events';
import { createMailer, type Mailer } from './lib/mail/mailer';
import { RecordsTurns } from './lib/tracking-records';
import { FileLinks } from './lib/uploads/file-links';
import type { FileStorage } from './lib/uploads/file-storage';
import { LocalFileStorage } from './lib/uploads/local-file-storage';
import { s3FileStorageFromEnv } from './lib/uploads/s3-file-storage';
import { UploadExpiry } from './lib/uploads/upload-expiry';
import { stagingOf, uploadFolders } from './lib/uploads/upload-staging';
import { managementHostGate } from './lib/management';
import { pushNotificationsAfterCommit } from './lib/notifications/push-after-commit';
import { PlatformDirectory } from './lib/platform';
import { createPushSender, type PushSender } from './lib/push/push-sender';
import { clientAddress } from './lib/request-host';
import { registerRouteComponents } from './lib/routes';
import { inlineScriptHashes, isHashedAsset, serveWebApp } from './lib/static-app';
import { accountsPublicRouter } from './routes/accounts/accounts.index';
import { authPublicRouter, authRouter } from './routes/auth/auth.index';
import { brandingPublicRouter } from './routes/branding/branding.index';
import { chatRouter } from './routes/chat/chat.index';
import { questionnairesRouter } from './routes/questionnaires/questionnaires.index';
import { questionnaireTrendsRouter } from './routes/questionnaire-trends/questionnaire-trends.index';
import { reportRouter } from './routes/reporting/report.index';
import { summaryRouter } from './routes/reporting/summary.index';
import { groupsRouter } from './routes/groups/groups.index';
import { healthRouter } from './routes/health/health.index';
import { importUploadPaths } from './routes/imports/imports.handlers';
import { importsRouter } from './routes/imports/imports.index';
import { lastTimeRouter } from './routes/last-time/last-time.index';
import { libraryRouter } from './routes/library/library.index';
import { workoutReaderRouter } from './routes/workout-reader/workout-reader.index';
import { workoutReaderUploadPaths } from './routes/workout-reader/workout-reader.handlers';
import { createLiveEventsRouter } from './routes/live-events/live-events.index';
import { createManagementRouter } from './routes/management/management.index';
import { passengersRouter } from './routes/passengers/passengers.index';
import { passwordPublicRouter } from './routes/password/password.index';
import { peopleRouter } from './routes/people/people.index';
import { pitchingRouter } from './routes/pitching/pitching.index';
import { scheduleRouter } from './routes/schedule/schedule.index';
import { logoUploadPath } from './routes/settings/logo.handlers';
import { settingsPublicRouter, settingsRouter } from './routes/settings/settings.index';
import { throwingRouter } from './routes/throwing/throwing.index';
import { trackingRouter } from './routes/tracking/tracking.index';
import { usersRouter } from './routes/users/users.index';
import { notificationsRouter } from './routes/notifications/notifications.index';
import { filesPublicRouter, uploadsRouter } from './routes/uploads/uploads.index';
import { workoutCommentsRouter } from './routes/workout-comments/workout-comments.index';

export const maxBodyBytes = 1024 * 1024;

/** Where Firebase Messaging registers a browser for push (installations, then the FCM token); ADR 014. */
const firebaseMessagingOrigins = [
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
];

export interface AppOptions {
  env: Env;
  db: Database;
  /** Made from env (FIREBASE_SERVICE_ACCOUNT) when not given; the owner of the app closes it on shutdown. */
  push?: PushSender;
  /** Made from env (SMTP_URL, MAIL_FROM) when not given; the owner of the app closes it on shutdown. */
  mailer?: Mailer;
  /** This process's reader of the live-events outbox; the owner starts and closes it (default: one that only polls). */
  liveEvents?: LiveEventsHub;
  /** Where finished attachments go (default: a folder in DATA_DIR; S3 when configured). */
  fileStorage?: FileStorage;
}

/** The API and the web app as one Hono app; the database reaches handlers only through the directory's stores and TenantScope. */
export function createApp({
  env,
  db,
  push = createPushSender(env),
  mailer = createMailer(env),
  liveEvents = new LiveEventsHub(db),
  // S3-compatible storage when S3_BUCKET is set (ADR 064), else a folder of the data directory (ADR 061).
  fileStorage = s3FileStorageFromEnv(env) ?? new LocalFileStorage(uploadFolders(env).files),
}: AppOptions) {
  const directory = createDirectory(db, env.DEFAULT_ORGANIZATION);
  const idempotency = new IdempotencyStore(db, { leaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS });
  const fileLinks = new FileLinks(db);
  // Each process sweeps expired unfinished uploads; the sweep is safe when two run at once (ADR 061).
  new UploadExpiry(db, stagingOf(env)).start();
  const appIcons = new AppIcons(env.STATIC_DIR, async (organizationId) => {
    const logo = await directory.organizationLogos.organizationLogo(organizationId);
    return logo?.data;
  });

  const app = new OpenAPIHono<PublicAppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues, result.target);
    },
  });

  app.use(requestId());
  if (env.LOG_REQUESTS) app.use(logger());
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // WebAssembly only (hash-wasm hashes attachments on the device, ADR 063); JavaScript eval stays refused.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(env.STATIC_DIR)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // A video or voice message still on the device plays from an object URL (ADR 063).
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...firebaseMessagingOrigins, ...env.CONNECT_SOURCES],
      // Exercise videos play in YouTube's and Vimeo's players (contract/video-links.ts).
      frameSrc: [...videoPlayerOrigins],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    // The default same-site policy would stop other configured origins from loading logos.
    crossOriginResourcePolicy: 'same-site',
  });
  // A hashed asset is never a document: the document-only headers (the policy above, framing, opener, referrer)
  // would add some 700 bytes to each of the dozens of scripts a screen loads (issue 10).
  const assetHeaders = secureHeaders({
    crossOriginResourcePolicy: 'same-site',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((c, next) => (isHashedAsset(c.req.path) ? assetHeaders(c, next) : documentHeaders(c, next)));
  const allowedOrigins = new Set(env.CORS_ORIGINS);
  const apiCors = cors({
    origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Device-Time'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['Retry-After', 'Idempotent-Replayed', 'Upload-Offset', liveEventsPositionHeader],
    maxAge: 600,
  });
  app.use('/api/*', apiCors);
  app.use('/passenger', apiCors);
  // Before the handlers and the live position: a request's turn starts when it is admitted.
  // Retry-After 2 s: the client's own first wait before a retry (spec 9).
  // One app is one process: its athletes' records writes queue here, across processes the advisory lock decides.
  const recordsTurns = new RecordsTurns();
  const gate = new AdmissionGate({
    concurrency: env.REQUEST_CONCURRENCY,
    maxWaitMs: env.REQUEST_QUEUE_SECONDS * 1000,
    retryAfterSeconds: 2,
  });
  const notGated = (path: string) =>
    path === '/api/health' || path === liveEventsPath || path === uploadPaths.chunk;
  app.use('/api/*', gate.middleware(notGated));
  app.use('/passenger', gate.middleware(notGated));
  // Taken before the handler reads: every outbox row at or below it was committed before this request (ADR 078).
  const livePosition = createMiddleware(async (c, next) => {
    const position = liveEvents.readPosition;
    await next();
    if (position !== undefined) c.header(liveEventsPositionHeader, String(position));
  });
  app.use('/api/*', livePosition);
  app.use('/passenger', livePosition);
  app.use(compress());
  app.use(
    createMiddleware<PublicAppEnv>(async (c, next) => {
      c.set('env', env);
      c.set('sessions', directory.sessions);
      c.set('signInThrottle', directory.signInThrottle);
      c.set('accounts', directory.accounts);
      c.set('accountTokens', directory.accountTokens);
      c.set('rateLimits', directory.rateLimits);
      c.set('organizations', directory.organizations);
      c.set('organizationLogos', directory.organizationLogos);
      c.set('notificationPreferences', directory.notificationPreferences);
      c.set('idempotency', idempotency);
      c.set('appIcons', appIcons);
      c.set('push', push);
      c.set('mailer', mailer);
      c.set('fileLinks', fileLinks);
      c.set('fileStorage', fileStorage);
      c.set('recordsTurns', recordsTurns);
      c.set('clientAddress', clientAddress(c, env.TRUST_PROXY));
      await next();
    }),
  );
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw new ApiError(413, errorCodes.payloadTooLarge, 'The request body is larger than 1 MiB.');
    },
  });
  // The logo upload has its own limit and message (fields.logo; ADR 023), and so have the CSV imports (5 MB) and the workout reader (2 MB).
  // Chunks of an attachment are streamed to disk under their own limit (ADR 061).
  const ownBodyLimit = new Set([
    logoUploadPath,
    ...importUploadPaths,
    uploadPaths.chunk,
    ...workoutReaderUploadPaths,
  ]);
  app.use(
    '/api/*',
    createMiddleware<PublicAppEnv>((c, next) => (ownBodyLimit.has(c.req.path) ? next() : limitBody(c, next))),
  );
  app.use('/passenger', limitBody);
  // The management host answers only /api/manage/*, and only it does (ADR 024).
  app.use('/api/*', managementHostGate);
  app.use('/passenger', managementHostGate);
  // Notifications written by a request are pushed once its transactions committed (ADR 055).
  app.use('/api/*', pushNotificationsAfterCommit({ db, push }));

  registerRouteComponents(app);
  app
    .route('/', healthRouter)
    .route('/', authPublicRouter)
    .route('/', passwordPublicRouter)
    .route('/', accountsPublicRouter)
    .route('/', settingsPublicRouter)
    .route('/', brandingPublicRouter)
    .route('/', authRouter)
    .route('/', usersRouter)
    .route('/', peopleRouter)
    .route('/', groupsRouter)
    .route('/', settingsRouter)
    .route('/', passengersRouter)
    .route('/', libraryRouter)
    .route('/', workoutReaderRouter)
    .route('/', scheduleRouter)
    .route('/', trackingRouter)
    .route('/', lastTimeRouter)
    .route('/', pitchingRouter)
    .route('/', throwingRouter)
    .route('/', importsRouter)
    .route('/', workoutCommentsRouter)
    .route('/', chatRouter)
    .route('/', questionnairesRouter)
    .route('/', questionnaireTrendsRouter)
    .route('/', reportRouter)
    .route('/', summaryRouter)
    .route('/', createLiveEventsRouter(liveEvents))
    .route('/', notificationsRouter)
    .route('/', filesPublicRouter)
    .route('/', uploadsRouter)
    .route('/', createManagementRouter(new PlatformDirectory(db)));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Connect Platform API',
      version: '0.1.0',
      description:
        'Training and workout management for sports organisations. Errors answer `{error: {code, message, fields?}}`. ' +
        "Call an organisation's routes on its own host; `/api/manage/*` exists only on the platform operator's " +
        'management host, which answers 404 to every other route but `/api/health` and this document.',
      // The project's, not any organisation's (their support email is in the settings).
      contact: { name: 'Connect Platform maintainers' },
      license: { name: 'Proprietary' },
    },
    servers: [{ url: '/', description: 'The host this document was read from' }],
  });
  serveApiDocs(app);

  app.all('/api/*', (c) =>
    c.json(
      { error: { code: errorCodes.notFound, message: `No API route ${c.req.method} ${c.req.path}.` } },
      404,
    ),
  );
  serveWebApp(app, env.STATIC_DIR);

  app.notFound((c) => c.json({ error: { code: errorCodes.notFound, message: 'Not found.' } }, 404));
  app.onError((err, c) => renderError(c, err));
  return app;
}

export type App = ReturnType<typeof createApp>;
