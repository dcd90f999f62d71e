import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url()
        .refine(
          (origin) => URL.canParse(origin) && new URL(origin).origin === origin,
          'each origin must look like https://host[:port]',
        ),
    ),
  );

/** The fields of a Google service-account key that firebase-admin's cert() needs. */
const serviceAccountKey = z
  .object({
    project_id: z.string({ error: 'is required' }).min(1, 'is required'),
    client_email: z.email({ error: 'must be an email address' }),
    private_key: z.string({ error: 'is required' }).refine(isPrivateKey, 'must be a PEM private key'),
  })
  .transform((key) => ({
    projectId: key.project_id,
    clientEmail: key.client_email,
    privateKey: key.private_key,
  }));

export type FirebaseServiceAccount = z.output<typeof serviceAccountKey>;

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}

/** The service-account JSON itself, or the path of a file holding it. Parse errors never echo the text: it holds a private key. */
const firebaseServiceAccount = z
  .string()
  .transform((value, ctx): unknown => {
    const inline = value.trimStart().startsWith('{');
    let text = value;
    if (!inline) {
      try {
        text = readFileSync(value, 'utf8');
      } catch (error) {
        const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
        ctx.addIssue({
          code: 'custom',
          message: `cannot read the service-account file ${value} (${reason})`,
        });
        return z.NEVER;
      }
    }
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: inline
          ? 'is not valid service-account JSON'
          : `the file ${value} is not valid service-account JSON`,
      });
      return z.NEVER;
    }
  })
  .pipe(serviceAccountKey);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on; unset means every interface (IPv4 and IPv6). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * The database in DATA_DIR when DATABASE_URL is unset (ADR 085): a PostgreSQL server this app starts, or PGlite in
   * the app's own process (one process only; also where the platform has no PostgreSQL binaries).
   */
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: originList.default([]),
  /** Other origins the web app may call (the Sentry ingest of VITE_SENTRY_DSN, for example): added to the CSP. */
  CONNECT_SOURCES: originList.default([]),
  MANAGEMENT_HOST: z.string().min(1).default('manage.localhost'),
  DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('connect-demo'),
  /** Slug of the organisation an unknown host gets. */
  DEFAULT_ORGANIZATION: z.string().min(1).default('demo'),
  /** Seed the demo organisations when the database has none. */
  SEED_DEMO: booleanFlag.default(true),
  /** Trust X-Forwarded-For / X-Forwarded-Host from a reverse proxy in front. */
  TRUST_PROXY: booleanFlag.default(false),
  LOG_REQUESTS: booleanFlag.default(false),
  STATIC_DIR: z.string().min(1).default('dist'),
  /** Seconds a keyed write's claim lasts unrenewed: how soon a replay may apply a write whose server crashed (ADR 004). */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Connections each API process keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** API processes serving PORT together (node:cluster); more than one needs PostgreSQL, not PGlite. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** API requests each process works on at once; more wait their turn in arrival order (ADR 083). */
  REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  /** How long a request may wait for its turn before it is answered 503 with Retry-After (ADR 083). */
  REQUEST_QUEUE_SECONDS: z.coerce.number().min(0.1).max(60).default(5),
  /** Firebase service account (its JSON, or a path to the JSON file): turns push notifications on. */
  FIREBASE_SERVICE_ACCOUNT: firebaseServiceAccount.optional(),
  /** smtp:// or smtps:// (user and password in the URL): mail goes out over SMTP; unset, mails are logged. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of every mail, `Name <address>` or a bare address. */
  MAIL_FROM: z.string().min(3).default('Connect Platform <no-reply@localhost>'),
  /** S3-compatible storage for attachments (ADR 064): on when S3_BUCKET is set; otherwise files stay in DATA_DIR. */
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  /** Unset: AWS (https://s3.{region}.amazonaws.com). MinIO, R2 and the like: their URL. */
  S3_ENDPOINT: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket in the path (endpoint/bucket/key), as MinIO-like servers need, instead of bucket.endpoint. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** An OpenAI-compatible chat-completions API (Ollama, vLLM, llama.cpp's server): with LLM_MODEL, report summaries are on. */
  LLM_BASE_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'must be an http:// or https:// URL')
    .optional(),
  LLM_MODEL: z.string().min(1).optional(),
  /** Sent as `Authorization: Bearer`; local servers need none. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** The longest a summary may take, first byte to last. */
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** A model that sends nothing for this long is given up on, however long the overall limit. */
  LLM_STALL_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
});

/** Settings that need others: say which are missing rather than fail later (on the first upload, at a second process). */
const configuredEnvSchema = envSchema.superRefine((env, ctx) => {
  // A bucket alone cannot be reached.
  if (env.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when S3_BUCKET is set' });
    }
  }
  // A PGlite folder belongs to one process.
  if (env.WORKERS > 1 && !env.DATABASE_URL && env.EMBEDDED_DATABASE === 'pglite') {
    ctx.addIssue({
      code: 'custom',
      path: ['WORKERS'],
      message: 'more than 1 needs PostgreSQL: PGlite (EMBEDDED_DATABASE=pglite) serves one process only',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export class InvalidConfigurationError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configuredEnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new InvalidConfigurationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The one place that reads the process environment. */
export function readEnv(): Env {
  return parseEnv(process.env);
}
