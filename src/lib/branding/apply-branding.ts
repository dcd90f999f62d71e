import type { Settings } from '@contract';
import { isHexColor } from '@/lib/settings/parse-settings';
import { defaultOrganizationName } from '@/lib/settings/defaults';
import { setAppliedSettings } from './applied-settings';
import { hexToHsl, readableBadge } from './color';
import { categoryClassName, categoryPlaceholderColor, workoutCategories } from './workout-categories';

/** The theme colours of spec 3, each set as `--{name}-h`, `--{name}-s` and `--{name}-l` (src/index.css). */
const themeColors = [
  { name: 'primary', colorKey: 'primaryColor' },
  { name: 'secondary', colorKey: 'secondaryColor' },
  { name: 'accent', colorKey: 'accentColor' },
] as const;

export const categoryStyleElementId = 'org-category-colors';

/** Spec 1: the organisation's name is the page title; 'Connect Platform' without one. */
export function pageTitleFor(settings: Pick<Settings, 'name'> | null): string {
  return settings?.name.trim() || defaultOrganizationName;
}

function applyTitle(settings: Settings | null, doc: Document): void {
  doc.title = pageTitleFor(settings);
}

/**
 * Spec 1: the company logo becomes the page's icons. index.html's own icons are remembered on the element
 * (`data-default-*`), so an organisation without a logo, or the next one, gets them back.
 */
function applyIcons(settings: Settings | null, doc: Document): void {
  const logo = settings?.companyLogo?.trim();
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]');
  for (const link of links) {
    if (link.dataset.defaultHref === undefined) {
      link.dataset.defaultHref = link.getAttribute('href') ?? '';
      link.dataset.defaultType = link.getAttribute('type') ?? '';
      link.dataset.defaultSizes = link.getAttribute('sizes') ?? '';
    }
    if (logo) {
      link.href = logo;
      // The logo's format and size are unknown: stale hints would make the browser skip it.
      link.removeAttribute('type');
      link.removeAttribute('sizes');
    } else {
      link.setAttribute('href', link.dataset.defaultHref);
      restoreAttribute(link, 'type', link.dataset.defaultType);
      restoreAttribute(link, 'sizes', link.dataset.defaultSizes);
    }
  }
}

function restoreAttribute(link: HTMLLinkElement, name: string, value: string | undefined): void {
  if (value) link.setAttribute(name, value);
  else link.removeAttribute(name);
}

/** Spec 3: primary, secondary and accent as HSL variables; a missing colour leaves the stylesheet's default. */
function applyThemeColors(settings: Settings | null, doc: Document): void {
  const { style } = doc.documentElement;
  for (const { name, colorKey } of themeColors) {
    const color = settings?.[colorKey];
    if (isHexColor(color)) {
      const { h, s, l } = hexToHsl(color);
      style.setProperty(`--${name}-h`, String(h));
      style.setProperty(`--${name}-s`, `${s}%`);
      style.setProperty(`--${name}-l`, `${l}%`);
    } else {
      for (const part of ['h', 's', 'l']) style.removeProperty(`--${name}-${part}`);
    }
  }
}

/**
 * The CSS of the workout-category styles (spec 3): a `--category-*` variable per category, and a
 * `.category-*` class with that background (darkened where no text reaches 4.5:1 on it) and a readable text colour. Only hex colours get in, so a
 * tampered cache cannot inject CSS.
 */
export function categoryStyles(settings: Settings | null): string {
  const variables: string[] = [];
  const classes: string[] = [];
  for (const { name, colorKey } of workoutCategories) {
    const configured = settings?.[colorKey];
    const color = isHexColor(configured) ? configured : categoryPlaceholderColor;
    const className = categoryClassName(name);
    variables.push(`  --${className}: ${color};`);
    const badge = readableBadge(color);
    const background = badge.background === color ? `var(--${className})` : badge.background;
    classes.push(`.${className} { background-color: ${background}; color: ${badge.text}; }`);
  }
  return `:root {\n${variables.join('\n')}\n}\n${classes.join('\n')}\n`;
}

function applyCategoryStyles(settings: Settings | null, doc: Document): void {
  let element = doc.getElementById(categoryStyleElementId);
  if (!(element instanceof HTMLStyleElement)) {
    element = doc.createElement('style');
    element.id = categoryStyleElementId;
    doc.head.append(element);
  }
  element.textContent = categoryStyles(settings);
}

/**
 * Brands the page with an organisation's settings (spec 1, 3): title, icons, theme colours and category
 * colours; `null` brings back the platform's defaults.
 */
export function applyBranding(settings: Settings | null, doc: Document = document): void {
  applyTitle(settings, doc);
  applyIcons(settings, doc);
  applyThemeColors(settings, doc);
  applyCategoryStyles(settings, doc);
  setAppliedSettings(settings);
}
