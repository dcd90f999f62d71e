import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNotificationActions } from '@/stores/notifications-store';
import { actionToastDurationMs, Toaster, toastDurationMs } from './toaster';

function renderToaster() {
  render(<Toaster />);
  const actions = renderHook(() => useNotificationActions()).result.current;
  return {
    announce: (notification: Parameters<typeof actions.setNewNotification>[0]) =>
      act(() => actions.setNewNotification(notification)),
  };
}

describe('the toast', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing until there is something to say', () => {
    renderToaster();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces a new notification with its title and message', () => {
    const { announce } = renderToaster();
    announce({ title: 'Schedule changed', message: 'Practice moves to 6 pm', status: 1 });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Schedule changed');
    expect(toast).toHaveTextContent('Practice moves to 6 pm');
  });

  it('goes after 5 seconds by itself', () => {
    vi.useFakeTimers();
    const { announce } = renderToaster();
    announce({ message: 'New notification received' });
    act(() => {
      vi.advanceTimersByTime(toastDurationMs - 1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('New notification received');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('starts its 5 seconds again when a newer notification replaces it', () => {
    vi.useFakeTimers();
    const { announce } = renderToaster();
    announce({ message: 'First' });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    announce({ message: 'Second' });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Second');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button', async () => {
    const user = userEvent.setup();
    const { announce } = renderToaster();
    announce({ message: 'Practice moves to 6 pm' });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Practice moves to 6 pm')).not.toBeInTheDocument();
  });

  it('offers one action, stays long enough to use it, and goes once it is used', async () => {
    const onAction = vi.fn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { announce } = renderToaster();
    announce({ title: 'Week copied', message: '12 entries copied.', action: { label: 'Undo', onAction } });
    act(() => {
      vi.advanceTimersByTime(toastDurationMs);
    });
    expect(screen.getByRole('status')).toHaveTextContent('12 entries copied.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    announce({ message: 'Again', action: { label: 'Undo', onAction } });
    act(() => {
      vi.advanceTimersByTime(actionToastDurationMs);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
