import { BellIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { rightDrawerBodyTypes, useRightDrawerActions } from '@/stores/right-drawer-store';
import { useUnreadNotificationCount } from '@/stores/notifications-store';

/** The header's notifications entry: opens the right-hand drawer with the list. */
export function NotificationsButton() {
  const { openRightDrawer } = useRightDrawerActions();
  const unread = useUnreadNotificationCount();
  return (
    <IconButton
      label="Notifications"
      aria-haspopup="dialog"
      aria-describedby={unread > 0 ? 'unread-notification-count' : undefined}
      onClick={() =>
        openRightDrawer({ header: 'Notifications', bodyType: rightDrawerBodyTypes.notifications })
      }
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          id="unread-notification-count"
          className="absolute top-1.5 right-1.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-surface"
        >
          {unread > 99 ? '99+' : unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </IconButton>
  );
}
