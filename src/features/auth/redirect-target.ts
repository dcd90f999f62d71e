export const defaultSignedInPath = '/app/dashboard';

/**
 * Where to go after signing in: the `redirect` search parameter when it is a same-origin address under /app
 * (so a crafted link cannot send the user elsewhere), otherwise the dashboard.
 */
export function signedInTarget(
  redirect: string | undefined,
  origin: string = window.location.origin,
): string {
  if (!redirect) return defaultSignedInPath;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return defaultSignedInPath;
  }
  if (url.origin !== origin) return defaultSignedInPath;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return defaultSignedInPath;
  return `${url.pathname}${url.search}${url.hash}`;
}
