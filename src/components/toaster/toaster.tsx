import { useEffect } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { AlertCircleIcon, CheckIcon, CloseIcon } from '@/components/ui/icons';
import { useNewNotification, useNotificationActions } from '@/stores/notifications-store';

/** How long a toast stays before it goes by itself. */
export const toastDurationMs = 5000;
/** A toast with something to do (Undo) stays longer: time to read it and decide. */
export const actionToastDurationMs = 12_000;

/** Spec 3: status 1 is a success (or information), 0 an error. */
const toneClasses = {
  success: { card: 'border-primary/40 bg-primary-soft', icon: 'text-primary-ink' },
  error: { card: 'border-danger/40 bg-surface', icon: 'text-danger' },
} as const;

/**
 * Announces the header's new notification (spec 3, 8): a foreground push, for instance. A toast goes after 5 s
 * or with its close button.
 */
export function Toaster() {
  const notification = useNewNotification();
  const { clearNewNotification } = useNotificationActions();
  const isShown = notification.message !== '';

  useEffect(() => {
    if (!isShown) return;
    // Keyed on the notification itself: a new one arriving restarts the 5 s.
    const timer = window.setTimeout(
      clearNewNotification,
      notification.action ? actionToastDurationMs : toastDurationMs,
    );
    return () => window.clearTimeout(timer);
  }, [notification, isShown, clearNewNotification]);

  const tone = notification.status === 0 ? toneClasses.error : toneClasses.success;
  const ToneIcon = notification.status === 0 ? AlertCircleIcon : CheckIcon;

  return (
    // The live region stays in the page, so what enters it is announced; the toast itself is the status.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center px-4 pt-[max(1rem,env(safe-area-inset-top))] sm:justify-end"
    >
      {isShown ? (
        <div
          role="status"
          aria-atomic="true"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border py-3 pr-1.5 pl-4 text-foreground shadow-lg ${tone.card}`}
        >
          <ToneIcon className={`mt-0.5 size-5 ${tone.icon}`} />
          <div className="min-w-0 flex-1 py-0.5 text-sm">
            {notification.title ? <p className="font-semibold">{notification.title}</p> : null}
            <p className="break-words">{notification.message}</p>
            {notification.action ? (
              <button
                type="button"
                onClick={() => {
                  notification.action?.onAction();
                  clearNewNotification();
                }}
                className="mt-1.5 rounded-md text-sm font-semibold text-primary-ink underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {notification.action.label}
              </button>
            ) : null}
          </div>
          <IconButton label="Dismiss notification" onClick={clearNewNotification} className="-my-2">
            <CloseIcon className="size-4" />
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}
