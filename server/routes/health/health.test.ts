import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';

describe('GET /api/health', () => {
  it('answers without touching the database', async () => {
    const unreachable = new Proxy({} as Database, {
      get() {
        throw new Error('the database was touched');
      },
    });
    const app = createApp({ env: parseEnv({ NODE_ENV: 'test' }), db: unreachable });
    const response = await app.request('http://localhost/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
