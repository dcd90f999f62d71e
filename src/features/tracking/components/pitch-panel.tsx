import type { ScheduledWorkout } from '@contract';
import { pitchInputSchema } from '@contract/pitching';
import type { PitchResult, PitchType } from '@contract/throwing';
import { isStrike, pitchResultLabels, pitchResults, pitchTypeLabels, pitchTypes } from '@contract/throwing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { memo, useId, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';
import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  Disclosure,
  DisclosurePanel,
  ToggleButton,
  ToggleButtonGroup,
} from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { textLinkClass } from '@/components/ui/text-link-class';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { useWindowedRows } from '@/lib/windowed-rows';
import type { DeviceLog, DevicePitch } from '@/lib/tracking-sync/device-logs';
import type { PitchFields } from '@/lib/tracking-sync/log-actions';
import { removePitch, savePitch } from '@/lib/tracking-sync/log-actions';

/**
 * Pitches entered by hand while tracking a throwing workout (issue 16): one thumb, type then velocity then Enter.
 * Each pitch goes to the device's log at once and to the server through the outbox (ADR 036), exactly once.
 */

/** The types most pitchers throw most: in reach without a tap on "More types". */
const everydayTypes: readonly PitchType[] = ['fastball', 'slider', 'changeup', 'curveball'];

/** A throwing or command workout, or an exercise counted in pitches, gets the panel. */
export const takesPitches = (workout: ScheduledWorkout): boolean =>
  workout.category === 'throw' ||
  workout.category === 'command' ||
  workout.blocks.some((block) =>
    block.exercises.some((slot) => slot.exercise.measures.includes('pitchCount')),
  );

/** As typed: the numbers are text until the contract's schema reads them. */
interface PitchFormValues {
  pitchType: PitchType;
  velocityMph: string;
  spinRateRpm: string;
  result: PitchResult | '';
}

const fieldsResolver = zodResolver(pitchInputSchema.omit({ sequence: true }));

/** The contract's schema checks a pitch as typed: numbers are read first, the strike follows the result. */
const pitchResolver: Resolver<PitchFormValues, unknown, PitchFields> = (values, context, options) =>
  fieldsResolver(
    {
      pitchType: values.pitchType,
      velocityMph: values.velocityMph.trim() === '' ? Number.NaN : Number(values.velocityMph),
      spinRateRpm: values.spinRateRpm.trim() === '' ? null : Number(values.spinRateRpm),
      result: values.result === '' ? null : values.result,
      strike: values.result === '' ? null : isStrike(values.result),
    },
    context,
    options as never,
  );

const emptyDetails = { velocityMph: '', spinRateRpm: '', result: '' } as const;

/** The list box's most height when the list is windowed: about eight pitches. */
const listMaxHeight = 416;

const toggleClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-border bg-surface px-1 text-[0.8125rem] leading-tight font-semibold text-foreground outline-none transition-colors data-[hovered]:bg-muted data-[selected]:border-primary data-[selected]:bg-primary data-[selected]:text-primary-foreground data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-ring sm:text-sm';
const inputClass =
  'block min-h-11 w-full [appearance:textfield] rounded-lg border bg-surface px-3 text-base text-foreground tabular-nums shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

export const PitchPanel = memo(function PitchPanel({
  logId,
  pitches,
  rejected,
  isLocked,
  entryId,
}: {
  logId: string;
  pitches: DeviceLog['pitches'];
  rejected: DeviceLog['rejected'];
  isLocked: boolean;
  /** The schedule entry tracked: with it the panel offers a device file's import into this log (issue 23). */
  entryId?: string;
}) {
  const headingId = useId();
  const thrown = Object.values(pitches)
    .filter((pitch) => !pitch.removed)
    .sort((a, b) => b.sequence - a.sequence);
  const refused = new Set(
    rejected.filter((write) => write.kind === 'pitch').map((write) => write.targetId ?? ''),
  );
  const [editing, setEditing] = useState<DevicePitch | null>(null);
  // A long session (up to 1,000 pitches) scrolls in its own box, a window of rows at a time (issue 22).
  const listBox = useRef<HTMLDivElement>(null);
  const windowed = useWindowedRows({
    scrollRef: listBox,
    count: thrown.length,
    rowHeight: 52,
    maxHeight: listMaxHeight,
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-3 shadow-xs sm:p-4"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-foreground">
          Pitches
        </h3>
        <p role="status" className="text-sm font-semibold text-foreground tabular-nums">
          {thrown.length} {thrown.length === 1 ? 'pitch' : 'pitches'}
        </p>
      </div>
      {entryId ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Thrown on a Rapsodo or TrackMan?{' '}
          <Link
            to="/app/completed/$logId/import"
            params={{ logId }}
            search={{ kind: 'pitches', entry: entryId }}
            className={textLinkClass}
          >
            Import the file
          </Link>
        </p>
      ) : null}
      {!isLocked ? (
        <PitchForm
          // A new form for each pitch edited: its fields start from that pitch.
          key={editing?.id ?? 'new'}
          logId={logId}
          lastType={thrown[0]?.pitchType ?? 'fastball'}
          editing={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {thrown.length > 0 ? (
        <div
          ref={listBox}
          className={`mt-3 border-t border-border ${windowed.isWindowed ? 'overflow-y-auto' : ''}`}
          style={windowed.isWindowed ? { maxHeight: listMaxHeight } : undefined}
        >
          <ol aria-label="Pitches entered" className="divide-y divide-border">
            {windowed.before > 0 ? <li aria-hidden="true" style={{ height: windowed.before }} /> : null}
            {windowed.indexes.map((index) => {
              const pitch = thrown[index]!;
              return (
                <PitchRow
                  key={pitch.id}
                  pitch={pitch}
                  position={{ index, of: thrown.length }}
                  measure={windowed.measure}
                  isRefused={refused.has(pitch.id)}
                  isEditing={editing?.id === pitch.id}
                  isLocked={isLocked}
                  onEdit={() => setEditing(pitch)}
                  onRemove={() => {
                    if (editing?.id === pitch.id) setEditing(null);
                    removePitch(logId, pitch.id);
                  }}
                />
              );
            })}
            {windowed.after > 0 ? <li aria-hidden="true" style={{ height: windowed.after }} /> : null}
          </ol>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No pitches yet.</p>
      )}
    </section>
  );
});

function PitchForm({
  logId,
  lastType,
  editing,
  onDone,
}: {
  logId: string;
  lastType: PitchType;
  editing: DevicePitch | null;
  onDone: () => void;
}) {
  const velocityId = useId();
  const spinId = useId();
  const errorId = useId();
  const [showsAllTypes, setShowsAllTypes] = useState(
    () => editing !== null && !everydayTypes.includes(editing.pitchType),
  );
  const { register, handleSubmit, control, setValue, setFocus, formState } = useForm<
    PitchFormValues,
    unknown,
    PitchFields
  >({
    defaultValues: editing
      ? {
          pitchType: editing.pitchType,
          velocityMph: String(editing.velocityMph),
          spinRateRpm: editing.spinRateRpm === null ? '' : String(editing.spinRateRpm),
          result: editing.result ?? '',
        }
      : { pitchType: lastType, ...emptyDetails },
    resolver: pitchResolver,
  });
  const errors = formState.errors;
  const velocityError = errors.velocityMph?.message;
  const spinError = errors.spinRateRpm?.message;

  const submit = handleSubmit((fields) => {
    if (editing) {
      // An edit keeps what the form does not show (spin axis, breaks, a note imported or typed elsewhere).
      const { id, sequence: _sequence, removed: _removed, ...kept } = editing;
      const { pitchType, velocityMph, spinRateRpm, result, strike } = fields;
      savePitch(logId, id, {
        ...kept,
        pitchType,
        velocityMph,
        spinRateRpm,
        result,
        // A strike marked without a result (a coach's, an import's) stays until a result says otherwise.
        strike: result === null ? kept.strike : strike,
      });
      onDone();
      return;
    }
    savePitch(logId, null, fields);
    // The type stays for the next pitch; the velocity field is ready for its number. (Not `reset`: it
    // forgets the fields until the next render, and the focus would have nowhere to go.)
    setValue('velocityMph', '');
    setValue('spinRateRpm', '');
    setValue('result', '');
    setFocus('velocityMph');
  });

  return (
    <form
      noValidate
      aria-label={editing ? `Edit pitch ${editing.sequence}` : 'Add a pitch'}
      onSubmit={(event) => void submit(event)}
      className="mt-2 space-y-2"
    >
      <Controller
        control={control}
        name="pitchType"
        render={({ field }) => {
          const shown = showsAllTypes
            ? pitchTypes
            : pitchTypes.filter((type) => everydayTypes.includes(type) || type === field.value);
          return (
            <div>
              <ToggleButtonGroup
                aria-label="Pitch type"
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={[field.value]}
                onSelectionChange={(keys: Set<Key>) => {
                  const type = pitchTypes.find((candidate) => keys.has(candidate));
                  if (type) field.onChange(type);
                }}
                // Four in a row fit a phone; all ten take three, so "Knuckleball" keeps its room.
                className={`grid gap-1.5 sm:grid-cols-5 ${showsAllTypes ? 'grid-cols-3' : 'grid-cols-4'}`}
              >
                {shown.map((type) => (
                  <ToggleButton key={type} id={type} className={toggleClass}>
                    {pitchTypeLabels[type]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <button
                type="button"
                aria-expanded={showsAllTypes}
                onClick={() => setShowsAllTypes((shows) => !shows)}
                className="mt-1 inline-flex min-h-9 items-center gap-1 rounded-lg px-1.5 text-sm font-semibold text-primary-ink hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                More types
                <ChevronDownIcon
                  className={`size-4 transition-transform ${showsAllTypes ? 'rotate-180' : ''}`}
                />
              </button>
            </div>
          );
        }}
      />

      <div className="flex items-end gap-2 sm:max-w-md">
        <div className="min-w-0 flex-1">
          <label htmlFor={velocityId} className="mb-1 block text-xs font-medium text-muted-foreground">
            Velocity (mph)
          </label>
          <input
            id={velocityId}
            type="number"
            inputMode="decimal"
            step="0.1"
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={velocityError ? true : undefined}
            aria-describedby={velocityError ? errorId : undefined}
            className={`${inputClass} ${velocityError ? 'border-danger' : 'border-border'}`}
            {...register('velocityMph')}
          />
        </div>
        <Button type="submit" className="shrink-0 px-3">
          {editing ? (
            `Save pitch ${editing.sequence}`
          ) : (
            <>
              <PlusIcon className="size-4" />
              Add pitch
            </>
          )}
        </Button>
        {editing ? (
          <Button variant="ghost" className="shrink-0 px-3" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
      {velocityError ? (
        <p id={errorId} className="text-sm text-danger">
          {velocityError}
        </p>
      ) : null}

      <Disclosure
        defaultExpanded={editing !== null && (editing.result !== null || editing.spinRateRpm !== null)}
      >
        {({ isExpanded }) => (
          <>
            <AriaButton
              slot="trigger"
              className="inline-flex min-h-9 items-center gap-1 rounded-lg px-1.5 text-sm font-semibold text-primary-ink outline-none data-[hovered]:bg-muted data-[focus-visible]:outline-2 data-[focus-visible]:outline-ring"
            >
              Details
              <ChevronDownIcon className={`size-4 transition-transform ${isExpanded ? 'rotate-180' : ''}`} />
            </AriaButton>
            <DisclosurePanel className="space-y-2 pt-1">
              <Controller
                control={control}
                name="result"
                render={({ field }) => (
                  <ToggleButtonGroup
                    aria-label="Result"
                    selectionMode="single"
                    selectedKeys={field.value === '' ? [] : [field.value]}
                    onSelectionChange={(keys: Set<Key>) => {
                      field.onChange(pitchResults.find((candidate) => keys.has(candidate)) ?? '');
                    }}
                    className="grid grid-cols-3 gap-1.5 sm:grid-cols-5"
                  >
                    {pitchResults.map((result) => (
                      <ToggleButton key={result} id={result} className={toggleClass}>
                        {pitchResultLabels[result]}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                )}
              />
              <div className="max-w-40">
                <label htmlFor={spinId} className="mb-1 block text-xs font-medium text-muted-foreground">
                  Spin rate (rpm)
                </label>
                <input
                  id={spinId}
                  type="number"
                  inputMode="numeric"
                  step="1"
                  autoComplete="off"
                  aria-invalid={spinError ? true : undefined}
                  className={`${inputClass} ${spinError ? 'border-danger' : 'border-border'}`}
                  {...register('spinRateRpm')}
                />
                {spinError ? <p className="mt-1 text-sm text-danger">{spinError}</p> : null}
              </div>
            </DisclosurePanel>
          </>
        )}
      </Disclosure>
    </form>
  );
}

function PitchRow({
  pitch,
  position,
  measure,
  isRefused,
  isEditing,
  isLocked,
  onEdit,
  onRemove,
}: {
  pitch: DevicePitch;
  /** Its place in the whole list, which a windowed list tells assistive technology. */
  position: { index: number; of: number };
  measure: (element: Element | null) => void;
  isRefused: boolean;
  isEditing: boolean;
  isLocked: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const name = `Pitch ${pitch.sequence}`;
  const details = [
    pitch.result ? pitchResultLabels[pitch.result] : null,
    pitch.spinRateRpm !== null ? `${pitch.spinRateRpm.toLocaleString('en-US')} rpm` : null,
  ].filter(Boolean);
  const content = (
    <>
      <span className="w-8 shrink-0 text-sm font-semibold text-muted-foreground tabular-nums">
        {pitch.sequence}
      </span>
      <span className="min-w-0 flex-1">
        <span className="font-semibold text-foreground">{pitchTypeLabels[pitch.pitchType]}</span>
        {details.length > 0 ? (
          <span className="block truncate text-xs text-muted-foreground">{details.join(' · ')}</span>
        ) : null}
        {isRefused ? (
          <span className="block text-xs font-semibold text-danger">Not accepted by the server</span>
        ) : null}
      </span>
      <span className="shrink-0 font-semibold text-foreground tabular-nums">
        {pitch.velocityMph.toFixed(1)} <span className="text-xs font-medium text-muted-foreground">mph</span>
      </span>
    </>
  );
  return (
    <li
      ref={measure}
      data-index={position.index}
      aria-label={name}
      aria-posinset={position.index + 1}
      aria-setsize={position.of}
      className={`flex items-center gap-1 py-1 ${isEditing ? 'bg-primary-soft' : ''}`}
    >
      {isLocked ? (
        <div className="flex min-h-11 flex-1 items-center gap-2 px-1">{content}</div>
      ) : (
        <button
          type="button"
          aria-label={`Edit pitch ${pitch.sequence}`}
          onClick={onEdit}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg px-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          {content}
        </button>
      )}
      {!isLocked ? (
        <button
          type="button"
          aria-label={`Remove pitch ${pitch.sequence}`}
          onClick={onRemove}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring"
        >
          <TrashIcon className="size-4" />
        </button>
      ) : null}
    </li>
  );
}
