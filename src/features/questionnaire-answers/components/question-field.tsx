import type { Question } from '@contract/questionnaire-rules';
import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import { Checkbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { CheckIcon } from '@/components/ui/icons';
import type { FormAnswer } from '../answer-form-values';

interface QuestionFieldProps {
  question: Question;
  value: FormAnswer;
  onChange: (value: FormAnswer) => void;
  error: string | undefined;
}

/** A big pressable choice (≥ 48 px): the organisation's colour once chosen. */
const choiceClass = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  `flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 px-3 text-base font-semibold tabular-nums transition-colors select-none ${
    isSelected
      ? 'border-primary bg-primary text-primary-foreground shadow-sm'
      : 'border-border bg-surface text-foreground hover:border-border-strong hover:bg-muted'
  } ${isFocusVisible ? 'outline-2 outline-offset-2 outline-ring' : ''}`;

function Prompt({ question }: { question: Question }) {
  return (
    <>
      {question.prompt}
      {question.required ? (
        <span className="ml-1 text-danger" aria-hidden="true">
          *
        </span>
      ) : (
        <span className="ml-2 text-sm font-normal text-muted-foreground">Optional</span>
      )}
    </>
  );
}

function QuestionFrame({
  errorId,
  error,
  children,
}: {
  errorId: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-3">
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const promptClass = 'block text-base font-semibold text-foreground';

/** One question of a questionnaire, its prompt naming its group for screen readers. */
export function QuestionField({ question, value, onChange, error }: QuestionFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  const isRequired = question.required;

  if (question.kind === 'scale' || question.kind === 'single_choice' || question.kind === 'yes_no') {
    const options =
      question.kind === 'scale'
        ? Array.from({ length: question.max - question.min + 1 }, (_, index) => {
            const number = String(question.min + index);
            return { value: number, label: number };
          })
        : question.kind === 'yes_no'
          ? [
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]
          : question.options.map((option) => ({ value: option, label: option }));
    const selected =
      value === null || value === undefined
        ? null
        : question.kind === 'yes_no'
          ? value === true
            ? 'yes'
            : 'no'
          : String(value);
    // A long scale (0–10) takes two even rows on a phone and one row on a wider screen: no lone last button.
    const phoneColumns = options.length > 7 ? Math.ceil(options.length / 2) : options.length;
    const columns =
      question.kind === 'scale'
        ? 'gap-1.5 grid-cols-[repeat(var(--scale-columns),minmax(0,1fr))] sm:grid-cols-[repeat(var(--scale-points),minmax(0,1fr))]'
        : question.kind === 'yes_no'
          ? 'grid-cols-2'
          : 'grid-cols-1 sm:grid-cols-2';
    return (
      <QuestionFrame errorId={errorId} error={error}>
        <RadioGroup
          value={selected}
          onChange={(next) =>
            onChange(
              question.kind === 'scale' ? Number(next) : question.kind === 'yes_no' ? next === 'yes' : next,
            )
          }
          isRequired={isRequired}
          isInvalid={error !== undefined}
          aria-describedby={describedBy}
          data-question={question.id}
          className="space-y-3"
        >
          <Label className={promptClass}>
            <Prompt question={question} />
          </Label>
          <div
            className={`grid gap-2 ${columns}`}
            style={
              question.kind === 'scale'
                ? ({
                    '--scale-columns': phoneColumns,
                    '--scale-points': options.length,
                  } as CSSProperties)
                : undefined
            }
          >
            {options.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                className={(state) =>
                  `${choiceClass(state)} ${question.kind === 'scale' ? 'min-h-14 text-lg' : ''} ${
                    question.kind === 'single_choice' ? 'justify-start text-left' : ''
                  }`
                }
              >
                {option.label}
              </Radio>
            ))}
          </div>
          {question.kind === 'scale' && (question.minLabel || question.maxLabel) ? (
            <div className="flex justify-between gap-4 text-sm text-muted-foreground" aria-hidden="true">
              <span>
                {question.min} · {question.minLabel}
              </span>
              <span className="text-right">
                {question.max} · {question.maxLabel}
              </span>
            </div>
          ) : null}
        </RadioGroup>
      </QuestionFrame>
    );
  }

  if (question.kind === 'multiple_choice') {
    return (
      <QuestionFrame errorId={errorId} error={error}>
        <CheckboxGroup
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          isRequired={isRequired}
          isInvalid={error !== undefined}
          aria-describedby={describedBy}
          data-question={question.id}
          className="space-y-3"
        >
          <Label className={promptClass}>
            <Prompt question={question} />
          </Label>
          <p className="text-sm text-muted-foreground">Choose all that apply.</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {question.options.map((option) => (
              <Checkbox
                key={option}
                value={option}
                className={(state) => `${choiceClass(state)} justify-start gap-3 text-left`}
              >
                {({ isSelected }) => (
                  <>
                    <span
                      className={`flex size-5 shrink-0 items-center justify-center rounded-md border-2 ${
                        isSelected ? 'border-primary-foreground' : 'border-border-strong'
                      }`}
                      aria-hidden="true"
                    >
                      {isSelected ? <CheckIcon className="size-3.5" /> : null}
                    </span>
                    {option}
                  </>
                )}
              </Checkbox>
            ))}
          </div>
        </CheckboxGroup>
      </QuestionFrame>
    );
  }

  const inputId = `${id}-input`;
  const inputClass = `block w-full rounded-xl border-2 bg-surface px-4 text-lg text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring ${
    error ? 'border-danger' : 'border-border'
  }`;
  if (question.kind === 'number') {
    const bounds =
      question.min !== null && question.max !== null
        ? `Between ${question.min} and ${question.max}${question.unit ? ` ${question.unit}` : ''}`
        : null;
    const hintId = `${id}-hint`;
    return (
      <QuestionFrame errorId={errorId} error={error}>
        <div className="space-y-3" data-question={question.id}>
          <label htmlFor={inputId} className={promptClass}>
            <Prompt question={question} />
          </label>
          <div className="flex items-center gap-3">
            <input
              id={inputId}
              inputMode="decimal"
              autoComplete="off"
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => onChange(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-required={isRequired || undefined}
              aria-describedby={[bounds ? hintId : null, describedBy].filter(Boolean).join(' ') || undefined}
              className={`${inputClass} min-h-14 max-w-40 tabular-nums`}
            />
            {question.unit ? (
              <span className="text-base font-medium text-muted-foreground">{question.unit}</span>
            ) : null}
          </div>
          {bounds ? (
            <p id={hintId} className="text-sm text-muted-foreground">
              {bounds}
            </p>
          ) : null}
        </div>
      </QuestionFrame>
    );
  }

  return (
    <QuestionFrame errorId={errorId} error={error}>
      <div className="space-y-3" data-question={question.id}>
        <label htmlFor={inputId} className={promptClass}>
          <Prompt question={question} />
        </label>
        <textarea
          id={inputId}
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} min-h-24 py-3 text-base`}
        />
      </div>
    </QuestionFrame>
  );
}
