import type { Settings, WeightUnit } from '@contract';
import { weightUnits } from '@contract/training-vocabulary';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-training';

const unitLabels: Record<WeightUnit, { title: string; example: string }> = {
  lb: { title: 'Pounds (lb)', example: 'Trap-bar deadlift 4 x 5 @ 225 lb' },
  kg: { title: 'Kilograms (kg)', example: 'Trap-bar deadlift 4 x 5 @ 100 kg' },
};

const readDraft = (stored: unknown): { weightUnit: WeightUnit } | null => {
  const unit =
    typeof stored === 'object' && stored !== null ? (stored as { weightUnit?: unknown }).weightUnit : null;
  return unit === 'lb' || unit === 'kg' ? { weightUnit: unit } : null;
};

/** How the organisation trains: the unit its loads are prescribed and shown in. */
export function TrainingSection({ settings }: { settings: Settings }) {
  const saved = { weightUnit: settings.weightUnit };
  const { draft, setSavedMessage, saveChanges, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    readDraft,
  );
  return (
    <SettingsSection
      title="Training"
      description="How workouts are written for your athletes."
      onSubmit={() =>
        saveChanges(
          { weightUnit: draft.values.weightUnit },
          {
            valuesOf: (data) => ({ weightUnit: data.weightUnit }),
            message: 'Saved. New loads are written in this unit.',
          },
        )
      }
      {...sectionProps}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-foreground">Unit for loads</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {weightUnits.map((unit) => (
            <label
              key={unit}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name="weightUnit"
                value={unit}
                checked={draft.values.weightUnit === unit}
                onChange={() => {
                  draft.setValues({ weightUnit: unit });
                  setSavedMessage(null);
                }}
                className="mt-1 size-4 accent-[var(--color-primary)]"
              />
              <span>
                <span className="block text-sm font-semibold text-foreground">{unitLabels[unit].title}</span>
                <span className="block text-sm text-muted-foreground">{unitLabels[unit].example}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-muted-foreground">
        Loads already written keep the unit they were written in, and show it.
      </p>
    </SettingsSection>
  );
}
