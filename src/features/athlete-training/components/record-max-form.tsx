import type { RecordMaxRequest } from '@contract';
import { recordMaxRequestSchema } from '@contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import { useRecordMax } from '../api/record-max';

interface RecordMaxFormProps {
  athleteId: string;
  athleteName: string;
  exercises: readonly { id: string; name: string }[];
  /** The organisation's unit, the 1RM's default. */
  weightUnit: 'lb' | 'kg';
  onDone: () => void;
}

interface MaxFormValues {
  exerciseId: string;
  kind: RecordMaxRequest['kind'];
  value: string;
  unit: RecordMaxRequest['unit'];
  testedOn: string;
}

const contractResolver = zodResolver(recordMaxRequestSchema);

/** The contract's schema checks the form; the typed number is read as a number first. */
const maxResolver: Resolver<MaxFormValues, unknown, RecordMaxRequest> = (values, context, options) =>
  contractResolver(
    { ...values, value: values.value.trim() === '' ? Number.NaN : Number(values.value) },
    context,
    options as never,
  );

const selectClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';
const labelClass = 'mb-1.5 block text-sm font-medium text-foreground';

/** Staff record a tested 1RM or a velocity best; it becomes the athlete's current max for that exercise. */
export function RecordMaxForm({ athleteId, athleteName, exercises, weightUnit, onDone }: RecordMaxFormProps) {
  const record = useRecordMax(athleteId);
  const { setNewNotification } = useNotificationActions();
  const [failure, setFailure] = useState<string | null>(null);
  const exerciseId = useId();
  const kindId = useId();
  const unitId = useId();
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<
    MaxFormValues,
    unknown,
    RecordMaxRequest
  >({
    defaultValues: {
      exerciseId: exercises[0]?.id ?? '',
      kind: 'one_rm',
      value: '',
      unit: weightUnit,
      testedOn: format(new Date(), 'yyyy-MM-dd'),
    },
    resolver: maxResolver,
  });
  const kind = useWatch({ control, name: 'kind' });
  const errors = formState.errors;

  const submit = handleSubmit((request) => {
    setFailure(null);
    record.mutate(request, {
      onSuccess: ({ message }) => {
        setNewNotification({ title: 'Max recorded', message });
        onDone();
      },
      onError: (error) => {
        setFailure(showFieldErrors(error, { setError, fieldOf: (field) => field as keyof MaxFormValues }));
      },
    });
  });

  return (
    <form
      noValidate
      aria-label={`Record a max for ${athleteName}`}
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-3 rounded-xl border border-border bg-muted/40 p-3 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={exerciseId} className={labelClass}>
            Exercise
          </label>
          <select id={exerciseId} className={selectClass} {...register('exerciseId')}>
            {exercises.map((exercise) => (
              <option key={exercise.id} value={exercise.id}>
                {exercise.name}
              </option>
            ))}
          </select>
          {errors.exerciseId ? <p className="mt-1 text-sm text-danger">{errors.exerciseId.message}</p> : null}
        </div>
        <div>
          <label htmlFor={kindId} className={labelClass}>
            Kind
          </label>
          <select
            id={kindId}
            className={selectClass}
            {...register('kind', {
              // A velocity is in mph, a 1RM in the organisation's unit: the unit follows the kind.
              onChange: (event: { target: { value: string } }) =>
                setValue('unit', event.target.value === 'velocity' ? 'mph' : weightUnit),
            })}
          >
            <option value="one_rm">Tested 1RM</option>
            <option value="velocity">Velocity best</option>
          </select>
        </div>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-x-3 sm:grid-cols-[minmax(0,1fr)_6rem_minmax(0,1fr)]">
        <TextField
          label={kind === 'velocity' ? 'Velocity' : 'Load'}
          inputMode="decimal"
          error={errors.value?.message}
          {...register('value')}
        />
        <div>
          <label htmlFor={unitId} className={labelClass}>
            Unit
          </label>
          <select id={unitId} className={selectClass} {...register('unit')}>
            {kind === 'velocity' ? (
              <option value="mph">mph</option>
            ) : (
              <>
                <option value="lb">lb</option>
                <option value="kg">kg</option>
              </>
            )}
          </select>
          {errors.unit ? <p className="mt-1 text-sm text-danger">{errors.unit.message}</p> : null}
        </div>
        <TextField
          label="Tested on"
          type="date"
          className="col-span-2 sm:col-span-1"
          error={errors.testedOn?.message}
          {...register('testedOn')}
        />
      </div>
      {failure ? <Alert title="The max was not recorded.">{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isPending={record.isPending} pendingLabel="Recording…">
          Record the max
        </Button>
      </div>
    </form>
  );
}
