import { tokenStorageKey } from './token-storage-key';

export { tokenStorageKey };
/** Spec 9: a token is kept for at most 30 days. */
export const tokenValidityMs = 30 * 24 * 60 * 60 * 1000;

export interface StoredToken {
  token: string;
  /** ISO 8601 instant. */
  expiresAt: string;
}

// Checked by hand rather than with zod: this runs on every screen, and the sign-in screen carries no zod (ADR 008).
function isStoredToken(value: unknown): value is StoredToken {
  if (typeof value !== 'object' || value === null) return false;
  const { token, expiresAt } = value as Record<string, unknown>;
  return (
    typeof token === 'string' &&
    token.length > 0 &&
    typeof expiresAt === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/.test(expiresAt) &&
    !Number.isNaN(Date.parse(expiresAt))
  );
}

// Storage can throw (disabled cookies, Safari private mode, quota): the app then behaves as signed out.
function storages(): Storage[] {
  const found: Storage[] = [];
  for (const pick of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      found.push(pick());
    } catch {
      // Not available in this browser context.
    }
  }
  return found;
}

function readEntry(storage: Storage): StoredToken | null {
  try {
    const raw = storage.getItem(tokenStorageKey);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredToken(parsed) ? { token: parsed.token, expiresAt: parsed.expiresAt } : null;
  } catch {
    return null;
  }
}

/** Keeps the token in session and local storage (spec 3), until the server's expiry or 30 days, whichever is first. */
export function saveToken(token: string, expiresAt?: string, now: number = Date.now()): StoredToken {
  const limit = now + tokenValidityMs;
  const serverExpiry = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  const expiry = Number.isNaN(serverExpiry) ? limit : Math.min(serverExpiry, limit);
  const entry: StoredToken = { token, expiresAt: new Date(expiry).toISOString() };
  const serialized = JSON.stringify(entry);
  for (const storage of storages()) {
    try {
      storage.setItem(tokenStorageKey, serialized);
    } catch {
      // Quota or privacy mode: the other storage may still hold it.
    }
  }
  return entry;
}

/** The stored token if it is still valid; an expired or unreadable entry is discarded (spec 5). */
export function readToken(now: number = Date.now()): StoredToken | null {
  const available = storages();
  for (const storage of available) {
    const entry = readEntry(storage);
    if (entry === null) continue;
    if (Date.parse(entry.expiresAt) <= now) {
      clearToken();
      return null;
    }
    return entry;
  }
  // Leave no unreadable leftovers behind.
  if (available.some((storage) => safeHas(storage))) clearToken();
  return null;
}

function safeHas(storage: Storage): boolean {
  try {
    return storage.getItem(tokenStorageKey) !== null;
  } catch {
    return false;
  }
}

export function clearToken(): void {
  for (const storage of storages()) {
    try {
      storage.removeItem(tokenStorageKey);
    } catch {
      // Nothing more to do.
    }
  }
}
