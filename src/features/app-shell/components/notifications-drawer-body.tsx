import type { NotificationItem } from '@contract/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { RightDrawerBodyProps } from '@/components/right-drawer/right-drawer-host';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { AlertCircleIcon, BellIcon, CheckIcon, CloseIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { timeAgo } from '@/lib/format/time-ago';
import { useFormats } from '@/lib/format/use-formats';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useRemoveNotification,
} from '../api/notification-mutations';
import { notificationQueries, notificationsOf, unreadOf } from '../api/notification-queries';
import { useSignedInUserId } from '../api/use-signed-in-user-id';

/** The right-hand drawer's notifications: newest first, unread ones marked, a page at a time. */
export function NotificationsDrawerBody({ closeRightDrawer }: RightDrawerBodyProps) {
  const userId = useSignedInUserId() ?? '';
  const list = useInfiniteQuery({ ...notificationQueries.list(userId), enabled: userId !== '' });
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const remove = useRemoveNotification(userId);
  const router = useRouter();

  if (list.isPending) return <NotificationsLoading />;
  if (list.isError) {
    return (
      <EmptyState
        icon={AlertCircleIcon}
        title="Notifications could not be loaded"
        action={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {requestFailureMessage(list.error)}
      </EmptyState>
    );
  }

  const notifications = notificationsOf(list.data);
  const unread = unreadOf(list.data);
  if (notifications.length === 0) {
    return (
      <EmptyState icon={BellIcon} title="No notifications yet" className="py-16">
        Schedule changes, comments on workouts and approvals will show up here.
      </EmptyState>
    );
  }

  const open = (notification: NotificationItem) => {
    if (!notification.read) markRead.mutate(notification.id);
    closeRightDrawer();
    const { link } = notification;
    if (link === null) return;
    if (link.startsWith('/')) router.history.push(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex min-h-12 items-center justify-between gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-5">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {unread > 0 ? `${unread} unread` : 'All read'}
        </p>
        {unread > 0 ? (
          <Button
            variant="ghost"
            className="-mr-2 min-h-10 px-3"
            isPending={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckIcon className="size-4" />
            Mark all read
          </Button>
        ) : null}
      </div>
      {markAllRead.isError || remove.isError ? (
        <p role="alert" className="mx-4 mt-3 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger sm:mx-5">
          {requestFailureMessage(markAllRead.error ?? remove.error)}
        </p>
      ) : null}
      <ul aria-label="Notifications" className="divide-y divide-border">
        {notifications.map((notification) => (
          <NotificationRow
            key={notification.id}
            notification={notification}
            onOpen={() => open(notification)}
            onRemove={() => remove.mutate(notification.id)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="px-4 py-4 sm:px-5">
          <Button
            variant="secondary"
            className="w-full"
            isPending={list.isFetchingNextPage}
            pendingLabel="Loading…"
            onClick={() => void list.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

interface NotificationRowProps {
  notification: NotificationItem;
  onOpen: () => void;
  onRemove: () => void;
}

function NotificationRow({ notification, onOpen, onRemove }: NotificationRowProps) {
  const formats = useFormats();
  const isUnread = !notification.read;
  return (
    <li className={`group relative flex items-start ${isUnread ? 'bg-primary-soft/40' : ''}`}>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 gap-3 py-4 pr-1 pl-4 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:pl-5"
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${isUnread ? 'bg-primary' : 'bg-transparent'}`}
        />
        <span className="min-w-0">
          <span
            className={`block text-sm text-foreground ${isUnread ? 'font-semibold' : 'font-medium text-foreground/80'}`}
          >
            {notification.title}
            {isUnread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          {notification.body ? (
            <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">
              {notification.body}
            </span>
          ) : null}
          <span className="mt-1 block text-xs text-muted-foreground">
            <time
              dateTime={notification.createdAt}
              title={formats.instant(notification.createdAt, 'dateTime')}
            >
              {timeAgo(notification.createdAt)}
            </time>
          </span>
        </span>
      </button>
      <IconButton
        label={`Remove notification: ${notification.title}`}
        onClick={onRemove}
        className="mt-2 mr-1 size-10 sm:mr-2"
      >
        <CloseIcon className="size-4" />
      </IconButton>
    </li>
  );
}

function NotificationsLoading() {
  return (
    <div role="status" aria-label="Loading notifications">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex gap-3 border-b border-border px-4 py-4 sm:px-5">
          <Skeleton className="mt-1.5 size-2 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
