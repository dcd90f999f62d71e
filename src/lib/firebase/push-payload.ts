/**
 * What a push message turns into, for the page (a toast) and the service worker (a system notification). The
 * server sends data-only messages (ADR 014), so the title, text, link and icon all come from `data`.
 */

/** The `data` of a message as the server sends it: every field optional, every value a string. */
export type PushMessageData = Readonly<Record<string, string | undefined>>;

export interface PushMessage {
  data?: PushMessageData;
  /** Only a message sent with a `notification` block (not ours, but Firebase's console sends them) has this. */
  notification?: { title?: string; body?: string };
}

/** Spec 3: a notification without a title is called this. */
export const defaultNotificationTitle = 'New Message';
/** Spec 8: a foreground message without a body says this. */
export const defaultToastMessage = 'New notification received';
/** Where a notification without a (usable) link opens the app. */
export const defaultNotificationLink = '/app/dashboard';
/**
 * Spec 9: the default icon is the organisation's logo. The server picks the organisation by the page's host,
 * so this same-origin path is always the right one.
 */
export const organizationIconPath = '/api/branding/icons/192.png';

function textOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** A message shown in the page: spec 8's success toast with the body, or the default text. */
export function foregroundToast(message: PushMessage): { title: string; message: string } {
  return {
    title: textOf(message.data?.title) ?? textOf(message.notification?.title) ?? '',
    message: textOf(message.data?.body) ?? textOf(message.notification?.body) ?? defaultToastMessage,
  };
}

/**
 * An absolute URL of this app for a message's link: a path or a URL of the app's own origin. Anything else (another
 * site, `javascript:`, garbage) falls back to the dashboard, so a notification can never send the user away.
 */
export function safeAppLink(link: string | undefined, origin: string): string {
  const fallback = new URL(defaultNotificationLink, origin).href;
  const text = textOf(link);
  if (!text) return fallback;
  try {
    const url = new URL(text, origin);
    return url.origin === origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** What the service worker keeps on a notification it shows, for its click handler. */
export interface NotificationLinkData {
  link: string;
}

/** A message received with no page of ours visible: the system notification the service worker shows. */
export function backgroundNotification(
  message: PushMessage,
  origin: string,
): { title: string; options: Omit<NotificationOptions, 'data'> & { data: NotificationLinkData } } {
  const data = message.data ?? {};
  const body = textOf(data.body) ?? textOf(message.notification?.body);
  return {
    title: textOf(data.title) ?? textOf(message.notification?.title) ?? defaultNotificationTitle,
    options: {
      ...(body === undefined ? {} : { body }),
      icon: textOf(data.icon) ?? new URL(organizationIconPath, origin).href,
      data: { link: safeAppLink(data.link, origin) },
    },
  };
}

/** The link a clicked notification opens: the one stored when it was shown, checked again. */
export function clickedNotificationLink(notificationData: unknown, origin: string): string {
  const link =
    typeof notificationData === 'object' && notificationData !== null
      ? (notificationData as { link?: unknown }).link
      : undefined;
  return safeAppLink(typeof link === 'string' ? link : undefined, origin);
}
