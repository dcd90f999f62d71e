import '@/testing/dialog-polyfill';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emulateDevice, iPhoneUserAgent, restoreDevice } from '@/testing/emulate-device';
import { InstallGuideSheet } from './install-guide-sheet';

afterEach(restoreDevice);

function renderSheet(props: Partial<Parameters<typeof InstallGuideSheet>[0]> = {}) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <InstallGuideSheet
      isVisible
      onClose={onClose}
      orgName="Demo Baseball Academy"
      platform="ios"
      {...props}
    />,
  );
  return { ...view, onClose, user };
}

/** The steps read together, as the spec words them. */
function instructions(): string {
  const steps = within(screen.getByRole('list', { name: 'How to install' })).getAllByRole('listitem');
  return steps.map((step) => step.textContent.trim()).join(' ');
}

describe('the install guide sheet (spec 2)', () => {
  it('shows nothing while not visible', () => {
    renderSheet({ isVisible: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Get the full app experience')).not.toBeInTheDocument();
  });

  it('is a modal dialog titled with the organisation, with the subtitle', () => {
    renderSheet();
    const sheet = screen.getByRole('dialog', { name: 'Install Demo Baseball Academy' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(within(sheet).getByRole('heading', { name: 'Install Demo Baseball Academy' })).toBeInTheDocument();
    expect(within(sheet).getByText('Get the full app experience')).toBeInTheDocument();
  });

  it.each([
    ['ios', "Tap the share button below, then 'Add to Home Screen'."],
    ['android', "Tap the browser menu, then 'Add to Home screen' or 'Install app'."],
    ['other', "Use the browser menu to 'Add to Home Screen' or 'Install'."],
  ] as const)('gives the %s instructions word for word', (platform, text) => {
    renderSheet({ platform });
    expect(instructions()).toBe(text);
  });

  it('gives the instructions for the device it runs on by default', () => {
    emulateDevice({ userAgent: iPhoneUserAgent });
    renderSheet({ platform: undefined });
    expect(instructions()).toBe("Tap the share button below, then 'Add to Home Screen'.");
  });

  it('shows the organisation logo, or the default logo when there is none', () => {
    const { rerender, onClose } = renderSheet({ orgLogo: '/uploads/demo-logo.png' });
    expect(screen.getByRole('img', { name: 'Demo Baseball Academy logo' })).toHaveAttribute(
      'src',
      '/uploads/demo-logo.png',
    );
    rerender(
      <InstallGuideSheet isVisible onClose={onClose} orgName="Demo Baseball Academy" orgLogo={null} />,
    );
    expect(screen.getByRole('img', { name: 'Demo Baseball Academy logo' })).toHaveAttribute(
      'src',
      '/connected-logo.png',
    );
  });

  it('hides the logo when it fails to load', () => {
    renderSheet({ orgLogo: '/uploads/missing.png' });
    fireEvent.error(screen.getByRole('img', { name: 'Demo Baseball Academy logo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Install Demo Baseball Academy' })).toBeInTheDocument();
  });

  it('is dismissed by the close button', async () => {
    const { onClose, user } = renderSheet();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is dismissed by tapping the dimmed backdrop, not by tapping its content', async () => {
    const { onClose, user } = renderSheet();
    await user.click(screen.getByText('Get the full app experience'));
    expect(onClose).not.toHaveBeenCalled();
    // A click on the <dialog> element itself, outside its content, is a click on its backdrop.
    await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the sheet, closes on Escape, and gives focus back', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <>
        <button type="button">Opener</button>
        <InstallGuideSheet isVisible={false} onClose={onClose} orgName="Demo" platform="android" />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    const open = (isVisible: boolean) => (
      <>
        <button type="button">Opener</button>
        <InstallGuideSheet isVisible={isVisible} onClose={onClose} orgName="Demo" platform="android" />
      </>
    );
    rerender(open(true));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(open(false));
    expect(opener).toHaveFocus();
  });
});

describe('the browser’s own install (beforeinstallprompt)', () => {
  function fireBeforeInstallPrompt(outcome: 'accepted' | 'dismissed') {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(() => Promise.resolve()),
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    return event;
  }

  afterEach(() => {
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
  });

  it('offers no Install button when the browser did not offer one', () => {
    renderSheet();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('offers Install, opens the browser’s dialog, and closes when the user accepts', async () => {
    const { onClose, user } = renderSheet({ platform: 'android' });
    const event = fireBeforeInstallPrompt('accepted');
    expect(event.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    // The event can be prompted once only.
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('stays open when the user declines the browser’s dialog', async () => {
    const { onClose, user } = renderSheet({ platform: 'android' });
    fireBeforeInstallPrompt('dismissed');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
