import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { PublicAppEnv, RequestContext } from './context';

/** The page's host name, lower-cased and without port; behind a trusted proxy, the forwarded one. */
export function requestHost(c: RequestContext): string {
  const forwarded = c.var.env.TRUST_PROXY ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
  const raw = (forwarded ?? c.req.header('host') ?? '').trim().toLowerCase();
  return raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.replace(/:\d+$/, '');
}

/** The caller's address; behind a trusted proxy, the first X-Forwarded-For entry. */
export function clientAddress(c: Context<PublicAppEnv>, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  if (forwarded && isIpAddress(forwarded)) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}

function isIpAddress(value: string): boolean {
  return /^[0-9.]+$/.test(value) || /^[0-9a-f:.]+$/i.test(value);
}

const loopbackHosts: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A name of this machine; every loopback name means the same one. */
export const isLoopbackHost = (host: string): boolean => loopbackHosts.has(host);
