import '@/testing/dialog-polyfill';
import type { MeResponse } from '@contract';
import { demoOrganization, demoUsers } from '@mocks/data';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { authQueries } from '@/lib/auth/auth-queries';
import {
  desktopUserAgent,
  emulateDevice,
  emulateInstallablePhone,
  restoreDevice,
} from '@/testing/emulate-device';
import { createTestQueryClient, renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { InstallPrompt } from './install-prompt';

const me: MeResponse = {
  user: demoUsers.coach,
  organization: { ...demoOrganization, companyLogo: '/uploads/demo-logo.png' },
};

function renderPrompt() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(authQueries.me().queryKey, me);
  return render(
    <QueryClientProvider client={queryClient}>
      <InstallPrompt />
    </QueryClientProvider>,
  );
}

const sheetName = `Install ${demoOrganization.name}`;

describe('the install prompt (spec 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    restoreDevice();
  });

  it('shows the guide with the organisation’s name and logo 3000 ms after start, not before', () => {
    emulateInstallablePhone();
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('dialog', { name: sheetName })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${demoOrganization.name} logo` })).toHaveAttribute(
      'src',
      '/uploads/demo-logo.png',
    );
  });

  it('does not show on a desktop', () => {
    emulateDevice({ userAgent: desktopUserAgent, touch: false, width: 1280, serviceWorker: true });
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show once the app is installed', () => {
    emulateInstallablePhone();
    emulateDevice({ displayMode: 'standalone' });
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays dismissed after closing: the flag is stored and the next start shows nothing', () => {
    emulateInstallablePhone();
    const { unmount } = renderPrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('pwa-install-guide-dismissed')).toBe('true');

    unmount();
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stores the dismissal when closed by tapping the backdrop', () => {
    emulateInstallablePhone();
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('pwa-install-guide-dismissed')).toBe('true');
  });

  it('stores the dismissal when closed with Escape', () => {
    emulateInstallablePhone();
    renderPrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('pwa-install-guide-dismissed')).toBe('true');
  });

  it('does not fire after the signed-in area is left', () => {
    emulateInstallablePhone();
    const { unmount } = renderPrompt();
    unmount();
    const readStorage = vi.spyOn(Storage.prototype, 'getItem');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    // On this phone the timer's check gets as far as reading the dismissal flag; a cleared timer never checks.
    expect(readStorage).not.toHaveBeenCalledWith('pwa-install-guide-dismissed');
  });
});

describe('the install prompt in the signed-in area', () => {
  afterEach(() => {
    vi.useRealTimers();
    restoreDevice();
  });

  it('appears over the dashboard of a signed-in user on a phone after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    emulateInstallablePhone();
    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: sheetName })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('dialog', { name: sheetName })).toBeInTheDocument();
  });

  it('does not appear on the sign-in screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    emulateInstallablePhone();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: /sign in/i })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
