import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('configuration', () => {
  it('has defaults for a start with nothing set', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      DATA_DIR: '.data',
      DEMO_PASSWORD: 'connect-demo',
      MANAGEMENT_HOST: 'manage.localhost',
      CORS_ORIGINS: [],
    });
  });

  it('stops with a message naming each invalid value', () => {
    expect(() =>
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://db/x', CORS_ORIGINS: 'https://ok.test, nope' }),
    ).toThrow(/PORT:[\s\S]*DATABASE_URL:[\s\S]*CORS_ORIGINS/);
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
