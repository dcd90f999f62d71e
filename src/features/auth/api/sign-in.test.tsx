import type { MeResponse } from '@contract';
import { demoOrganization, demoPassword, demoUsers, tokenFor } from '@mocks/data';
import { screen } from '@testing-library/react';
import { authQueries } from '@/lib/auth/auth-queries';
import { configureOfflineCache, discardOfflineCache } from '@/lib/query-persistence/offline-cache';
import type { MemoryStorage } from '@/testing/offline-cache';
import { installMemoryOfflineCache, storeEarlierVisit } from '@/testing/offline-cache';
import { renderApp } from '@/testing/render-app';

const coachSession: MeResponse = { user: demoUsers.coach, organization: demoOrganization };

let storage: MemoryStorage;

beforeEach(() => {
  storage = installMemoryOfflineCache();
});

afterEach(() => configureOfflineCache({}));

describe('signing in on a device another user used (ADR 016)', () => {
  it("never shows the previous user's kept data, and keeps the new user's instead", async () => {
    await storeEarlierVisit(storage, { token: tokenFor(demoUsers.coach), me: coachSession });
    const { user, queryClient } = renderApp('/login');
    // What an earlier session left in memory (its token expired without a sign-out).
    queryClient.setQueryData(['passengers', 'list', { page: 0, size: 300 }], []);

    await user.type(await screen.findByLabelText('Email'), demoUsers.athlete.email);
    await user.type(screen.getByLabelText('Password'), demoPassword);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Jamie' })).toBeInTheDocument();
    await vi.waitFor(
      () => {
        const kept = storage.stored()?.clientState.queries ?? [];
        const me = kept.find(
          (query) => JSON.stringify(query.queryKey) === JSON.stringify(authQueries.me().queryKey),
        );
        expect((me?.state.data as MeResponse | undefined)?.user.id).toBe(demoUsers.athlete.id);
      },
      { timeout: 3000 },
    );
    expect(storage.items.get('signed-in-cache.v1')).not.toContain(demoUsers.coach.email);
    await discardOfflineCache(queryClient);
  });
});
