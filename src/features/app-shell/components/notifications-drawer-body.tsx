import { EmptyState } from '@/components/ui/empty-state';
import { BellIcon } from '@/components/ui/icons';
import { useNotifications } from '@/stores/notifications-store';
import { useFormats } from '@/lib/format/use-formats';

/** The right-hand drawer's notifications: newest first, or an all-clear when there are none. */
export function NotificationsDrawerBody() {
  const notifications = useNotifications();
  const formats = useFormats();

  if (notifications.length === 0) {
    return (
      <EmptyState icon={BellIcon} title="You're all caught up" className="py-16">
        New messages, schedule changes and approvals will show up here.
      </EmptyState>
    );
  }

  return (
    <ul className="divide-y divide-border">
      {notifications.map((notification) => (
        <li key={notification.id} className="flex gap-3 px-4 py-4 sm:px-5">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-primary'}`}
          />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-foreground">
              {notification.title}
              {notification.read ? null : <span className="sr-only"> (unread)</span>}
            </p>
            {notification.body ? (
              <p className="mt-0.5 text-sm text-muted-foreground">{notification.body}</p>
            ) : null}
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={notification.createdAt}>
                {formats.instant(notification.createdAt, 'dateTime')}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
