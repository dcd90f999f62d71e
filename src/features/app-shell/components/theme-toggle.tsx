import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { useResolvedTheme, useThemeActions } from '@/lib/theme/theme-store';

/** The header's theme switch: one press between light and dark (the choice is kept under 'theme'). */
export function ThemeToggle() {
  const theme = useResolvedTheme();
  const { themeChosen } = useThemeActions();
  const isDark = theme === 'dark';
  return (
    <IconButton
      label="Dark theme"
      aria-pressed={isDark}
      onClick={() => themeChosen(isDark ? 'light' : 'dark')}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
