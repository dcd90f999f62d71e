/**
 * The colour theme (spec 2: "Theme switching; the choice is kept in local storage under 'theme'").
 * public/theme-init.js applies the same rules before the first paint; keep the two in step.
 */
export const themeStorageKey = 'theme';

export const themeChoices = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type ResolvedTheme = Exclude<ThemeChoice, 'system'>;

const darkSchemeQuery = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (themeChoices as readonly string[]).includes(value);
}

/** The saved choice; nothing saved (or storage that cannot be read) means "follow the system". */
export function readThemeChoice(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(themeStorageKey);
    return isThemeChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(themeStorageKey, choice);
  } catch {
    // The theme still applies for this visit; it just is not remembered.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkSchemeQuery).matches;
}

export function resolveTheme(choice: ThemeChoice, prefersDark = systemPrefersDark()): ResolvedTheme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** The `dark` class drives Tailwind's dark variant; data-theme and color-scheme tell CSS and the browser. */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

/** Calls `onChange` when the operating system switches between light and dark; returns the unsubscribe. */
export function watchSystemScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(darkSchemeQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Calls `onChange` with the new choice when another tab saves one. */
export function watchOtherTabs(onChange: (choice: ThemeChoice) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) onChange(readThemeChoice());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
