/**
 * Whether a call failed without an answer from the server: ky's NetworkError or TimeoutError. Told by name, as
 * ky's own guards do too: importing those from 'ky' would bring its whole client into the sign-in screen.
 */
export function isUnreachableError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'NetworkError' || name === 'TimeoutError';
}
