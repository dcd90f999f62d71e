/// <reference lib="webworker" />

/**
 * A clicked notification's way into the app (service worker): an open window of the app comes to the front at
 * `url`, or a new one opens there. `url` is already checked to be the app's own (`clickedNotificationLink`).
 */
export async function openAppAt(clients: Clients, origin: string, url: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  // Focus first: the click's permission to raise a window lasts only a moment.
  const focused = await open.focus();
  try {
    await focused.navigate(url);
  } catch {
    // A window this worker does not control cannot be navigated; a new one opens at the link instead.
    await clients.openWindow(url);
  }
}
