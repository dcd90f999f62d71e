import type { Settings } from '@contract';
import { demoSettings } from '@mocks/data';
import { applyBranding, categoryStyleElementId, categoryStyles } from './apply-branding';
import { getAppliedSettings } from './applied-settings';
import { isManagementHost } from './management-host';
import { cacheSettings, readCachedSettings, settingsStorageKey } from './settings-cache';
import { categoryClassName, categoryPlaceholderColor, workoutCategories } from './workout-categories';

const iconsHtml = `
  <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
  <link rel="icon" type="image/png" href="/connected-logo.png" />
  <link rel="apple-touch-icon" href="/apple-touch-icon.png" />`;

const rootStyle = () => document.documentElement.style;
const iconHrefs = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')].map(
    (link) => link.getAttribute('href'),
  );
const categoryCss = () => document.getElementById(categoryStyleElementId)?.textContent ?? '';

beforeEach(() => {
  document.head.innerHTML = `<title>Connect Platform</title>${iconsHtml}`;
  document.documentElement.removeAttribute('style');
});

describe('branding the page (spec 1, 3)', () => {
  it("makes the organisation's name the page title, and 'Connect Platform' without one", () => {
    applyBranding(demoSettings);
    expect(document.title).toBe('Demo Baseball Academy');
    applyBranding({ ...demoSettings, name: '  ' });
    expect(document.title).toBe('Connect Platform');
    applyBranding(null);
    expect(document.title).toBe('Connect Platform');
  });

  it("makes the company logo the page's icons, and gives index.html's back without one", () => {
    applyBranding(demoSettings);
    expect(iconHrefs()).toEqual(['/org-logos/demo.svg', '/org-logos/demo.svg', '/org-logos/demo.svg']);
    expect(document.querySelector('link[type]')).toBeNull();
    expect(document.querySelector('link[sizes]')).toBeNull();

    applyBranding({ ...demoSettings, companyLogo: null });
    expect(iconHrefs()).toEqual(['/favicon.ico', '/connected-logo.png', '/apple-touch-icon.png']);
    expect(document.querySelector('link[type="image/png"]')).not.toBeNull();
    expect(document.querySelector('link[sizes="16x16 32x32 48x48"]')).not.toBeNull();
  });

  it('sets primary, secondary and accent as hue, saturation and lightness variables', () => {
    applyBranding({
      ...demoSettings,
      primaryColor: '#ff0000',
      secondaryColor: '#0f172a',
      accentColor: '#f59e0b',
    });
    expect(rootStyle().getPropertyValue('--primary-h')).toBe('0');
    expect(rootStyle().getPropertyValue('--primary-s')).toBe('100%');
    expect(rootStyle().getPropertyValue('--primary-l')).toBe('50%');
    expect(rootStyle().getPropertyValue('--secondary-h')).toBe('222');
    expect(rootStyle().getPropertyValue('--accent-l')).toBe('50%');
  });

  it("leaves a theme colour the organisation did not set to the stylesheet's default", () => {
    applyBranding(demoSettings);
    applyBranding({ ...demoSettings, accentColor: null });
    expect(rootStyle().getPropertyValue('--accent-h')).toBe('');
    expect(rootStyle().getPropertyValue('--primary-h')).not.toBe('');
  });

  it('colours every workout category in one style element', () => {
    applyBranding(demoSettings);
    applyBranding(demoSettings);
    expect(document.querySelectorAll(`#${categoryStyleElementId}`)).toHaveLength(1);
    const css = categoryCss();
    expect(css).toContain('--category-warm-up: #f97316;');
    expect(css).toContain('--category-med-ball: #a16207;');
    expect(css).toContain('--category-practice-plan: #64748b;');
    expect(css).toContain('.category-warm-up { background-color: var(--category-warm-up); color: #111827; }');
    expect(css).toContain('.category-throw { background-color: var(--category-throw); color: #111827; }');
    // #6366f1 reaches 4.5:1 with neither text colour: its badge is a shade darker under white.
    expect(css).toContain('.category-lift { background-color: #5e61e5; color: #ffffff; }');
    expect(workoutCategories.map(({ name }) => categoryClassName(name))).toEqual([
      'category-warm-up',
      'category-mobility',
      'category-lift',
      'category-throw',
      'category-command',
      'category-sprint',
      'category-plyo',
      'category-med-ball',
      'category-fielding',
      'category-hitting',
      'category-practice-plan',
    ]);
  });

  it('gives a category without a colour the placeholder', () => {
    expect(categoryPlaceholderColor).toBe('#9ca3af');
    const css = categoryStyles({ ...demoSettings, plyoColor: null });
    expect(css).toContain(`--category-plyo: ${categoryPlaceholderColor};`);
    const defaults = categoryStyles(null);
    for (const { name } of workoutCategories) {
      expect(defaults).toContain(`--${categoryClassName(name)}: ${categoryPlaceholderColor};`);
    }
  });

  it('never writes anything but a hex colour into the stylesheet', () => {
    const tampered = { ...demoSettings, liftColor: 'red; } body { display: none' } as unknown as Settings;
    expect(categoryStyles(tampered)).not.toContain('display');
  });

  it('remembers what it applied, for the error page and error reports', () => {
    applyBranding(demoSettings);
    expect(getAppliedSettings()?.supportEmail).toBe('support@demo.test');
    applyBranding(null);
    expect(getAppliedSettings()).toBeNull();
  });
});

describe('the settings cache (spec 3, 9)', () => {
  it("keeps the settings in local storage under 'settings'", () => {
    cacheSettings(demoSettings);
    expect(JSON.parse(localStorage.getItem('settings') ?? 'null')).toEqual(demoSettings);
    expect(settingsStorageKey).toBe('settings');
    expect(readCachedSettings()).toEqual(demoSettings);
  });

  it('has nothing when nothing was cached', () => {
    expect(readCachedSettings()).toBeNull();
  });

  it('drops an entry that is not a settings record', () => {
    localStorage.setItem('settings', JSON.stringify({ name: 'Old shape' }));
    expect(readCachedSettings()).toBeNull();
    expect(localStorage.getItem('settings')).toBeNull();
    localStorage.setItem('settings', '{not json');
    expect(readCachedSettings()).toBeNull();
  });
});

describe('the management host (spec 4)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is 'manage.localhost' unless configured", () => {
    expect(isManagementHost('manage.localhost')).toBe(true);
    expect(isManagementHost('demo.localhost')).toBe(false);
    expect(isManagementHost('localhost')).toBe(false);
  });

  it('follows VITE_MANAGEMENT_HOST', () => {
    vi.stubEnv('VITE_MANAGEMENT_HOST', 'manage.connect.app');
    expect(isManagementHost('manage.connect.app')).toBe(true);
    expect(isManagementHost('manage.localhost')).toBe(false);
  });
});
