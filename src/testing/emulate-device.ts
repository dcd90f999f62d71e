/**
 * jsdom is a desktop browser without touch, service workers or `matchMedia`. This dresses it up as a given
 * device for the PWA checks (spec 5); `restoreDevice()` (call it in `afterEach`) puts everything back.
 */
export interface EmulatedDevice {
  userAgent?: string;
  /** Adds `ontouchstart` and a touch point, as touch screens report them. */
  touch?: boolean;
  width?: number;
  serviceWorker?: boolean;
  displayMode?: 'browser' | 'standalone' | 'minimal-ui';
  /** Safari's `navigator.standalone`. */
  iosStandalone?: boolean;
}

export const iPhoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const androidUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const desktopUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const restorers: (() => void)[] = [];

function override(target: object, key: string, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  restorers.push(() => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  });
}

/** jsdom defines touch handlers on Window's prototype; a desktop without touch has none at all. */
function hideFromPrototypes(target: object, key: string): void {
  for (let owner: object | null = target; owner; owner = Object.getPrototypeOf(owner) as object | null) {
    const own = Object.getOwnPropertyDescriptor(owner, key);
    if (!own) continue;
    const holder = owner;
    Reflect.deleteProperty(holder, key);
    restorers.push(() => Object.defineProperty(holder, key, own));
  }
}

export function emulateDevice(device: EmulatedDevice): void {
  if (device.userAgent !== undefined) override(navigator, 'userAgent', device.userAgent);
  if (device.touch !== undefined) {
    override(navigator, 'maxTouchPoints', device.touch ? 5 : 0);
    if (device.touch) override(window, 'ontouchstart', null);
    else hideFromPrototypes(window, 'ontouchstart');
  }
  if (device.width !== undefined) override(window, 'innerWidth', device.width);
  if (device.serviceWorker) override(navigator, 'serviceWorker', {});
  if (device.iosStandalone !== undefined) override(navigator, 'standalone', device.iosStandalone);
  if (device.displayMode !== undefined) {
    const mode = device.displayMode;
    override(window, 'matchMedia', (query: string) => ({
      matches: query === `(display-mode: ${mode})`,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
  }
}

/** A phone that would be offered the install guide: mobile, in the browser, with service workers. */
export function emulateInstallablePhone(userAgent = androidUserAgent): void {
  emulateDevice({ userAgent, touch: true, width: 390, serviceWorker: true, displayMode: 'browser' });
}

export function restoreDevice(): void {
  for (const restore of restorers.splice(0).reverse()) restore();
}
