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

describe('a visitor’s settings (the sign-in screen, without the API client)', () => {
  it('are tried again 2 s after a 503, as spec 9 says, and show the organisation', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/publicSettings', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'Busy' } }, { status: 503 })
          : HttpResponse.json({ data: demoSettings });
      }),
    );
    const startedAt = Date.now();
    const settings = await createTestQueryClient().fetchQuery(settingsQueries.public());
    expect(settings?.name).toBe(demoSettings.name);
    expect(calls).toBe(2);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
  });

  it('are not tried again after a 404, and are null (the default branding) with the failure logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('*/api/publicSettings', () => {
        calls += 1;
        return HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'No such organisation' } },
          { status: 404 },
        );
      }),
    );
    expect(await createTestQueryClient().fetchQuery(settingsQueries.public())).toBeNull();
    expect(calls).toBe(1);
    expect(logged).toHaveBeenCalledWith(
      'Error fetching settings:',
      expect.objectContaining({ status: 404, message: 'No such organisation' }),
    );
  });
});
