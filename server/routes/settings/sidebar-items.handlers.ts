import type { RouteHandler } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import type { CustomSidebarItem } from '../../../contract/organizations';
import { customSidebarItems as sidebarItems } from '../../db/schema';
import type { SignedInAppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/errors';
import type { TenantScope } from '../../lib/tenancy';
import type * as routes from './sidebar-items.routes';

/** Enough for any real navigation; a drawer with more is no longer navigable. */
export const maxSidebarItems = 30;

type SidebarItemRow = typeof sidebarItems.$inferSelect;

const toSidebarItem = ({ id, label, link, icon, roles, order }: SidebarItemRow): CustomSidebarItem => ({
  id,
  label,
  link,
  icon,
  roles,
  order,
});

const allItems = (tenant: TenantScope) =>
  tenant.select(sidebarItems, { orderBy: [asc(sidebarItems.order), asc(sidebarItems.label)] });

export const createSidebarItem: RouteHandler<typeof routes.createSidebarItem, SignedInAppEnv> = async (c) => {
  const { label, link, icon, roles } = c.req.valid('json');
  const { tenant } = c.var;
  const existing = await allItems(tenant);
  if (existing.length >= maxSidebarItems) {
    throw new ApiError(
      409,
      errorCodes.conflict,
      `The sidebar has room for ${maxSidebarItems} items; remove one to add another.`,
    );
  }
  const order = Math.max(-1, ...existing.map((item) => item.order)) + 1;
  const [created] = await tenant.insert(sidebarItems, {
    label,
    link,
    icon,
    roles: [...new Set(roles)],
    order,
  });
  if (!created) throw new Error('The sidebar item was not created');
  return c.json({ data: toSidebarItem(created) }, 201);
};

export const updateSidebarItem: RouteHandler<typeof routes.updateSidebarItem, SignedInAppEnv> = async (c) => {
  const { itemId } = c.req.valid('param');
  const changes = c.req.valid('json');
  const { tenant } = c.var;
  const [updated] =
    Object.keys(changes).length > 0
      ? await tenant.update(sidebarItems, changes, eq(sidebarItems.id, itemId))
      : [await tenant.first(sidebarItems, eq(sidebarItems.id, itemId))];
  if (!updated) throw notFound('No such sidebar item in your organisation.');
  return c.json({ data: toSidebarItem(updated) }, 200);
};

export const deleteSidebarItem: RouteHandler<typeof routes.deleteSidebarItem, SignedInAppEnv> = async (c) => {
  const { itemId } = c.req.valid('param');
  const [deleted] = await c.var.tenant.delete(sidebarItems, eq(sidebarItems.id, itemId));
  if (!deleted) throw notFound('No such sidebar item in your organisation.');
  return c.json({ message: `“${deleted.label}” is removed from the sidebar.` }, 200);
};

export const reorderSidebarItems: RouteHandler<typeof routes.reorderSidebarItems, SignedInAppEnv> = async (
  c,
) => {
  const { ids } = c.req.valid('json');
  const { tenant } = c.var;
  const existing = await allItems(tenant);
  const known = new Set(existing.map((item) => item.id));
  if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
    const message = 'List every sidebar item once; the list may have changed meanwhile, so reload it.';
    throw new ApiError(400, errorCodes.validation, message, { ids: message });
  }
  const current = new Map(existing.map((item) => [item.id, item.order]));
  for (const [order, id] of ids.entries()) {
    if (current.get(id) !== order) await tenant.update(sidebarItems, { order }, eq(sidebarItems.id, id));
  }
  return c.json({ data: (await allItems(tenant)).map(toSidebarItem) }, 200);
};
