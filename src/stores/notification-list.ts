import { prependNewById, removeById } from './newest-first-list';

/** Spec 3: the status a new notification gets when none is given. */
export const defaultNotificationStatus = 1;
/** Spec 3: the title of a notification message whose data has none. */
export const defaultNotificationMessageTitle = 'New Message';

/**
 * One entry of the user's notification list (spec 3 "notifications (each with id)"; the fields are
 * product.md's: title, body, status, link, read). Named so as not to shadow the browser's `Notification`.
 */
export interface AppNotification {
  id: string;
  title: string;
  body: string;
  /** 1 success or information (the default), 0 an error: the same scale as the new-notification status. */
  status: number;
  /** Where opening it leads: an app path or an outside URL; null when it leads nowhere. */
  link: string | null;
  read: boolean;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** New notifications go in front; an id already in the list is skipped (spec 4). Unchanged → same array. */
export function mergeNotifications<T extends AppNotification>(
  existing: T[] | undefined,
  incoming: readonly T[],
): T[] {
  return prependNewById(existing, incoming);
}

export function removeNotificationById<T extends AppNotification>(list: T[] | undefined, id: string): T[] {
  return removeById(list, id);
}

/** A notification message as a push or a live update delivers it: its data has a title and a body. */
export interface NotificationMessage {
  data: { title: string; body: string };
}

export interface NotificationMessagePayload {
  data?: { title?: string | null; body?: string | null } | null;
}

/** Reads a delivered payload; a missing or blank title becomes 'New Message' (spec 3). */
export function toNotificationMessage(payload: NotificationMessagePayload): NotificationMessage {
  const title = payload.data?.title?.trim() ? payload.data.title : defaultNotificationMessageTitle;
  return { data: { title, body: payload.data?.body ?? '' } };
}
