import type { CustomSidebarItem } from '@contract';
import { demoSidebarItems, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { http, HttpResponse } from 'msw';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { sidebarQueries } from './sidebar-queries';

const item = (order: number, label: string): CustomSidebarItem => ({
  ...demoSidebarItems[0]!,
  id: `7c1d2e3f-0000-4000-8000-00000000000${order}`,
  label,
  order,
});

describe('custom sidebar items (spec 7, 8)', () => {
  it("lists the organisation's items for the signed-in user, in their order", async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/customSidebarItems', () =>
        HttpResponse.json({ data: [item(3, 'Video room'), item(1, 'Nutrition Guide'), item(2, 'Travel')] }),
      ),
    );
    const items = await createTestQueryClient().fetchQuery(sidebarQueries.customItems());
    expect(items.map((entry) => entry.label)).toEqual(['Nutrition Guide', 'Travel', 'Video room']);
  });

  it("logs 'Error fetching custom sidebar items:' and gives an empty list when the fetch fails", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs(demoUsers.coach);
    server.use(
      http.get('*/api/customSidebarItems', () => HttpResponse.json({ error: 'nope' }, { status: 404 })),
    );
    const items = await createTestQueryClient().fetchQuery(sidebarQueries.customItems());
    expect(items).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Error fetching custom sidebar items:', expect.anything());
  });

  it('gives an empty list for an answer that is not a list of items', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs(demoUsers.coach);
    server.use(http.get('*/api/customSidebarItems', () => HttpResponse.json({ data: [{ label: 'No id' }] })));
    expect(await createTestQueryClient().fetchQuery(sidebarQueries.customItems())).toEqual([]);
  });
});
