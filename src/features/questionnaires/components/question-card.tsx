import { questionnaireLimits } from '@contract/questionnaires';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { TextField } from '@/components/ui/text-field';
import { DragHandle } from '@/components/widgets/sortable-list';
import type { QuestionnaireFormValues } from '../questionnaire-form';
import { messageAt, questionKindLabels } from '../questionnaire-form';

interface QuestionCardProps {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}

const selectClass =
  'block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/** A labelled select with its problem under it, as TextField is for text. */
function SelectField({
  label,
  error,
  children,
  ...select
}: {
  label: string;
  error: string | undefined;
  children: ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${selectClass} ${error ? 'border-danger' : 'border-border'}`}
        {...select}
      >
        {children}
      </select>
      <p id={`${id}-error`} className="mt-1 mb-2 min-h-5 text-sm text-danger">
        {error ?? ''}
      </p>
    </div>
  );
}

/** One question of the builder: its words, whether it must be answered, and what its kind needs. */
export function QuestionCard({ index, count, onMove, onRemove }: QuestionCardProps) {
  const path = `questions.${index}` as const;
  const { control, register } = useFormContext<QuestionnaireFormValues>();
  const { errors } = useFormState({ control, name: path });
  const kind = useWatch({ control, name: `${path}.kind` });
  const measure = useWatch({ control, name: `${path}.measure` });
  const prompt = useWatch({ control, name: `${path}.prompt` });
  const headingId = useId();
  const number = index + 1;
  const at = (field: string) => messageAt(errors, `${path}.${field}`);
  const numeric = kind === 'scale' || kind === 'number';

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface shadow-xs">
      <header className="flex items-center gap-1 border-b border-border py-1.5 pr-1.5 pl-2 sm:pl-3">
        {count > 1 ? <DragHandle /> : null}
        <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">
          <span className="text-muted-foreground">{number}.</span> {questionKindLabels[kind]}
          {prompt.trim() ? <span className="sr-only">: {prompt}</span> : null}
        </h3>
        <IconButton
          label={`Move question ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          className="disabled:opacity-30"
        >
          <ArrowUpIcon className="size-4" />
        </IconButton>
        <IconButton
          label={`Move question ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          className="disabled:opacity-30"
        >
          <ArrowDownIcon className="size-4" />
        </IconButton>
        <IconButton label={`Remove question ${number}`} onClick={onRemove} className="hover:text-danger">
          <TrashIcon className="size-4" />
        </IconButton>
      </header>
      <div className="px-4 pt-4 pb-2 sm:px-5">
        <TextField
          label="Question"
          autoComplete="off"
          maxLength={questionnaireLimits.promptMax}
          placeholder={kind === 'scale' ? 'How did you sleep?' : 'What the athlete is asked'}
          error={at('prompt')}
          {...register(`${path}.prompt`)}
        />
        <label className="mb-3 inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-foreground">
          <input type="checkbox" className="size-4 accent-primary" {...register(`${path}.required`)} />
          Must be answered
        </label>

        {kind === 'scale' ? (
          <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-4">
            <TextField label="From" inputMode="numeric" error={at('min')} {...register(`${path}.min`)} />
            <TextField label="To" inputMode="numeric" error={at('max')} {...register(`${path}.max`)} />
            <TextField
              label="Lowest means"
              autoComplete="off"
              maxLength={questionnaireLimits.anchorMax}
              placeholder="Very poor"
              error={at('minLabel')}
              {...register(`${path}.minLabel`)}
            />
            <TextField
              label="Highest means"
              autoComplete="off"
              maxLength={questionnaireLimits.anchorMax}
              placeholder="Excellent"
              error={at('maxLabel')}
              {...register(`${path}.maxLabel`)}
            />
          </div>
        ) : null}
        {kind === 'number' ? (
          <div className="grid grid-cols-3 gap-x-3">
            <TextField
              label="Unit"
              autoComplete="off"
              maxLength={questionnaireLimits.unitMax}
              placeholder="kg"
              error={at('unit')}
              {...register(`${path}.unit`)}
            />
            <TextField label="At least" inputMode="decimal" error={at('min')} {...register(`${path}.min`)} />
            <TextField label="At most" inputMode="decimal" error={at('max')} {...register(`${path}.max`)} />
          </div>
        ) : null}
        {numeric ? (
          <div className="grid grid-cols-2 gap-x-3">
            <SelectField label="Which way is better" error={at('better')} {...register(`${path}.better`)}>
              <option value="">Neither</option>
              <option value="higher">Higher</option>
              <option value="lower">Lower</option>
            </SelectField>
            <TextField
              label="Alert at (optional)"
              inputMode="decimal"
              placeholder="None"
              error={at('alertAt')}
              {...register(`${path}.alertAt`)}
            />
          </div>
        ) : null}
        {measure ? (
          <p className="mb-3 text-sm text-muted-foreground">
            {measure === 'session_rpe'
              ? 'The session’s effort: times its minutes, it makes the session-RPE load.'
              : 'The session’s minutes: times its effort, it makes the session-RPE load.'}
          </p>
        ) : null}
        {kind === 'single_choice' || kind === 'multiple_choice' ? <ChoiceList index={index} /> : null}
        {kind === 'yes_no' ? (
          <p className="mb-3 text-sm text-muted-foreground">The athlete answers Yes or No.</p>
        ) : null}
        {kind === 'text' ? (
          <p className="mb-3 text-sm text-muted-foreground">
            The athlete writes up to {questionnaireLimits.textAnswerMax} characters.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** A choice question's answers: add, remove (at least two stay). */
function ChoiceList({ index }: { index: number }) {
  const path = `questions.${index}.options` as const;
  const { control, register } = useFormContext<QuestionnaireFormValues>();
  const { errors } = useFormState({ control, name: path });
  const options = useFieldArray({ control, name: path });
  const listProblem = messageAt(errors, `${path}.root`);
  return (
    <fieldset className="mb-3">
      <legend className="mb-1.5 text-sm font-medium text-foreground">Answers offered</legend>
      <ol className="space-y-1">
        {options.fields.map((field, option) => {
          const problem = messageAt(errors, `${path}.${option}.text`);
          return (
            <li key={field.id} className="flex items-start gap-1">
              <TextField
                label={`Answer ${option + 1}`}
                className="min-w-0 flex-1 [&>label]:sr-only"
                autoComplete="off"
                maxLength={questionnaireLimits.optionMax}
                placeholder={`Answer ${option + 1}`}
                error={problem}
                {...register(`${path}.${option}.text`)}
              />
              <IconButton
                label={`Remove answer ${option + 1}`}
                disabled={options.fields.length <= questionnaireLimits.optionsMin}
                onClick={() => options.remove(option)}
                className="disabled:opacity-30"
              >
                <TrashIcon className="size-4" />
              </IconButton>
            </li>
          );
        })}
      </ol>
      {listProblem ? <p className="mb-2 text-sm text-danger">{listProblem}</p> : null}
      {options.fields.length < questionnaireLimits.optionsMax ? (
        <button
          type="button"
          onClick={() => options.append({ text: '' })}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-primary-ink hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <PlusIcon className="size-4" />
          Add an answer
        </button>
      ) : null}
    </fieldset>
  );
}
