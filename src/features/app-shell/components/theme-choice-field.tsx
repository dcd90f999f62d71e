import type { Icon } from '@/components/ui/icons';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import type { ThemeChoice } from '@/lib/theme/theme';
import { useThemeActions, useThemeChoice } from '@/lib/theme/theme-store';

const options: { value: ThemeChoice; label: string; icon: Icon }[] = [
  { value: 'light', label: 'Light', icon: SunIcon },
  { value: 'dark', label: 'Dark', icon: MoonIcon },
  { value: 'system', label: 'System', icon: MonitorIcon },
];

/** Light, dark, or whatever the device uses: three radio buttons drawn as a segmented control. */
export function ThemeChoiceField() {
  const choice = useThemeChoice();
  const { themeChosen } = useThemeActions();
  return (
    <fieldset>
      <legend className="px-2 pb-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        Theme
      </legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {options.map(({ value, label, icon: OptionIcon }) => (
          <label
            key={value}
            className="relative flex min-h-9 cursor-pointer items-center justify-center gap-1.5 rounded-md text-xs font-medium text-muted-foreground transition-colors has-checked:bg-surface has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="theme-choice"
              value={value}
              checked={choice === value}
              onChange={() => themeChosen(value)}
              className="sr-only"
            />
            <OptionIcon className="size-4" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
