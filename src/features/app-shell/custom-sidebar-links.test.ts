import type { CustomSidebarItem } from '@contract';
import { sidebarLinkTarget, visibleSidebarItems } from './custom-sidebar-links';

describe('custom sidebar links', () => {
  it.each([
    ['/app/dashboard?guide=nutrition', { kind: 'internal', href: '/app/dashboard?guide=nutrition' }],
    ['https://calendar.demo.test/academy', { kind: 'external', href: 'https://calendar.demo.test/academy' }],
    ['http://intranet.test', { kind: 'external', href: 'http://intranet.test/' }],
    ['//evil.test/path', null],
    ['javascript:alert(1)', null],
    ['mailto:coach@demo.test', null],
    ['not a link', null],
  ])('reads %s as %j', (link, target) => {
    expect(sidebarLinkTarget(link)).toEqual(target);
  });

  it('keeps the items of the role (or of everyone), in the organisation’s order', () => {
    const item = (label: string, order: number, roles: CustomSidebarItem['roles']): CustomSidebarItem => ({
      id: `00000000-0000-4000-8000-00000000000${order}`,
      label,
      link: '/app/dashboard',
      icon: null,
      roles,
      order,
    });
    const items = [
      item('Scouting', 2, ['coach', 'admin']),
      item('Calendar', 0, []),
      item('Admin', 1, ['admin']),
    ];
    expect(visibleSidebarItems(items, 'coach').map(({ label }) => label)).toEqual(['Calendar', 'Scouting']);
    expect(visibleSidebarItems(items, 'athlete').map(({ label }) => label)).toEqual(['Calendar']);
  });
});
