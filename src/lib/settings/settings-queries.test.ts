import { demoSettings, demoUsers } from '@mocks/data';
import { server } from '@mocks/server';
import { http, HttpResponse } from 'msw';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { settingsQueries } from './settings-queries';

describe('the organisation’s settings', () => {
  it('keep what was known when a refetch cannot reach the server (tracking’s units offline), and are null when nothing was', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signInAs(demoUsers.athlete);
    const queryClient = createTestQueryClient();
    const inKilograms = { ...demoSettings, weightUnit: 'kg' as const, plateStep: 1.25 };
    queryClient.setQueryData(settingsQueries.full().queryKey, inKilograms);
    server.use(http.get('*/api/settings', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    expect(await queryClient.fetchQuery({ ...settingsQueries.full(), staleTime: 0 })).toEqual(inKilograms);
    expect(logged).toHaveBeenCalledWith('Error fetching settings:', expect.anything());

    const fresh = createTestQueryClient();
    expect(await fresh.fetchQuery(settingsQueries.full())).toBeNull();
  });
});
