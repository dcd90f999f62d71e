/**
 * The device checks of spec 5 behind the install guide and push: is this a phone or tablet, is the app
 * already installed, what the browser supports. Each reads the browser at call time, so a test (or a device
 * rotated below the width threshold) gets a fresh answer.
 */

/** Spec 9: the install prompt waits this long after the signed-in area starts. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
/** Spec 9: a touch screen this wide or narrower counts as mobile. */
export const MOBILE_MAX_WIDTH_PX = 768;
/** Spec 9: set to 'true' once the install guide is closed, so it is not offered again. */
export const INSTALL_GUIDE_DISMISSED_KEY = 'pwa-install-guide-dismissed';

const mobileUserAgent = /android|webos|iphone|ipad|ipod|blackberry|iemobile|opera mini|mobile/i;

export type InstallPlatform = 'ios' | 'android' | 'other';

function hasTouchSupport(): boolean {
  return 'ontouchstart' in window || navigator.maxTouchPoints > 0;
}

function matchesMedia(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Spec 5: a mobile user agent, or a touch screen 768 px wide or less. */
export function isMobileDevice(): boolean {
  if (mobileUserAgent.test(navigator.userAgent)) return true;
  return hasTouchSupport() && window.innerWidth <= MOBILE_MAX_WIDTH_PX;
}

/** Spec 5: opened from the home screen (display mode standalone or minimal-ui, or iOS's standalone flag). */
export function isAppInstalled(): boolean {
  if (matchesMedia('(display-mode: standalone)') || matchesMedia('(display-mode: minimal-ui)')) return true;
  // Safari on iOS reports a home-screen start only through this non-standard flag.
  return (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function supportsServiceWorker(): boolean {
  return 'serviceWorker' in navigator;
}

/** Spec 5: push needs a service worker, the Notification API, the push manager and a secure context. */
export function supportsPush(): boolean {
  return (
    supportsServiceWorker() && 'Notification' in window && 'PushManager' in window && window.isSecureContext
  );
}

function readDismissedFlag(): string | null {
  try {
    return localStorage.getItem(INSTALL_GUIDE_DISMISSED_KEY);
  } catch {
    // Storage can be blocked (private modes, policies); the guide is then offered as if never dismissed.
    return null;
  }
}

/** Spec 4: offered only on a mobile device, not installed, with service workers, and not dismissed before. */
export function shouldShowInstallPrompt(): boolean {
  return isMobileDevice() && !isAppInstalled() && supportsServiceWorker() && readDismissedFlag() !== 'true';
}

/** Spec 4: closing the guide keeps it closed from now on. */
export function dismissInstallPrompt(): void {
  try {
    localStorage.setItem(INSTALL_GUIDE_DISMISSED_KEY, 'true');
  } catch {
    // Nothing to keep it in: the guide may show again next time, which is harmless.
  }
}

/** Which instructions the install guide gives: Safari's share sheet, Chrome's menu, or the general advice. */
export function detectInstallPlatform(): InstallPlatform {
  const userAgent = navigator.userAgent;
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS 13+ presents itself as a Mac; only the touch screen gives it away.
  if (/macintosh/i.test(userAgent) && navigator.maxTouchPoints > 1) return 'ios';
  if (/android/i.test(userAgent)) return 'android';
  return 'other';
}
