import type { ColorKey, Settings } from '@contract';
import { colorKeys } from '@contract/color-keys';
import { useId } from 'react';
import { readableTextOn } from '@/lib/branding/color';
import { isHexColor } from '@/lib/settings/parse-settings';
import { brandingFrom } from '@/lib/settings/settings-queries';
import type { ColorValues } from '../settings-form';
import {
  brandColors,
  categoryColors,
  colorValuesOf,
  shownColor,
  sixDigitHex,
  stringDraft,
} from '../settings-form';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-colours';
const hexMessage = 'Use a hex colour such as #1d4ed8';

interface ColorFieldProps {
  colorKey: ColorKey;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A colour as a picker and its hex code side by side; empty means the app's default. */
function ColorField({ colorKey, label, hint, value, error, onChange }: ColorFieldProps) {
  const id = useId();
  const shown = shownColor(colorKey, value);
  const isDefault = value.trim() === '';
  return (
    <div className="py-2">
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()} colour`}
          value={sixDigitHex(shown)}
          onChange={(event) => onChange(event.target.value)}
          className="size-11 shrink-0 cursor-pointer rounded-lg border border-border bg-surface p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm font-medium text-foreground">
            {label}
          </label>
          {hint ? <p className="hidden truncate text-xs text-muted-foreground sm:block">{hint}</p> : null}
        </div>
        <input
          id={id}
          name={colorKey}
          value={value}
          placeholder={`Default ${shown}`}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
          className={`min-h-11 w-24 shrink-0 rounded-lg sm:w-28 border bg-surface px-3 font-mono text-base text-foreground shadow-xs placeholder:font-sans placeholder:text-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
            error ? 'border-danger' : 'border-border'
          }`}
        />
        <button
          type="button"
          onClick={() => onChange('')}
          disabled={isDefault}
          aria-label={`Reset ${label.toLowerCase()} to the default`}
          className="min-h-11 shrink-0 rounded-lg px-2 text-sm font-semibold text-primary-ink hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default disabled:text-muted-foreground disabled:opacity-60 disabled:hover:bg-transparent"
        >
          Reset
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The app's look in the brand colours being edited: an app bar, the current page, buttons and a badge. */
function BrandPreview({ values, settings }: { values: ColorValues; settings: Settings }) {
  const primary = shownColor('primaryColor', values.primaryColor);
  const secondary = shownColor('secondaryColor', values.secondaryColor);
  const accent = shownColor('accentColor', values.accentColor);
  const { organizationName } = brandingFrom(settings);
  return (
    <figure
      aria-label="Preview of the brand colours"
      className="overflow-hidden rounded-xl border border-border bg-canvas"
    >
      <div
        className="flex items-center gap-2 px-3 py-2.5"
        style={{ background: primary, color: readableTextOn(primary) }}
      >
        <span aria-hidden="true" className="size-5 rounded-md bg-current opacity-30" />
        <span className="truncate text-sm font-semibold">{organizationName}</span>
      </div>
      <div className="space-y-3 p-3">
        <div
          className="rounded-lg px-2.5 py-1.5 text-sm font-semibold"
          // The navigation's current page: --color-primary-soft behind --color-primary-ink (src/index.css).
          style={{
            background: `color-mix(in oklab, ${primary} 10%, var(--color-surface))`,
            color: `oklch(from ${primary} min(l, 0.5) c h)`,
          }}
        >
          Schedule
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className="rounded-lg px-3 py-1.5 text-sm font-semibold shadow-xs"
            style={{ background: primary, color: readableTextOn(primary) }}
          >
            Save workout
          </span>
          <span
            className="rounded-lg px-3 py-1.5 text-sm font-semibold"
            style={{ background: secondary, color: readableTextOn(secondary) }}
          >
            Secondary
          </span>
          <span
            className="rounded-full px-2 py-0.5 text-xs font-bold"
            style={{ background: accent, color: readableTextOn(accent) }}
          >
            New PR
          </span>
        </div>
      </div>
      <figcaption className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
        Preview: saved colours apply to everyone at once.
      </figcaption>
    </figure>
  );
}

/**
 * The workout categories as the schedule and library colour them (the category class: the colour behind the
 * more readable of near-black and white), in the colours being edited. Large bold labels: on a mid-tone colour
 * neither text colour reaches 4.5:1, and large text needs 3:1, which one of them always reaches.
 */
function CategoryPreview({ values }: { values: ColorValues }) {
  return (
    <ul aria-label="Workout category preview" className="grid grid-cols-2 gap-2 lg:grid-cols-1">
      {categoryColors.map(({ key, label }) => {
        const background = shownColor(key, values[key]);
        return (
          <li
            key={key}
            className="rounded-lg px-3 py-1.5 text-xl font-bold shadow-xs odd:last:col-span-2 lg:odd:last:col-span-1"
            style={{ background, color: readableTextOn(background) }}
          >
            {label}
          </li>
        );
      })}
    </ul>
  );
}

export function ColorsSection({ settings }: { settings: Settings }) {
  const saved = colorValuesOf(settings, colorKeys);
  const { draft, errors, setErrors, setSavedMessage, saveChanges, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    stringDraft(colorKeys),
  );

  const change = (key: ColorKey, value: string) => {
    draft.setValues({ ...draft.values, [key]: value });
    setSavedMessage(null);
    setErrors((previous) => ({
      ...previous,
      [key]: value === '' || isHexColor(value) ? undefined : previous[key],
    }));
  };

  const submit = () => {
    const found: Partial<Record<ColorKey, string>> = {};
    for (const key of colorKeys) {
      const value = draft.values[key].trim();
      if (value !== '' && !isHexColor(value)) found[key] = hexMessage;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = Object.fromEntries(
      colorKeys.map((key) => [key, draft.values[key].trim() === '' ? null : draft.values[key].trim()]),
    );
    saveChanges(changes, {
      valuesOf: (data) => colorValuesOf(data, colorKeys),
      message: 'Saved. The new colours show now.',
    });
  };

  const fieldProps = (key: ColorKey) => ({
    colorKey: key,
    value: draft.values[key],
    error: errors[key],
    onChange: (value: string) => change(key, value),
  });

  return (
    <SettingsSection
      title="Colours"
      description="Hex colours such as #1d4ed8. Leave one empty (Reset) for the app’s default."
      onSubmit={submit}
      saveLabel="Save colours"
      {...sectionProps}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-foreground">Brand</legend>
          <div className="divide-y divide-border">
            {brandColors.map(({ key, label, hint }) => (
              <ColorField key={key} label={label} hint={hint} {...fieldProps(key)} />
            ))}
          </div>
        </fieldset>
        <BrandPreview values={draft.values} settings={settings} />
      </div>

      <div className="mt-6 grid gap-6 border-t border-border pt-5 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <fieldset className="min-w-0">
          <legend className="text-sm font-semibold text-foreground">Workout categories</legend>
          <p className="text-sm text-muted-foreground">
            Each category’s workouts are coloured this way in the schedule and the library. Without a colour,
            a category is grey.
          </p>
          <div className="mt-1 divide-y divide-border">
            {categoryColors.map(({ key, label }) => (
              <ColorField key={key} label={label} {...fieldProps(key)} />
            ))}
          </div>
        </fieldset>
        <div className="lg:sticky lg:top-20 lg:self-start">
          <p className="mb-2 text-sm font-semibold text-foreground">Preview</p>
          <CategoryPreview values={draft.values} />
        </div>
      </div>
    </SettingsSection>
  );
}
