import { useInfiniteQuery } from '@tanstack/react-query';
import { BellIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { rightDrawerBodyTypes, useRightDrawerActions } from '@/stores/right-drawer-store';
import { notificationQueries, unreadOf } from '../api/notification-queries';
import { useSignedInUserId } from '../api/use-signed-in-user-id';

/** The header's notifications entry: the unread count on the bell; opens the right-hand drawer with the list. */
export function NotificationsButton() {
  const { openRightDrawer } = useRightDrawerActions();
  const userId = useSignedInUserId();
  const { data: unread = 0 } = useInfiniteQuery({
    ...notificationQueries.list(userId ?? ''),
    enabled: userId !== undefined,
    select: unreadOf,
  });
  return (
    <IconButton
      label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      aria-haspopup="dialog"
      onClick={() =>
        openRightDrawer({ header: 'Notifications', bodyType: rightDrawerBodyTypes.notifications })
      }
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-surface"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </IconButton>
  );
}
