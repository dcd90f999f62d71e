import { create } from 'zustand';
import type { ResolvedTheme, ThemeChoice } from './theme';
import {
  applyTheme,
  readThemeChoice,
  resolveTheme,
  saveThemeChoice,
  watchOtherTabs,
  watchSystemScheme,
} from './theme';

interface ThemeState {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
  actions: {
    /** The user picked a theme: remember it and apply it at once. */
    themeChosen: (choice: ThemeChoice) => void;
    /** The system scheme or another tab changed: re-read and re-apply without writing. */
    themeSourceChanged: () => void;
  };
}

// Raw store stays private (TkDodo, "Working with Zustand"): components use the hooks below.
const useThemeStore = create<ThemeState>()((set) => {
  const initialChoice = readThemeChoice();
  return {
    choice: initialChoice,
    resolved: resolveTheme(initialChoice),
    actions: {
      themeChosen: (choice) => {
        saveThemeChoice(choice);
        const resolved = resolveTheme(choice);
        applyTheme(resolved);
        set({ choice, resolved });
      },
      themeSourceChanged: () => {
        const choice = readThemeChoice();
        const resolved = resolveTheme(choice);
        applyTheme(resolved);
        set({ choice, resolved });
      },
    },
  };
});

// Follow the system while the choice is "system", and keep tabs in step; for the life of the page.
if (typeof window !== 'undefined') {
  const { themeSourceChanged } = useThemeStore.getState().actions;
  watchSystemScheme(themeSourceChanged);
  watchOtherTabs(themeSourceChanged);
}

export const useThemeChoice = () => useThemeStore((state) => state.choice);
export const useResolvedTheme = () => useThemeStore((state) => state.resolved);
export const useThemeActions = () => useThemeStore((state) => state.actions);
