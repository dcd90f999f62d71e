import type { CustomSidebarItem, Role } from '@contract';

// The items themselves come from `sidebarQueries.customItems()` (src/lib/settings/sidebar-queries.ts).

export type SidebarLinkTarget = { kind: 'internal'; href: string } | { kind: 'external'; href: string };

/**
 * Where an item leads: a path of this app (starting with one `/`), or an http(s) address opened in a new
 * tab. Anything else (`javascript:`, `//host`, garbage) is not a link we render.
 */
export function sidebarLinkTarget(link: string): SidebarLinkTarget | null {
  const trimmed = link.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { kind: 'internal', href: trimmed };
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { kind: 'external', href: url.href }
      : null;
  } catch {
    return null;
  }
}

/** The items this role may see, in the organisation's order (no roles listed means everyone). */
export function visibleSidebarItems(items: readonly CustomSidebarItem[], role: Role): CustomSidebarItem[] {
  return items
    .filter((item) => item.roles.length === 0 || item.roles.includes(role))
    .toSorted((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}
