import type { Settings, WeekStart, WeightUnit } from '@contract';
import { isTimeZone, weekStarts } from '@contract/calendar-dates';
import { weightUnits } from '@contract/training-vocabulary';
import { defaultBarWeight, defaultPlateStep } from '@contract/strength';
import { barWeightLimits } from '@contract/organization-settings-rules';
import type { OrganizationLocale } from '@contract/locales';
import { isOrganizationLocale, localeLabels, organizationLocales } from '@contract/locales';
import { useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-training';

interface TrainingValues extends Record<string, unknown> {
  weightUnit: WeightUnit;
  timeZone: string;
  locale: OrganizationLocale;
  weekStartsOn: WeekStart;
  /** As typed: empty goes back to the unit's default. */
  plateStep: string;
  /** As typed: empty goes back to the unit's default bar. */
  barWeight: string;
  /** Whether an athlete's record notifies the athlete's coaches. */
  recordNotifications: boolean;
}

const unitLabels: Record<WeightUnit, { title: string; example: string }> = {
  lb: { title: 'Pounds (lb)', example: 'Trap-bar deadlift 4 x 5 @ 225 lb' },
  kg: { title: 'Kilograms (kg)', example: 'Trap-bar deadlift 4 x 5 @ 100 kg' },
};
const weekStartLabels: Record<WeekStart, string> = { monday: 'Monday', sunday: 'Sunday' };
const plateStepLimits = { min: 0.25, max: 25 } as const;

/** The typed plate step as the API takes it: null (the unit's default) when empty; undefined when invalid. */
function plateStepOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const step = Number(text);
  return Number.isFinite(step) && step >= plateStepLimits.min && step <= plateStepLimits.max
    ? step
    : undefined;
}

/** The typed bar weight as the API takes it: null (the unit's default bar) when empty; undefined when invalid. */
function barWeightOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const weight = Number(text);
  return Number.isFinite(weight) && weight >= barWeightLimits.min && weight <= barWeightLimits.max
    ? weight
    : undefined;
}

/** Every zone this browser knows, with the organisation's own kept even if it does not. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

const readDraft = (stored: unknown): TrainingValues | null => {
  if (typeof stored !== 'object' || stored === null) return null;
  const { weightUnit, timeZone, locale, weekStartsOn, plateStep, barWeight, recordNotifications } =
    stored as Record<string, unknown>;
  if (locale !== undefined && !isOrganizationLocale(locale)) return null;
  if (weightUnit !== 'lb' && weightUnit !== 'kg') return null;
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) return null;
  if (weekStartsOn !== 'monday' && weekStartsOn !== 'sunday') return null;
  if (typeof plateStep !== 'string' || plateStep.length > 10) return null;
  // A draft kept before the bar weight existed keeps the saved bar.
  if (barWeight !== undefined && (typeof barWeight !== 'string' || barWeight.length > 10)) return null;
  if (recordNotifications !== undefined && typeof recordNotifications !== 'boolean') return null;
  return {
    weightUnit,
    timeZone,
    locale: locale ?? 'en-US',
    weekStartsOn,
    plateStep,
    barWeight: barWeight ?? '',
    recordNotifications: recordNotifications ?? false,
  };
};

const radioCardClass =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';

/** How the organisation trains: the unit of its loads, and the calendar its schedule is on. */
export function TrainingSection({ settings }: { settings: Settings }) {
  const saved: TrainingValues = {
    weightUnit: settings.weightUnit,
    timeZone: settings.timeZone,
    locale: settings.locale,
    weekStartsOn: settings.weekStartsOn,
    plateStep: String(settings.plateStep),
    barWeight: String(settings.barWeight),
    recordNotifications: settings.recordNotifications,
  };
  const { draft, setSavedMessage, saveChanges, errors, setErrors, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    readDraft,
  );
  const zoneId = useId();
  const localeId = useId();
  const plateStepId = useId();
  const plateStepHintId = useId();
  const barWeightId = useId();
  const barWeightHintId = useId();
  const change = (values: Partial<TrainingValues>) => {
    draft.setValues({ ...draft.values, ...values });
    setSavedMessage(null);
  };
  const changeUnit = (unit: WeightUnit) =>
    change({
      weightUnit: unit,
      // A step that was the old unit's default becomes the new unit's (5 lb is no step in kilograms).
      ...(draft.values.plateStep === String(defaultPlateStep[draft.values.weightUnit])
        ? { plateStep: String(defaultPlateStep[unit]) }
        : {}),
      // Likewise the bar: a 45 lb bar is no 45 kg bar.
      ...(draft.values.barWeight === String(defaultBarWeight[draft.values.weightUnit])
        ? { barWeight: String(defaultBarWeight[unit]) }
        : {}),
    });
  return (
    <SettingsSection
      title="Training"
      description="How workouts are written and which calendar the schedule is on."
      onSubmit={() => {
        const plateStep = plateStepOf(draft.values.plateStep);
        const barWeight = barWeightOf(draft.values.barWeight);
        if (plateStep === undefined || barWeight === undefined) {
          setErrors({
            ...(plateStep === undefined
              ? { plateStep: `The plate step is between ${plateStepLimits.min} and ${plateStepLimits.max}` }
              : {}),
            ...(barWeight === undefined
              ? { barWeight: `The bar weight is between ${barWeightLimits.min} and ${barWeightLimits.max}` }
              : {}),
          });
          return;
        }
        setErrors({});
        saveChanges(
          {
            weightUnit: draft.values.weightUnit,
            timeZone: draft.values.timeZone,
            ...(draft.values.locale !== saved.locale ? { locale: draft.values.locale } : {}),
            weekStartsOn: draft.values.weekStartsOn,
            // Sent only when changed: an organisation that never set one keeps following its unit's default.
            ...(draft.values.plateStep !== saved.plateStep ? { plateStep } : {}),
            ...(draft.values.barWeight !== saved.barWeight ? { barWeight } : {}),
            ...(draft.values.recordNotifications !== saved.recordNotifications
              ? { recordNotifications: draft.values.recordNotifications }
              : {}),
          },
          {
            valuesOf: (data) => ({
              weightUnit: data.weightUnit,
              timeZone: data.timeZone,
              locale: data.locale,
              weekStartsOn: data.weekStartsOn,
              plateStep: String(data.plateStep),
              barWeight: String(data.barWeight),
              recordNotifications: data.recordNotifications,
            }),
            message: 'Saved. Workouts and the schedule follow these now.',
          },
        );
      }}
      {...sectionProps}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">Unit for loads</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {weightUnits.map((unit) => (
            <label key={unit} className={radioCardClass}>
              <input
                type="radio"
                name="weightUnit"
                value={unit}
                checked={draft.values.weightUnit === unit}
                onChange={() => changeUnit(unit)}
                className="mt-1 size-4 accent-[var(--color-primary)]"
              />
              <span>
                <span className="block text-sm font-semibold text-foreground">{unitLabels[unit].title}</span>
                <span className="block text-sm text-muted-foreground">{unitLabels[unit].example}</span>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          Loads already written keep the unit they were written in, and show it.
        </p>
      </fieldset>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={plateStepId} className="mb-1.5 block text-sm font-medium text-foreground">
            Plate step ({draft.values.weightUnit})
          </label>
          <input
            id={plateStepId}
            type="number"
            inputMode="decimal"
            step="any"
            min={plateStepLimits.min}
            max={plateStepLimits.max}
            value={draft.values.plateStep}
            aria-invalid={errors.plateStep ? true : undefined}
            aria-describedby={plateStepHintId}
            onChange={(event) => change({ plateStep: event.target.value })}
            className={`block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${errors.plateStep ? 'border-danger' : 'border-border'}`}
          />
          <p
            id={plateStepHintId}
            className={`mt-1 text-sm ${errors.plateStep ? 'text-danger' : 'text-muted-foreground'}`}
          >
            {errors.plateStep ??
              `A load from a %1RM is rounded to this (empty: ${defaultPlateStep[draft.values.weightUnit]} ${draft.values.weightUnit}).`}
          </p>
        </div>
        <div>
          <label htmlFor={barWeightId} className="mb-1.5 block text-sm font-medium text-foreground">
            Bar weight ({draft.values.weightUnit})
          </label>
          <input
            id={barWeightId}
            type="number"
            inputMode="decimal"
            step="any"
            min={barWeightLimits.min}
            max={barWeightLimits.max}
            value={draft.values.barWeight}
            aria-invalid={errors.barWeight ? true : undefined}
            aria-describedby={barWeightHintId}
            onChange={(event) => change({ barWeight: event.target.value })}
            className={`block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${errors.barWeight ? 'border-danger' : 'border-border'}`}
          />
          <p
            id={barWeightHintId}
            className={`mt-1 text-sm ${errors.barWeight ? 'text-danger' : 'text-muted-foreground'}`}
          >
            {errors.barWeight ??
              `Plates per side are counted on this bar (empty: ${defaultBarWeight[draft.values.weightUnit]} ${draft.values.weightUnit}).`}
          </p>
        </div>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={zoneId} className="mb-1.5 block text-sm font-medium text-foreground">
            Time zone
          </label>
          <div className="relative">
            <select
              id={zoneId}
              value={draft.values.timeZone}
              aria-invalid={errors.timeZone ? true : undefined}
              onChange={(event) => change({ timeZone: event.target.value })}
              className="block min-h-11 w-full appearance-none rounded-lg border border-border bg-surface pr-9 pl-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            >
              {timeZones(draft.values.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            {errors.timeZone ?? 'The schedule’s “today” is today here.'}
          </p>
        </div>
        <div>
          <label htmlFor={localeId} className="mb-1.5 block text-sm font-medium text-foreground">
            Dates and numbers
          </label>
          <div className="relative">
            <select
              id={localeId}
              value={draft.values.locale}
              aria-invalid={errors.locale ? true : undefined}
              onChange={(event) => {
                const locale = event.target.value;
                if (isOrganizationLocale(locale)) change({ locale });
              }}
              className="block min-h-11 w-full appearance-none rounded-lg border border-border bg-surface pr-9 pl-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            >
              {organizationLocales.map((locale) => (
                <option key={locale} value={locale}>
                  {localeLabels[locale]}
                </option>
              ))}
            </select>
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
          </div>
          <p className={`mt-1 text-sm ${errors.locale ? 'text-danger' : 'text-muted-foreground'}`}>
            {errors.locale ?? 'How dates, loads and counts are written for everyone.'}
          </p>
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-foreground">Weeks start on</legend>
          <div className="grid grid-cols-2 gap-2">
            {weekStarts.map((day) => (
              <label key={day} className={`${radioCardClass} items-center`}>
                <input
                  type="radio"
                  name="weekStartsOn"
                  value={day}
                  checked={draft.values.weekStartsOn === day}
                  onChange={() => change({ weekStartsOn: day })}
                  className="size-4 accent-[var(--color-primary)]"
                />
                <span className="text-sm font-semibold text-foreground">{weekStartLabels[day]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="mt-5 border-t border-border">
        <Switch
          label="Tell coaches about records"
          description="When an athlete sets a record, their coaches get a notification."
          checked={draft.values.recordNotifications}
          onCheckedChange={(recordNotifications) => change({ recordNotifications })}
        />
      </div>
    </SettingsSection>
  );
}
