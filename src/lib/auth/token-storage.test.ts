import { clearToken, readToken, saveToken, tokenStorageKey, tokenValidityMs } from './token-storage';

const now = Date.parse('2026-01-15T12:00:00.000Z');
const day = 24 * 60 * 60 * 1000;

describe('token storage', () => {
  it('keeps the token in both session and local storage under a versioned key', () => {
    saveToken('abc', new Date(now + day).toISOString(), now);
    expect(tokenStorageKey).toMatch(/\.v\d+$/);
    for (const storage of [sessionStorage, localStorage]) {
      expect(JSON.parse(storage.getItem(tokenStorageKey) ?? 'null')).toEqual({
        token: 'abc',
        expiresAt: new Date(now + day).toISOString(),
      });
    }
    expect(readToken(now)).toEqual({ token: 'abc', expiresAt: new Date(now + day).toISOString() });
  });

  it('keeps a token for 30 days at most, whatever the server says', () => {
    expect(tokenValidityMs).toBe(30 * day);
    saveToken('abc', new Date(now + 90 * day).toISOString(), now);
    expect(readToken(now)?.expiresAt).toBe(new Date(now + 30 * day).toISOString());
  });

  it('uses 30 days when no expiry is given', () => {
    saveToken('abc', undefined, now);
    expect(readToken(now)?.expiresAt).toBe(new Date(now + 30 * day).toISOString());
  });

  it('discards an expired token from both storages', () => {
    saveToken('abc', new Date(now + day).toISOString(), now);
    expect(readToken(now + day - 1)?.token).toBe('abc');
    expect(readToken(now + day)).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('finds the token in local storage when the session storage is new (another tab, a restart)', () => {
    saveToken('abc', new Date(now + day).toISOString(), now);
    sessionStorage.clear();
    expect(readToken(now)?.token).toBe('abc');
  });

  it('discards an entry it cannot read', () => {
    localStorage.setItem(tokenStorageKey, '{"token": 42}');
    sessionStorage.setItem(tokenStorageKey, 'not json');
    expect(readToken(now)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(sessionStorage.getItem(tokenStorageKey)).toBeNull();
  });

  it('forgets the token on clear', () => {
    saveToken('abc', undefined, now);
    clearToken();
    expect(readToken(now)).toBeNull();
  });

  it('acts signed out when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readToken(now)).toBeNull();
  });
});
