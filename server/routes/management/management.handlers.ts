import type { RouteHandler } from '@hono/zod-openapi';
import { errorCodes } from '../../../contract/errors';
import type { ManagedOrganization, PlatformAdmin } from '../../../contract/management';
import { isUniqueViolation } from '../../lib/database-errors';
import type { RateLimitRule } from '../../lib/directory/rate-limits';
import { ApiError, notFound } from '../../lib/errors';
import { mailAccountLink, sendAfterResponse } from '../../lib/mail/account-mails';
import type { ManagementAppEnv, PlatformAdminAppEnv } from '../../lib/management';
import { verifyPassword } from '../../lib/passwords';
import type { ManagedOrganizationRow, PlatformAdminRow, PlatformDirectory } from '../../lib/platform';
import { enforceRateLimit } from '../../lib/rate-limit';
import type * as routes from './management.routes';

export const managementRateLimits = {
  loginPerAddress: { name: 'manage-login-address', limit: 20, windowMs: 15 * 60 * 1000 },
  loginPerEmail: { name: 'manage-login-email', limit: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

const toAdmin = (admin: PlatformAdminRow): PlatformAdmin => ({
  id: admin.id,
  email: admin.email,
  name: admin.name,
});

function toManagedOrganization(row: ManagedOrganizationRow): ManagedOrganization {
  const { organization } = row;
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    hosts: row.hosts,
    primaryColor: organization.primaryColor,
    secondaryColor: organization.secondaryColor,
    accentColor: organization.accentColor,
    userCount: row.userCount,
    adminState: row.adminState,
    createdAt: organization.createdAt.toISOString(),
  };
}

const conflict = (message: string, fields: Record<string, string>) =>
  new ApiError(409, errorCodes.conflict, message, fields);

/**
 * Refuses hosts that are the management host (400) or that another organisation answers on (409), naming each
 * by its place in the list (`hosts.N`), like the schema's own errors.
 */
async function checkHosts(
  platform: PlatformDirectory,
  managementHost: string,
  hosts: string[],
  exceptOrganizationId?: string,
): Promise<void> {
  const reserved: Record<string, string> = {};
  hosts.forEach((host, index) => {
    if (host === managementHost.toLowerCase()) reserved[`hosts.${index}`] = 'This is the management host';
  });
  if (Object.keys(reserved).length > 0) {
    throw new ApiError(
      400,
      errorCodes.validation,
      'The management host cannot serve an organisation.',
      reserved,
    );
  }
  const taken = await platform.hostsTakenByOthers(hosts, exceptOrganizationId);
  if (taken.size === 0) return;
  const fields: Record<string, string> = {};
  hosts.forEach((host, index) => {
    if (taken.has(host)) fields[`hosts.${index}`] = 'Another organisation already uses this host';
  });
  throw conflict('Another organisation already uses a host in the list.', fields);
}

const invalidCredentials = () =>
  new ApiError(401, errorCodes.invalidCredentials, 'Email or password is incorrect.');

export const login: RouteHandler<typeof routes.login, ManagementAppEnv> = async (c) => {
  const { email, password } = c.req.valid('json');
  const { platform, clientAddress } = c.var;
  await enforceRateLimit(c, managementRateLimits.loginPerAddress, clientAddress);
  await enforceRateLimit(c, managementRateLimits.loginPerEmail, email);
  const admin = await platform.adminByEmail(email);
  const passwordMatches = await verifyPassword(admin?.passwordHash, password);
  if (!admin || !passwordMatches) throw invalidCredentials();
  const session = await platform.startSession(admin);
  return c.json(
    { token: session.token, expiresAt: session.expiresAt.toISOString(), admin: toAdmin(admin) },
    200,
  );
};

export const logout: RouteHandler<typeof routes.logout, PlatformAdminAppEnv> = async (c) => {
  await c.var.platform.revokeSession(c.var.platformViewer.sessionId);
  return c.json({ message: 'Signed out.' }, 200);
};

export const me: RouteHandler<typeof routes.me, PlatformAdminAppEnv> = (c) =>
  c.json({ admin: toAdmin(c.var.platformViewer.admin) }, 200);

export const listOrganizations: RouteHandler<typeof routes.listOrganizations, PlatformAdminAppEnv> = async (
  c,
) => {
  const rows = await c.var.platform.listOrganizations();
  return c.json({ data: rows.map(toManagedOrganization) }, 200);
};

export const createOrganization: RouteHandler<typeof routes.createOrganization, PlatformAdminAppEnv> = async (
  c,
) => {
  const { hosts, slug, ...brand } = c.req.valid('json');
  const { platform, env } = c.var;
  await checkHosts(platform, env.MANAGEMENT_HOST, hosts);
  if (await platform.slugTaken(slug)) {
    throw conflict('Another organisation already uses this slug.', {
      slug: 'Another organisation already uses this slug',
    });
  }
  let created;
  try {
    created = await platform.createOrganization({ slug, ...brand }, hosts);
  } catch (error) {
    // Two operators creating the same slug or host at once: the unique index decides.
    if (isUniqueViolation(error)) {
      throw conflict('The slug or a host was taken a moment ago. Check them and try again.', {});
    }
    throw error;
  }
  const described = await platform.organization(created.id);
  if (!described) throw notFound('No such organisation.');
  return c.json({ data: toManagedOrganization(described) }, 201);
};

export const getOrganization: RouteHandler<typeof routes.getOrganization, PlatformAdminAppEnv> = async (
  c,
) => {
  const described = await c.var.platform.organization(c.req.valid('param').organizationId);
  if (!described) throw notFound('No such organisation.');
  return c.json({ data: toManagedOrganization(described) }, 200);
};

export const updateOrganization: RouteHandler<typeof routes.updateOrganization, PlatformAdminAppEnv> = async (
  c,
) => {
  const { organizationId } = c.req.valid('param');
  const { hosts, ...brand } = c.req.valid('json');
  const { platform, env } = c.var;
  if (!(await platform.organization(organizationId))) throw notFound('No such organisation.');
  if (hosts) await checkHosts(platform, env.MANAGEMENT_HOST, hosts, organizationId);
  try {
    await platform.updateOrganization(organizationId, brand, hosts);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('A host was taken a moment ago. Check the hosts and try again.', {});
    }
    throw error;
  }
  const described = await platform.organization(organizationId);
  if (!described) throw notFound('No such organisation.');
  return c.json({ data: toManagedOrganization(described) }, 200);
};

export const inviteFirstAdmin: RouteHandler<typeof routes.inviteFirstAdmin, PlatformAdminAppEnv> = async (
  c,
) => {
  const { organizationId } = c.req.valid('param');
  const person = c.req.valid('json');
  const email = person.email.toLowerCase();
  const { platform } = c.var;
  const described = await platform.organization(organizationId);
  if (!described) throw notFound('No such organisation.');
  if (await platform.hasActiveAdmin(organizationId)) {
    throw new ApiError(
      409,
      errorCodes.conflict,
      `${described.organization.name} already has an admin who has signed in; they invite everyone else.`,
    );
  }
  const existing = await platform.accountByEmail(email);
  let invited;
  if (!existing) {
    invited = await platform.createInvitedAdmin(organizationId, { ...person, email });
  } else if (
    existing.organizationId === organizationId &&
    existing.role === 'admin' &&
    existing.passwordHash === null
  ) {
    // Invited before and not activated: a new link replaces the old one (the names may have been corrected).
    invited = await platform.renameInvitedAdmin(existing.id, person);
  } else {
    throw conflict('This email address already has an account.', {
      email: 'This email address already has an account',
    });
  }
  const organization = described.organization;
  sendAfterResponse(c, `The first-admin invitation to user ${invited.id}`, () =>
    mailAccountLink(c, invited, organization, 'invitation'),
  );
  const updated = (await platform.organization(organizationId)) ?? described;
  return c.json(
    {
      message: `Invitation sent to ${email}. The link works for 7 days.`,
      email,
      data: toManagedOrganization(updated),
    },
    201,
  );
};
