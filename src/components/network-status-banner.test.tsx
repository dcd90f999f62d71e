import { act, render, screen } from '@testing-library/react';
import { appStatusActions } from '@/lib/network/app-status';
import { networkStatusActions, resetNetworkStatus } from '@/lib/network/network-status';
import { NetworkStatusBanner } from './network-status-banner';

beforeEach(resetNetworkStatus);

describe('offline notice (spec 4)', () => {
  it('says the app is offline while it is, and goes when it is back online', () => {
    render(<NetworkStatusBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => networkStatusActions.wentOffline());
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. The app will refresh when the connection is back.',
    );

    act(() => networkStatusActions.wentOnline());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("gives spec 8's message when the app opened with this device's copy after /api/me failed", () => {
    render(<NetworkStatusBanner />);
    act(() => {
      appStatusActions.openedFromDevice('Network error. Please check your connection.');
      networkStatusActions.wentOffline();
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Network error. Please check your connection. Showing what was saved on this device.',
    );
  });
});
