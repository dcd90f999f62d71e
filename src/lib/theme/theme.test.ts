import themeInitScript from '../../../public/theme-init.js?raw';
import { act, renderHook } from '@testing-library/react';
import { applyTheme, readThemeChoice, resolveTheme, themeStorageKey } from './theme';
import { useResolvedTheme, useThemeActions, useThemeChoice } from './theme-store';

/** Runs public/theme-init.js as the browser does before the first paint: a classic script, global scope. */
function runThemeInit() {
  const indirectEval = window.eval;
  indirectEval(themeInitScript);
}

function stubSystemScheme(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query === '(prefers-color-scheme: dark)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

function resetRoot() {
  const root = document.documentElement;
  root.classList.remove('dark');
  delete root.dataset.theme;
  root.style.colorScheme = '';
}

describe('theme (spec 2: kept under "theme" in localStorage)', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; give it one to spy on.
    if (typeof window.matchMedia !== 'function') {
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => null });
    }
    stubSystemScheme(false);
    resetRoot();
  });

  it('stores the key spec 9 names', () => {
    expect(themeStorageKey).toBe('theme');
  });

  it('reads a saved choice, and treats nothing or nonsense as "system"', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(readThemeChoice()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(readThemeChoice()).toBe('system');
  });

  it('resolves "system" with the device preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('applies a theme as the dark class, data-theme and color-scheme', () => {
    applyTheme('dark');
    const root = document.documentElement;
    expect(root).toHaveClass('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(root).not.toHaveClass('dark');
    expect(root.dataset.theme).toBe('light');
  });

  describe('public/theme-init.js, before the first paint', () => {
    it.each([
      ['dark', false, 'dark'],
      ['light', true, 'light'],
      [null, true, 'dark'],
      [null, false, 'light'],
      ['system', true, 'dark'],
    ] as const)('saved %s with a dark system %s gives %s', (saved, systemDark, expected) => {
      if (saved) localStorage.setItem('theme', saved);
      stubSystemScheme(systemDark);
      runThemeInit();
      const root = document.documentElement;
      expect(root.classList.contains('dark')).toBe(expected === 'dark');
      expect(root.dataset.theme).toBe(expected);
      expect(root.style.colorScheme).toBe(expected);
    });

    it('still paints (light) when storage cannot be read', () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('blocked');
      });
      runThemeInit();
      expect(document.documentElement.dataset.theme).toBe('light');
    });
  });

  it('remembers and applies the choice made in the app', () => {
    const { result } = renderHook(() => ({
      choice: useThemeChoice(),
      resolved: useResolvedTheme(),
      actions: useThemeActions(),
    }));
    act(() => result.current.actions.themeChosen('dark'));
    expect(result.current).toMatchObject({ choice: 'dark', resolved: 'dark' });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    act(() => result.current.actions.themeChosen('system'));
    expect(result.current).toMatchObject({ choice: 'system', resolved: 'light' });
    expect(localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
