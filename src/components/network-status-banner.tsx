import { useAppError, useShowingDeviceCopy } from '@/lib/network/app-status';
import { useIsOnline } from '@/lib/network/network-status';

/**
 * Says the app is offline (spec 4's network status), fixed to the bottom of the window so it covers nothing
 * it would push aside, and above a page's own bottom bar (`useBottomBar`), such as the tracking screen's
 * "Finish workout". It goes away by itself: coming back online refreshes what is on screen.
 */
export function NetworkStatusBanner() {
  const isOnline = useIsOnline();
  const error = useAppError();
  // Spec 8's message when the session check failed and the app opened with what this device saved (ADR 016).
  const showingDeviceCopy = useShowingDeviceCopy();
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-[var(--app-bottom-bar,0px)] z-50 flex justify-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      <p className="pointer-events-auto rounded-full bg-foreground px-4 py-2 text-center text-sm font-medium text-surface shadow-lg">
        {showingDeviceCopy && error
          ? `${error} Showing what was saved on this device.`
          : 'You are offline. The app will refresh when the connection is back.'}
      </p>
    </div>
  );
}
