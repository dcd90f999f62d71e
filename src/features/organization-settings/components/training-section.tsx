import type { Settings, WeekStart, WeightUnit } from '@contract';
import { isTimeZone, weekStarts } from '@contract/calendar-dates';
import { weightUnits } from '@contract/training-vocabulary';
import { useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-training';

interface TrainingValues extends Record<string, unknown> {
  weightUnit: WeightUnit;
  timeZone: string;
  weekStartsOn: WeekStart;
}

const unitLabels: Record<WeightUnit, { title: string; example: string }> = {
  lb: { title: 'Pounds (lb)', example: 'Trap-bar deadlift 4 x 5 @ 225 lb' },
  kg: { title: 'Kilograms (kg)', example: 'Trap-bar deadlift 4 x 5 @ 100 kg' },
};
const weekStartLabels: Record<WeekStart, string> = { monday: 'Monday', sunday: 'Sunday' };

/** Every zone this browser knows, with the organisation's own kept even if it does not. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

const readDraft = (stored: unknown): TrainingValues | null => {
  if (typeof stored !== 'object' || stored === null) return null;
  const { weightUnit, timeZone, weekStartsOn } = stored as Record<string, unknown>;
  if (weightUnit !== 'lb' && weightUnit !== 'kg') return null;
  if (typeof timeZone !== 'string' || !isTimeZone(timeZone)) return null;
  if (weekStartsOn !== 'monday' && weekStartsOn !== 'sunday') return null;
  return { weightUnit, timeZone, weekStartsOn };
};

const radioCardClass =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';

/** How the organisation trains: the unit of its loads, and the calendar its schedule is on. */
export function TrainingSection({ settings }: { settings: Settings }) {
  const saved: TrainingValues = {
    weightUnit: settings.weightUnit,
    timeZone: settings.timeZone,
    weekStartsOn: settings.weekStartsOn,
  };
  const { draft, setSavedMessage, saveChanges, errors, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    readDraft,
  );
  const zoneId = useId();
  const change = (values: Partial<TrainingValues>) => {
    draft.setValues({ ...draft.values, ...values });
    setSavedMessage(null);
  };
  return (
    <SettingsSection
      title="Training"
      description="How workouts are written and which calendar the schedule is on."
      onSubmit={() =>
        saveChanges(
          {
            weightUnit: draft.values.weightUnit,
            timeZone: draft.values.timeZone,
            weekStartsOn: draft.values.weekStartsOn,
          },
          {
            valuesOf: (data) => ({
              weightUnit: data.weightUnit,
              timeZone: data.timeZone,
              weekStartsOn: data.weekStartsOn,
            }),
            message: 'Saved. Workouts and the schedule follow these now.',
          },
        )
      }
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
                onChange={() => change({ weightUnit: unit })}
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
    </SettingsSection>
  );
}
