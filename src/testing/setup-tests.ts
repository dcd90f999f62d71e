import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { takeContractBreaches } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { resetRequestActivity } from '@/lib/api/request-activity';
import { applyBranding } from '@/lib/branding/apply-branding';
import { clearAllFormDrafts } from '@/lib/form-drafts/form-draft';
import { resetAppStatus } from '@/lib/network/app-status';
import { resetNetworkStatus } from '@/lib/network/network-status';
import { configureWeekKeeping } from '@/lib/offline-week/keep-week-on-device';
import { resetAllStores } from '@/stores/store-reset';

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// The coming week's requests (ADR 045) would interleave with what each test counts; its own tests turn it on.
configureWeekKeeping({ automatic: false });

afterEach(() => {
  cleanup();
  // After cleanup: resetting stores while components are mounted would update them outside act().
  resetAllStores();
  resetAppStatus();
  resetNetworkStatus();
  resetRequestActivity();
  applyBranding(null);
  clearAllFormDrafts();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  sessionStorage.clear();
  // Last, so the cleanup above runs either way: a fake that answered what the server cannot fails the test.
  const breaches = takeContractBreaches();
  if (breaches.length > 0) throw new Error(breaches.join('\n\n'));
});

afterAll(() => server.close());
