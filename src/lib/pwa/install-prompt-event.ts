/**
 * Chrome and Edge fire `beforeinstallprompt` once, early, when the page is installable. It is caught here at
 * module load (import this module early) and kept, so the install guide can later offer the browser's own
 * install dialog. The event can be used once: after `prompt()`, or once the app is installed, it is dropped.
 */

/** Not in TypeScript's DOM library: a Chromium event. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferredPrompt(event: BeforeInstallPromptEvent | null): void {
  deferredPrompt = event;
  for (const listener of listeners) listener();
}

export function getDeferredInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferredPrompt;
}

/** For `useSyncExternalStore`: called whenever the captured event comes or goes. Returns the unsubscribe. */
export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog and forgets the event (it cannot be prompted twice). Resolves true when
 * the user accepted; false when they declined or there was nothing to prompt.
 */
export async function promptInstall(): Promise<boolean> {
  const event = deferredPrompt;
  if (!event) return false;
  setDeferredPrompt(null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this the browser shows its own mini-infobar; the guide offers the install instead.
    event.preventDefault();
    setDeferredPrompt(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setDeferredPrompt(null));
}
