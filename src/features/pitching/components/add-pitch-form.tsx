import type { PitchValues } from '@contract/pitching';
import { pitchInputSchema } from '@contract/pitching';
import type { PitchResult, PitchType } from '@contract/throwing';
import { pitchResults, pitchTypes } from '@contract/throwing';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/api/request-failure';
import { useAddPitch } from '../api/add-pitch';
import { pitchResultLabels, pitchTypeLabels } from '@contract/throwing';

/** What the fields hold as typed; the resolver reads the numbers. */
interface PitchFormValues {
  pitchType: PitchType;
  velocityMph: string;
  spinRateRpm: string;
  spinAxisDegrees: string;
  inducedVerticalBreakIn: string;
  horizontalBreakIn: string;
  releaseHeightFt: string;
  releaseSideFt: string;
  extensionFt: string;
  result: PitchResult | '';
  note: string;
}

const optionalMeasures = [
  ['spinRateRpm', 'Spin rate (rpm)'],
  ['inducedVerticalBreakIn', 'Induced vertical break (in)'],
  ['horizontalBreakIn', 'Horizontal break (in)'],
  ['releaseHeightFt', 'Release height (ft)'],
  ['releaseSideFt', 'Release side (ft)'],
  ['extensionFt', 'Extension (ft)'],
] as const;

/** A typed number ("86,5" reads as 86.5 on a phone set to a comma locale); blank is no value. */
const numberOf = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** The contract's schema checks the pitch, with the sequence that comes next; each problem lands on its field. */
const resolverFor = (sequence: number): Resolver<PitchFormValues, unknown, PitchValues> => {
  const contractResolver = zodResolver(pitchInputSchema);
  return (values, context, options) =>
    contractResolver(
      {
        sequence,
        pitchType: values.pitchType,
        // A blank velocity is a missing number, which the schema names ("Enter the velocity in mph").
        velocityMph: numberOf(values.velocityMph) ?? Number.NaN,
        ...Object.fromEntries(optionalMeasures.map(([field]) => [field, numberOf(values[field])])),
        spinAxisDegrees: values.spinAxisDegrees.trim() === '' ? null : values.spinAxisDegrees.trim(),
        result: values.result === '' ? null : values.result,
        note: values.note,
      },
      context,
      options as never,
    );
};

const emptyValues = (pitchType: PitchType): PitchFormValues => ({
  pitchType,
  velocityMph: '',
  spinRateRpm: '',
  spinAxisDegrees: '',
  inducedVerticalBreakIn: '',
  horizontalBreakIn: '',
  releaseHeightFt: '',
  releaseSideFt: '',
  extensionFt: '',
  result: '',
  note: '',
});

const selectClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';
const labelClass = 'mb-1.5 block text-sm font-medium text-foreground';

interface AddPitchFormProps {
  logId: string;
  /** The number the next pitch gets: one after the last. */
  nextSequence: number;
  onDone: () => void;
}

/**
 * One pitch by hand: type and velocity first, the rest behind "More". The form stays open after a pitch is added,
 * keeping its type, so a bullpen can be typed in pitch after pitch.
 */
export function AddPitchForm({ logId, nextSequence, onDone }: AddPitchFormProps) {
  const addPitch = useAddPitch(logId);
  const [showsMore, setShowsMore] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const typeId = useId();
  const resultId = useId();
  const moreId = useId();
  const { register, handleSubmit, reset, setError, setFocus, formState } = useForm<
    PitchFormValues,
    unknown,
    PitchValues
  >({ defaultValues: emptyValues('fastball'), resolver: resolverFor(nextSequence) });
  const errors = formState.errors;

  const submit = handleSubmit((pitch) => {
    setFailure(null);
    setAdded(null);
    addPitch.mutate(pitch, {
      // The server's number: another device may have taken the one typed (ADR 043).
      onSuccess: ({ pitch: added }) => {
        setAdded(
          `Pitch ${added.sequence} added: ${pitchTypeLabels[added.pitchType]}, ${added.velocityMph} mph.`,
        );
        reset(emptyValues(pitch.pitchType));
        setFocus('velocityMph');
      },
      onError: (error) => {
        setFailure(showFieldErrors(error, { setError, fieldOf: (field) => field as keyof PitchFormValues }));
      },
    });
  });

  return (
    <form
      noValidate
      aria-label="Add a pitch"
      onSubmit={(event) => void submit(event)}
      className="space-y-1 rounded-xl border border-border bg-muted/40 p-3 sm:p-4"
    >
      <p className="mb-2 text-sm font-semibold text-foreground">Pitch {nextSequence}</p>
      <div className="grid grid-cols-2 gap-x-3">
        <div>
          <label htmlFor={typeId} className={labelClass}>
            Pitch type
          </label>
          <select id={typeId} className={selectClass} {...register('pitchType')}>
            {pitchTypes.map((pitchType) => (
              <option key={pitchType} value={pitchType}>
                {pitchTypeLabels[pitchType]}
              </option>
            ))}
          </select>
          <p className="mt-1 mb-2 min-h-5 text-sm text-danger">{errors.pitchType?.message ?? ''}</p>
        </div>
        <TextField
          label="Velocity (mph)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.velocityMph?.message}
          {...register('velocityMph')}
        />
      </div>
      <Button
        variant="ghost"
        aria-expanded={showsMore}
        aria-controls={moreId}
        onClick={() => setShowsMore((shown) => !shown)}
        className="-ml-2 px-2"
      >
        <ChevronDownIcon className={`size-4 transition-transform ${showsMore ? 'rotate-180' : ''}`} />
        More
      </Button>
      <div id={moreId} hidden={!showsMore} className="grid grid-cols-2 gap-x-3 pt-2 sm:grid-cols-3">
        {optionalMeasures.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            inputMode="decimal"
            autoComplete="off"
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
        <TextField
          label="Spin axis (° or clock)"
          placeholder="1:30"
          autoComplete="off"
          error={errors.spinAxisDegrees?.message}
          {...register('spinAxisDegrees')}
        />
        <div>
          <label htmlFor={resultId} className={labelClass}>
            Result
          </label>
          <select id={resultId} className={selectClass} {...register('result')}>
            <option value="">—</option>
            {pitchResults.map((result) => (
              <option key={result} value={result}>
                {pitchResultLabels[result]}
              </option>
            ))}
          </select>
          <p className="mt-1 mb-2 min-h-5 text-sm text-danger">{errors.result?.message ?? ''}</p>
        </div>
        <TextField
          label="Note"
          className="col-span-2 sm:col-span-3"
          autoComplete="off"
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
      {failure ? <Alert title="The pitch was not added.">{failure}</Alert> : null}
      <p role="status" className="min-h-5 text-sm text-success">
        {added ?? ''}
      </p>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
        <Button type="submit" isPending={addPitch.isPending} pendingLabel="Adding…">
          Add the pitch
        </Button>
      </div>
    </form>
  );
}
