import { errorCodes } from '@contract';
import type { ManagedOrganization, PlatformAdmin } from '@contract/management';
import {
  createOrganizationRequestSchema,
  inviteFirstAdminRequestSchema,
  inviteFirstAdminResponseSchema,
  managedOrganizationListSchema,
  managedOrganizationResponseSchema,
  managementLoginRequestSchema,
  managementLoginResponseSchema,
  managementLogoutResponseSchema,
  managementMeResponseSchema,
  updateOrganizationRequestSchema,
} from '@contract/management';
import { demoPassword } from '../data';
import { apiError, apiRoute, validationFailure } from './respond';

export const demoPlatformAdmin: PlatformAdmin = {
  id: '7f3b9c1e-0a4d-4e8b-9c2f-5d6e7f8a9b0c',
  email: 'platform@connect.test',
  name: 'Platform Operator',
};
export const platformToken = 'mock-platform-token-0123456789';

export const demoManagedOrganizations: ManagedOrganization[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Demo Baseball Academy',
    slug: 'demo',
    hosts: ['train.demo.example'],
    primaryColor: '#1d4ed8',
    secondaryColor: '#0f172a',
    accentColor: '#f59e0b',
    userCount: 9,
    adminState: 'active',
    createdAt: '2026-01-05T09:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Rivals Baseball Club',
    slug: 'rivals',
    hosts: [],
    primaryColor: '#b91c1c',
    secondaryColor: '#1f2937',
    accentColor: '#facc15',
    userCount: 3,
    adminState: 'active',
    createdAt: '2026-02-10T09:00:00.000Z',
  },
];

const signedIn = (request: Request) => request.headers.get('Authorization') === `Bearer ${platformToken}`;
const unauthorized = () =>
  apiError(401, { code: errorCodes.unauthorized, message: 'Sign in to the management area to continue.' });
const notFound = () => apiError(404, { code: errorCodes.notFound, message: 'No such organisation.' });

/**
 * The management API over an in-memory list, so a created or changed organisation shows when read again. Tests
 * that change organisations install a fresh copy: `server.use(...managementHandlers())`.
 */
export function managementHandlers(
  organizations: ManagedOrganization[] = structuredClone(demoManagedOrganizations),
) {
  const hostTaken = (hosts: string[], exceptId?: string) =>
    hosts.findIndex((host) => organizations.some((o) => o.id !== exceptId && o.hosts.includes(host)));
  return [
    apiRoute(
      { method: 'post', path: '/api/manage/login', responses: { 200: managementLoginResponseSchema } },
      async ({ request, reply }) => {
        const body = managementLoginRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if (
          body.data.email.toLowerCase() !== demoPlatformAdmin.email ||
          body.data.password !== demoPassword
        ) {
          return apiError(401, {
            code: errorCodes.invalidCredentials,
            message: 'Email or password is incorrect.',
          });
        }
        return reply(200, {
          token: platformToken,
          expiresAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
          admin: demoPlatformAdmin,
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/manage/logout', responses: { 200: managementLogoutResponseSchema } },
      ({ request, reply }) => (signedIn(request) ? reply(200, { message: 'Signed out.' }) : unauthorized()),
    ),
    apiRoute(
      { method: 'get', path: '/api/manage/me', responses: { 200: managementMeResponseSchema } },
      ({ request, reply }) => (signedIn(request) ? reply(200, { admin: demoPlatformAdmin }) : unauthorized()),
    ),
    apiRoute(
      { method: 'get', path: '/api/manage/organizations', responses: { 200: managedOrganizationListSchema } },
      ({ request, reply }) => (signedIn(request) ? reply(200, { data: organizations }) : unauthorized()),
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/manage/organizations',
        responses: { 201: managedOrganizationResponseSchema },
      },
      async ({ request, reply }) => {
        if (!signedIn(request)) return unauthorized();
        const body = createOrganizationRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if (organizations.some((o) => o.slug === body.data.slug)) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: 'Another organisation already uses this slug.',
            fields: { slug: 'Another organisation already uses this slug' },
          });
        }
        const taken = hostTaken(body.data.hosts);
        if (taken >= 0) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: 'Another organisation already uses a host in the list.',
            fields: { [`hosts.${taken}`]: 'Another organisation already uses this host' },
          });
        }
        const created: ManagedOrganization = {
          id: crypto.randomUUID(),
          name: body.data.name,
          slug: body.data.slug,
          hosts: body.data.hosts,
          primaryColor: body.data.primaryColor ?? null,
          secondaryColor: body.data.secondaryColor ?? null,
          accentColor: body.data.accentColor ?? null,
          userCount: 0,
          adminState: 'none',
          createdAt: new Date().toISOString(),
        };
        organizations.push(created);
        return reply(201, { data: created });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/manage/organizations/{organizationId}',
        responses: { 200: managedOrganizationResponseSchema },
      },
      ({ request, params, reply }) => {
        if (!signedIn(request)) return unauthorized();
        const found = organizations.find((o) => o.id === params.organizationId);
        return found ? reply(200, { data: found }) : notFound();
      },
    ),
    apiRoute(
      {
        method: 'patch',
        path: '/api/manage/organizations/{organizationId}',
        responses: { 200: managedOrganizationResponseSchema },
      },
      async ({ request, params, reply }) => {
        if (!signedIn(request)) return unauthorized();
        const found = organizations.find((o) => o.id === params.organizationId);
        if (!found) return notFound();
        const body = updateOrganizationRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const taken = body.data.hosts ? hostTaken(body.data.hosts, found.id) : -1;
        if (taken >= 0) {
          return apiError(409, {
            code: errorCodes.conflict,
            message: 'Another organisation already uses a host in the list.',
            fields: { [`hosts.${taken}`]: 'Another organisation already uses this host' },
          });
        }
        Object.assign(
          found,
          Object.fromEntries(Object.entries(body.data).filter(([, value]) => value !== undefined)),
        );
        return reply(200, { data: found });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/manage/organizations/{organizationId}/first-admin',
        responses: { 201: inviteFirstAdminResponseSchema },
      },
      async ({ request, params, reply }) => {
        if (!signedIn(request)) return unauthorized();
        const found = organizations.find((o) => o.id === params.organizationId);
        if (!found) return notFound();
        if (found.adminState === 'active') {
          return apiError(409, {
            code: errorCodes.conflict,
            message: `${found.name} already has an admin who has signed in; they invite everyone else.`,
          });
        }
        const body = inviteFirstAdminRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const email = body.data.email.toLowerCase();
        if (found.adminState === 'none') found.userCount += 1;
        found.adminState = 'invited';
        return reply(201, {
          message: `Invitation sent to ${email}. The link works for 7 days.`,
          email,
          data: found,
        });
      },
    ),
  ];
}
