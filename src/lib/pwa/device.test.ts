import {
  androidUserAgent,
  desktopUserAgent,
  emulateDevice,
  emulateInstallablePhone,
  iPhoneUserAgent,
  restoreDevice,
} from '@/testing/emulate-device';
import {
  detectInstallPlatform,
  dismissInstallPrompt,
  isAppInstalled,
  isMobileDevice,
  shouldShowInstallPrompt,
  supportsPush,
  supportsServiceWorker,
} from './device';

afterEach(restoreDevice);

describe('isMobileDevice (spec 5)', () => {
  it.each([
    ['android', androidUserAgent],
    ['webos', 'Mozilla/5.0 (webOS/2.2.4; U; en-GB) AppleWebKit/534.6 (KHTML, like Gecko) Pre/1.0'],
    ['iphone', iPhoneUserAgent],
    ['ipad', 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)'],
    ['ipod', 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15'],
    ['blackberry', 'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+'],
    ['iemobile', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0)'],
    ['opera mini', 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en)'],
    ['mobile', 'Mozilla/5.0 (Android; Mobile; rv:68.0) Gecko/68.0 Firefox/68.0'],
    ['mobile (any case)', 'SomeBrowser/1.0 (MOBILE)'],
  ])('is true for a %s user agent, on a wide screen without touch', (_keyword, userAgent) => {
    emulateDevice({ userAgent, touch: false, width: 1280 });
    expect(isMobileDevice()).toBe(true);
  });

  it('is false for a desktop user agent without touch, however narrow', () => {
    emulateDevice({ userAgent: desktopUserAgent, touch: false, width: 400 });
    expect(isMobileDevice()).toBe(false);
  });

  it('is true with touch at 768 px, false at 769 px (desktop user agent)', () => {
    emulateDevice({ userAgent: desktopUserAgent, touch: true, width: 768 });
    expect(isMobileDevice()).toBe(true);
    restoreDevice();
    emulateDevice({ userAgent: desktopUserAgent, touch: true, width: 769 });
    expect(isMobileDevice()).toBe(false);
  });
});

describe('isAppInstalled (spec 5)', () => {
  it('is true in display mode standalone', () => {
    emulateDevice({ displayMode: 'standalone' });
    expect(isAppInstalled()).toBe(true);
  });

  it('is true in display mode minimal-ui', () => {
    emulateDevice({ displayMode: 'minimal-ui' });
    expect(isAppInstalled()).toBe(true);
  });

  it('is true when iOS reports navigator.standalone', () => {
    emulateDevice({ displayMode: 'browser', iosStandalone: true });
    expect(isAppInstalled()).toBe(true);
  });

  it('is false in a browser tab (and without matchMedia at all)', () => {
    emulateDevice({ iosStandalone: false });
    expect(isAppInstalled()).toBe(false);
    emulateDevice({ displayMode: 'browser' });
    expect(isAppInstalled()).toBe(false);
  });
});

describe('browser support', () => {
  it('sees service workers only where navigator has them', () => {
    expect(supportsServiceWorker()).toBe(false);
    emulateDevice({ serviceWorker: true });
    expect(supportsServiceWorker()).toBe(true);
  });
});

describe('supportsPush (spec 5)', () => {
  /** A browser with every piece push needs; each case then takes one away. */
  function emulatePushCapableBrowser() {
    emulateDevice({ serviceWorker: true });
    vi.stubGlobal('Notification', class {});
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('isSecureContext', true);
  }
  afterEach(() => vi.unstubAllGlobals());

  it('is true with a service worker, the Notification API, the push manager and a secure context', () => {
    emulatePushCapableBrowser();
    expect(supportsPush()).toBe(true);
  });

  it('is false without service workers', () => {
    emulatePushCapableBrowser();
    restoreDevice();
    expect('serviceWorker' in navigator).toBe(false);
    expect(supportsPush()).toBe(false);
  });

  it('is false without the Notification API', () => {
    emulatePushCapableBrowser();
    Reflect.deleteProperty(window, 'Notification');
    expect(supportsPush()).toBe(false);
  });

  it('is false without the push manager', () => {
    emulatePushCapableBrowser();
    Reflect.deleteProperty(window, 'PushManager');
    expect(supportsPush()).toBe(false);
  });

  it('is false outside a secure context (plain http)', () => {
    emulatePushCapableBrowser();
    vi.stubGlobal('isSecureContext', false);
    expect(supportsPush()).toBe(false);
  });
});

describe('shouldShowInstallPrompt (spec 4)', () => {
  it('is true on a mobile device, not installed, with service workers, never dismissed', () => {
    emulateInstallablePhone();
    expect(shouldShowInstallPrompt()).toBe(true);
  });

  it('is false on a desktop', () => {
    emulateDevice({ userAgent: desktopUserAgent, touch: false, width: 1280, serviceWorker: true });
    expect(shouldShowInstallPrompt()).toBe(false);
  });

  it('is false once installed', () => {
    emulateInstallablePhone();
    emulateDevice({ displayMode: 'standalone' });
    expect(shouldShowInstallPrompt()).toBe(false);
  });

  it('is false without service workers', () => {
    emulateDevice({ userAgent: androidUserAgent, displayMode: 'browser' });
    expect(shouldShowInstallPrompt()).toBe(false);
  });

  it('is false after dismissal, which stores pwa-install-guide-dismissed = true', () => {
    emulateInstallablePhone();
    dismissInstallPrompt();
    expect(localStorage.getItem('pwa-install-guide-dismissed')).toBe('true');
    expect(shouldShowInstallPrompt()).toBe(false);
  });

  it('only counts the exact value true as dismissed', () => {
    emulateInstallablePhone();
    localStorage.setItem('pwa-install-guide-dismissed', 'false');
    expect(shouldShowInstallPrompt()).toBe(true);
  });
});

describe('detectInstallPlatform', () => {
  it.each([
    [iPhoneUserAgent, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)', 'ios'],
    [androidUserAgent, 'android'],
    [desktopUserAgent, 'other'],
  ])('reads %s as %s', (userAgent, platform) => {
    emulateDevice({ userAgent, touch: false });
    expect(detectInstallPlatform()).toBe(platform);
  });

  it('reads an iPad that presents itself as a Mac (touch points) as iOS', () => {
    emulateDevice({
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      touch: true,
    });
    expect(detectInstallPlatform()).toBe('ios');
  });
});
