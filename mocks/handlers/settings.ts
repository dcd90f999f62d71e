import { defaultBarWeight, defaultPlateStep } from '@contract/strength';
import type { CustomSidebarItem, Settings } from '@contract';
import {
  createSidebarItemRequestSchema,
  customSidebarItemsResponseSchema,
  detectLogoType,
  errorCodes,
  logoSizeMessage,
  logoTypeMessage,
  maxLogoBytes,
  reorderSidebarItemsRequestSchema,
  settingsResponseSchema,
  sidebarItemRemovedResponseSchema,
  sidebarItemResponseSchema,
  updateSettingsRequestSchema,
  updateSettingsResponseSchema,
  updateSidebarItemRequestSchema,
} from '@contract';
import { demoOrganization, demoSettings, demoSidebarItems } from '../data';
import { apiError, apiRoute, requestUser, unauthorized } from './respond';

const forbidden = (message = 'Only admin may call this') =>
  apiError(403, { code: errorCodes.forbidden, message });

function validationFailed(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return apiError(400, {
    code: errorCodes.validation,
    message: `Invalid request body: check ${Object.keys(fields).join(', ')}.`,
    fields,
  });
}

export interface SettingsMockState {
  settings: Settings;
  sidebarItems: CustomSidebarItem[];
  /** The last logo uploaded, as the server stored it. */
  logo: { bytes: Uint8Array; contentType: string } | null;
}

export const freshSettingsState = (): SettingsMockState => ({
  settings: structuredClone(demoSettings),
  sidebarItems: structuredClone(demoSidebarItems),
  logo: null,
});

const byOrder = (items: CustomSidebarItem[]) =>
  items.toSorted((a, b) => a.order - b.order || a.label.localeCompare(b.label));

/**
 * The settings API over one state that saves change, so what a screen reads after saving is what it saved.
 * Tests that save install a fresh copy: `server.use(...settingsHandlersFor(freshSettingsState()))`.
 */
export function settingsHandlersFor(state: SettingsMockState = freshSettingsState()) {
  return [
    apiRoute(
      { method: 'get', path: '/api/publicSettings', responses: { 200: settingsResponseSchema } },
      ({ reply }) => reply(200, { data: state.settings }),
    ),

    apiRoute(
      { method: 'get', path: '/api/settings', responses: { 200: settingsResponseSchema } },
      ({ request, reply }) => {
        if (!requestUser(request)) return unauthorized();
        return reply(200, { data: state.settings });
      },
    ),

    apiRoute(
      { method: 'put', path: '/api/settings', responses: { 200: updateSettingsResponseSchema } },
      async ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const body = updateSettingsRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const defined = Object.fromEntries(
          Object.entries(body.data).filter(([, value]) => value !== undefined),
        );
        state.settings = { ...state.settings, ...defined };
        // A null plate step goes back to the unit's default (5 lb, 2.5 kg), as the server answers it.
        if (body.data.plateStep === null) {
          state.settings.plateStep = defaultPlateStep[state.settings.weightUnit];
        }
        if (body.data.barWeight === null)
          state.settings.barWeight = defaultBarWeight[state.settings.weightUnit];
        return reply(200, { message: 'Settings saved.', data: state.settings });
      },
    ),

    apiRoute(
      { method: 'put', path: '/api/settings/logo', responses: { 200: updateSettingsResponseSchema } },
      async ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.byteLength > maxLogoBytes) {
          const message = logoSizeMessage(bytes.byteLength);
          return apiError(413, { code: errorCodes.payloadTooLarge, message, fields: { logo: message } });
        }
        const contentType = detectLogoType(bytes);
        if (!contentType) {
          return apiError(400, {
            code: errorCodes.validation,
            message: logoTypeMessage,
            fields: { logo: logoTypeMessage },
          });
        }
        state.logo = { bytes, contentType };
        state.settings = {
          ...state.settings,
          companyLogo: `/api/organizations/${demoOrganization.id}/logo?v=${Date.now()}`,
        };
        return reply(200, { message: 'Logo saved.', data: state.settings });
      },
    ),

    apiRoute(
      { method: 'delete', path: '/api/settings/logo', responses: { 200: updateSettingsResponseSchema } },
      ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        state.logo = null;
        state.settings = { ...state.settings, companyLogo: null };
        return reply(200, { message: 'Logo removed; the default logo shows.', data: state.settings });
      },
    ),

    apiRoute(
      {
        method: 'get',
        path: '/api/customSidebarItems',
        responses: { 200: customSidebarItemsResponseSchema },
      },
      ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        const all = new URL(request.url).searchParams.get('all') === 'true';
        if (all && user.role !== 'admin') return forbidden('Only admins can list every sidebar item.');
        const visible = all
          ? state.sidebarItems
          : state.sidebarItems.filter((item) => item.roles.length === 0 || item.roles.includes(user.role));
        return reply(200, { data: byOrder(visible) });
      },
    ),

    apiRoute(
      { method: 'post', path: '/api/customSidebarItems', responses: { 201: sidebarItemResponseSchema } },
      async ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const body = createSidebarItemRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const item: CustomSidebarItem = {
          id: crypto.randomUUID(),
          ...body.data,
          order: Math.max(-1, ...state.sidebarItems.map((candidate) => candidate.order)) + 1,
        };
        state.sidebarItems = [...state.sidebarItems, item];
        return reply(201, { data: item });
      },
    ),

    apiRoute(
      {
        method: 'put',
        path: '/api/customSidebarItems/order',
        responses: { 200: customSidebarItemsResponseSchema },
      },
      async ({ request, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const body = reorderSidebarItemsRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const { ids } = body.data;
        if (
          ids.length !== state.sidebarItems.length ||
          !state.sidebarItems.every((item) => ids.includes(item.id))
        ) {
          const message = 'List every sidebar item once; the list may have changed meanwhile, so reload it.';
          return apiError(400, { code: errorCodes.validation, message, fields: { ids: message } });
        }
        state.sidebarItems = state.sidebarItems.map((item) => ({ ...item, order: ids.indexOf(item.id) }));
        return reply(200, { data: byOrder(state.sidebarItems) });
      },
    ),

    apiRoute(
      {
        method: 'patch',
        path: '/api/customSidebarItems/{itemId}',
        responses: { 200: sidebarItemResponseSchema },
      },
      async ({ request, params, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const body = updateSidebarItemRequestSchema.safeParse(await request.json().catch(() => null));
        if (!body.success) return validationFailed(body.error.issues);
        const existing = state.sidebarItems.find((item) => item.id === params.itemId);
        if (!existing) {
          return apiError(404, {
            code: errorCodes.notFound,
            message: 'No such sidebar item in your organisation.',
          });
        }
        const defined = Object.fromEntries(
          Object.entries(body.data).filter(([, value]) => value !== undefined),
        );
        const updated = { ...existing, ...defined };
        state.sidebarItems = state.sidebarItems.map((item) => (item.id === existing.id ? updated : item));
        return reply(200, { data: updated });
      },
    ),

    apiRoute(
      {
        method: 'delete',
        path: '/api/customSidebarItems/{itemId}',
        responses: { 200: sidebarItemRemovedResponseSchema },
      },
      ({ request, params, reply }) => {
        const user = requestUser(request);
        if (!user) return unauthorized();
        if (user.role !== 'admin') return forbidden();
        const existing = state.sidebarItems.find((item) => item.id === params.itemId);
        if (!existing) {
          return apiError(404, {
            code: errorCodes.notFound,
            message: 'No such sidebar item in your organisation.',
          });
        }
        state.sidebarItems = state.sidebarItems.filter((item) => item.id !== existing.id);
        return reply(200, { message: `“${existing.label}” is removed from the sidebar.` });
      },
    ),
  ];
}

/** The happy path for every test; a test that saves installs its own fresh copy (see `settingsHandlersFor`). */
export const settingsHandlers = settingsHandlersFor();
