import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('configuration', () => {
  it('has defaults for a start with nothing set', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: '.data',
      DEMO_PASSWORD: 'connect-demo',
      MANAGEMENT_HOST: 'manage.localhost',
      CORS_ORIGINS: [],
      IDEMPOTENCY_LEASE_SECONDS: 30,
      REQUEST_CONCURRENCY: 16,
      REQUEST_QUEUE_SECONDS: 5,
    });
  });

  it('stops with a message naming each invalid value', () => {
    expect(() =>
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://db/x', CORS_ORIGINS: 'https://ok.test, nope' }),
    ).toThrow(/PORT:[\s\S]*DATABASE_URL:[\s\S]*CORS_ORIGINS/);
    expect(() => parseEnv({ IDEMPOTENCY_LEASE_SECONDS: '0' })).toThrow(/IDEMPOTENCY_LEASE_SECONDS/);
    expect(() => parseEnv({ REQUEST_CONCURRENCY: '0' })).toThrow(/REQUEST_CONCURRENCY/);
    expect(() => parseEnv({ REQUEST_QUEUE_SECONDS: 'soon' })).toThrow(/REQUEST_QUEUE_SECONDS/);
  });

  it('reads lists and flags', () => {
    const env = parseEnv({
      CORS_ORIGINS: 'https://a.test, http://localhost:5173',
      TRUST_PROXY: 'true',
      PORT: '8080',
    });
    expect(env.CORS_ORIGINS).toEqual(['https://a.test', 'http://localhost:5173']);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PORT).toBe(8080);
  });
});

describe('mail settings', () => {
  it('logs mail when SMTP_URL is unset, and sends from a default sender', () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('Connect Platform <no-reply@localhost>');
  });

  it('accepts smtp:// and smtps:// URLs', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(parseEnv({ SMTP_URL: 'smtps://user:secret@mail.example.com' }).SMTP_URL).toContain('smtps://');
  });

  it('stops on any other URL without repeating it, for it may hold a password', () => {
    expect(() => parseEnv({ SMTP_URL: 'https://user:secret@mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ SMTP_URL: 'https://user:secret@mail.example.com' })).not.toThrow(/secret/);
  });
});

describe('language model settings', () => {
  it('are off by default, with a 60 s overall and a 20 s stall timeout', () => {
    expect(parseEnv({})).toMatchObject({ LLM_TIMEOUT_SECONDS: 60, LLM_STALL_SECONDS: 20 });
    expect(parseEnv({}).LLM_BASE_URL).toBeUndefined();
    expect(parseEnv({}).LLM_MODEL).toBeUndefined();
  });

  it('read a base URL, a model, a key and the timeouts', () => {
    expect(
      parseEnv({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
        LLM_MODEL: 'llama3.1:8b',
        LLM_API_KEY: 'sk-local',
        LLM_TIMEOUT_SECONDS: '90',
        LLM_STALL_SECONDS: '1',
      }),
    ).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3.1:8b',
      LLM_API_KEY: 'sk-local',
      LLM_TIMEOUT_SECONDS: 90,
      LLM_STALL_SECONDS: 1,
    });
  });

  it('stop on a base URL that is not http(s) and on a timeout that is not a whole number of seconds', () => {
    expect(() => parseEnv({ LLM_BASE_URL: 'ftp://models.test' })).toThrow(/LLM_BASE_URL/);
    expect(() => parseEnv({ LLM_TIMEOUT_SECONDS: '0' })).toThrow(/LLM_TIMEOUT_SECONDS/);
    expect(() => parseEnv({ LLM_STALL_SECONDS: 'soon' })).toThrow(/LLM_STALL_SECONDS/);
  });
});

describe('WORKERS', () => {
  const databaseUrl = 'postgres://connect@db.test:5432/connect';

  it('is one process by default and reads a whole number up to 64', () => {
    expect(parseEnv({}).WORKERS).toBe(1);
    expect(parseEnv({ WORKERS: '4', DATABASE_URL: databaseUrl }).WORKERS).toBe(4);
    expect(parseEnv({ WORKERS: '64', DATABASE_URL: databaseUrl }).WORKERS).toBe(64);
  });

  it('stops on a value that is not a whole number from 1 to 64', () => {
    for (const value of ['0', '65', '2.5', 'many']) {
      expect(() => parseEnv({ WORKERS: value, DATABASE_URL: databaseUrl })).toThrow(/WORKERS:/);
    }
  });

  it('needs PostgreSQL for more than one process: a PGlite folder belongs to one', () => {
    expect(() => parseEnv({ WORKERS: '2', EMBEDDED_DATABASE: 'pglite' })).toThrow(
      /WORKERS: more than 1 needs PostgreSQL: PGlite \(EMBEDDED_DATABASE=pglite\) serves one process only/,
    );
    expect(parseEnv({ WORKERS: '2' }).WORKERS).toBe(2);
    expect(parseEnv({ WORKERS: '1', EMBEDDED_DATABASE: 'pglite' }).WORKERS).toBe(1);
    expect(() => parseEnv({ EMBEDDED_DATABASE: 'sqlite' })).toThrow(/EMBEDDED_DATABASE:/);
  });
});

describe('FIREBASE_SERVICE_ACCOUNT', () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = {
    type: 'service_account',
    project_id: 'connect-prod',
    private_key_id: 'abc123',
    private_key: privateKey,
    client_email: 'push@connect-prod.iam.gserviceaccount.com',
  };
  const expected = {
    projectId: 'connect-prod',
    clientEmail: 'push@connect-prod.iam.gserviceaccount.com',
    privateKey,
  };
  const folder = mkdtempSync(join(tmpdir(), 'connect-env-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is off when unset or empty', () => {
    expect(parseEnv({}).FIREBASE_SERVICE_ACCOUNT).toBeUndefined();
    expect(parseEnv({ FIREBASE_SERVICE_ACCOUNT: '' }).FIREBASE_SERVICE_ACCOUNT).toBeUndefined();
  });

  it('reads the service-account JSON itself', () => {
    const env = parseEnv({ FIREBASE_SERVICE_ACCOUNT: `  ${JSON.stringify(key)}` });
    expect(env.FIREBASE_SERVICE_ACCOUNT).toEqual(expected);
  });

  it('reads a path to the JSON file', () => {
    const path = join(folder, 'service-account.json');
    writeFileSync(path, JSON.stringify(key, null, 2));
    expect(parseEnv({ FIREBASE_SERVICE_ACCOUNT: path }).FIREBASE_SERVICE_ACCOUNT).toEqual(expected);
  });

  it('names each missing or invalid field', () => {
    const broken = JSON.stringify({
      ...key,
      project_id: undefined,
      client_email: 'nobody',
      private_key: 'secret',
    });
    expect(() => parseEnv({ FIREBASE_SERVICE_ACCOUNT: broken })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT\.project_id: is required[\s\S]*FIREBASE_SERVICE_ACCOUNT\.client_email:[\s\S]*FIREBASE_SERVICE_ACCOUNT\.private_key: must be a PEM private key/,
    );
  });

  it('stops on text that is not JSON without repeating it, for it may hold the key', () => {
    const truncated = JSON.stringify(key).slice(0, 120);
    let message = '';
    try {
      parseEnv({ FIREBASE_SERVICE_ACCOUNT: truncated });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/FIREBASE_SERVICE_ACCOUNT: is not valid service-account JSON/);
    expect(message).not.toContain('BEGIN PRIVATE KEY');
  });

  it('stops on a file that cannot be read or is not JSON', () => {
    const missing = join(folder, 'missing.json');
    expect(() => parseEnv({ FIREBASE_SERVICE_ACCOUNT: missing })).toThrow(
      `FIREBASE_SERVICE_ACCOUNT: cannot read the service-account file ${missing} (ENOENT)`,
    );
    const notJson = join(folder, 'not-json.txt');
    writeFileSync(notJson, 'project_id=connect-prod');
    expect(() => parseEnv({ FIREBASE_SERVICE_ACCOUNT: notJson })).toThrow(
      `FIREBASE_SERVICE_ACCOUNT: the file ${notJson} is not valid service-account JSON`,
    );
  });
});
