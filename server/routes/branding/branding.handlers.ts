import type { RouteHandler } from '@hono/zod-openapi';
import type { WebAppManifest } from '../../../contract/manifest';
import { themeColorOf } from '../../lib/app-icons';
import type { PublicAppEnv } from '../../lib/context';
import { requestHost } from '../../lib/request-host';
import type * as routes from './branding.routes';

const platformName = 'Connect Platform';
const shortNameLength = 12;

/** Whole words of the name that fit the launcher label, else the slug, else the name cut short. */
export function shortNameOf(name: string, slug: string | undefined): string {
  if (name.length <= shortNameLength) return name;
  let short = '';
  for (const word of name.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > shortNameLength) break;
    short = next;
  }
  if (short) return short;
  if (slug && slug.length <= shortNameLength) return slug;
  return `${name.slice(0, shortNameLength - 1)}…`;
}

export const manifest: RouteHandler<typeof routes.manifest, PublicAppEnv> = async (c) => {
  const organization = await c.var.organizations.organizationForHost(requestHost(c));
  const name = organization?.name ?? platformName;
  // The logo in the icon URLs makes a changed logo a new URL, so browsers do not keep the old icon.
  const version = organization?.companyLogo ? `?v=${encodeURIComponent(organization.companyLogo)}` : '';
  const icon = (file: string, sizes: string, purpose: 'any' | 'maskable') => ({
    src: `/api/branding/icons/${file}${version}`,
    sizes,
    type: 'image/png' as const,
    purpose,
  });
  const body: WebAppManifest = {
    // Stable per organisation: the installed app stays the same app when the start URL changes.
    id: `/?org=${organization?.slug ?? 'platform'}`,
    name,
    short_name: shortNameOf(name, organization?.slug),
    description: `${name}: training, schedules and workout tracking for your team.`,
    start_url: '/app/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: themeColorOf(organization?.primaryColor ?? null),
    background_color: '#f6f7f9',
    icons: [
      icon('192.png', '192x192', 'any'),
      icon('512.png', '512x512', 'any'),
      icon('maskable-192.png', '192x192', 'maskable'),
      icon('maskable-512.png', '512x512', 'maskable'),
    ],
  };
  return c.json(body, 200, {
    'Content-Type': 'application/manifest+json; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
};

export const icon: RouteHandler<typeof routes.icon, PublicAppEnv> = async (c) => {
  const organization = await c.var.organizations.organizationForHost(requestHost(c));
  const png = await c.var.appIcons.icon(
    {
      cacheKey: organization?.id ?? 'platform',
      companyLogo: organization?.companyLogo ?? null,
      primaryColor: organization?.primaryColor ?? null,
    },
    c.req.valid('param').icon,
  );
  return c.body(new Uint8Array(png), 200, {
    'Content-Type': 'image/png',
    // The host's organisation decides the icon, so a shared cache must keep one copy per host.
    'Cache-Control': 'public, max-age=3600',
    Vary: 'Host',
  });
};
