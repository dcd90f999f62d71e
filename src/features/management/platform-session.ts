import { redirect } from '@tanstack/react-router';
import { isManagementHost } from '@/lib/branding/management-host';

/**
 * The platform admin's bearer token, apart from any organisation session (ADR 024): its own key, in this
 * browser's local storage for the management host's origin only. No zod: the route guards read it.
 */
export const platformTokenKey = 'connect.manage.v1';

interface StoredPlatformToken {
  token: string;
  expiresAt: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readPlatformToken(now: number = Date.now()): string | null {
  const store = storage();
  try {
    const raw = store?.getItem(platformTokenKey);
    if (!raw) return null;
    const { token, expiresAt } = JSON.parse(raw) as Partial<StoredPlatformToken>;
    if (typeof token !== 'string' || typeof expiresAt !== 'string' || !(Date.parse(expiresAt) > now)) {
      clearPlatformToken();
      return null;
    }
    return token;
  } catch {
    clearPlatformToken();
    return null;
  }
}

export function savePlatformToken(token: string, expiresAt: string): void {
  try {
    storage()?.setItem(platformTokenKey, JSON.stringify({ token, expiresAt }));
  } catch {
    // Private mode or quota: the admin signs in again next time.
  }
}

export function clearPlatformToken(): void {
  try {
    storage()?.removeItem(platformTokenKey);
  } catch {
    // Nothing more to do.
  }
}

/** The `/manage` screens exist only on the management host; elsewhere the address leads to the app's start. */
export function requireManagementHost(): void {
  if (!isManagementHost()) throw redirect({ to: '/' });
}

/** The signed-in management screens: a stored platform token, else the management sign-in. */
export function requirePlatformToken(returnTo: string): void {
  requireManagementHost();
  if (readPlatformToken() === null) throw redirect({ to: '/manage/login', search: { redirect: returnTo } });
}
