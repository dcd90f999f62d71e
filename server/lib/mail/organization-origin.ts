import type { RequestContext } from '../context';
import { isLoopbackHost, requestHost } from '../request-host';
import type { OrganizationRow } from '../serializers';

/** The origin the request reached us at: scheme, host and port (behind a trusted proxy, the forwarded ones). */
function requestOrigin(c: RequestContext): string {
  const url = new URL(c.req.url);
  if (!c.var.env.TRUST_PROXY) return url.origin;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  return `${proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1)}://${host ?? url.host}`;
}

/**
 * Where links in an organisation's mail point (ADR 018). The request's own origin when its host is one of the
 * organisation's (how the page was reached); else its first host; else PUBLIC_URL. A Host header that belongs
 * to no organisation never makes a link, so a forged one cannot send a reset link to another site.
 */
export async function organizationOrigin(c: RequestContext, organization: OrganizationRow): Promise<string> {
  const { env, organizations } = c.var;
  const host = requestHost(c) || new URL(c.req.url).hostname;
  const hosts = await organizations.organizationHostNames(organization.id);
  const reachedByOwnHost =
    hosts.includes(host) ||
    host === `${organization.slug}.localhost` ||
    (isLoopbackHost(host) && organization.slug === env.DEFAULT_ORGANIZATION);
  if (reachedByOwnHost) return requestOrigin(c);
  const [firstHost] = hosts;
  // From the management host (a first-admin invitation, ADR 024): the organisation's own host on the same
  // deployment, so its scheme and port are the management request's (and `<slug>.localhost` in development).
  if (host === env.MANAGEMENT_HOST.toLowerCase()) {
    const sameDeployment = new URL(requestOrigin(c));
    const ownHost = firstHost ?? (host.endsWith('.localhost') ? `${organization.slug}.localhost` : undefined);
    if (ownHost) {
      sameDeployment.hostname = ownHost;
      return sameDeployment.origin;
    }
  }
  if (firstHost) return `https://${firstHost}`;
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return `http://localhost:${env.PORT}`;
}

/** An organisation's logo as an absolute URL (mail clients cannot resolve a path), or null. */
export function absoluteLogoUrl(organization: OrganizationRow, origin: string): string | null {
  const logo = organization.companyLogo?.trim();
  if (!logo || !URL.canParse(logo, origin)) return null;
  return new URL(logo, origin).toString();
}
