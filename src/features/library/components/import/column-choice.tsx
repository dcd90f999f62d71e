import type { ProgramColumnField, ReaderPreview } from '@contract/workout-reader';
import { programColumnFields, programColumnLabels } from '@contract/workout-reader';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage } from '@/lib/api/request-failure';
import type { ProgramSource } from '../../api/workout-reader';
import { useReadProgram } from '../../api/workout-reader';
import { optionClass, popoverClass, selectButtonClass } from './select-classes';

type ProgramMapping = Record<ProgramColumnField, string | null>;

const notInFile = '__not-in-file__';

/** What a sheet cannot be read without (as the server decides: the exercise, and its sets in some form). */
export function neededFields(mapping: ProgramMapping): ('exercise' | 'reps')[] {
  return [
    ...(mapping.exercise ? [] : (['exercise'] as const)),
    ...(mapping.prescription || mapping.sets || mapping.reps ? [] : (['reps'] as const)),
  ];
}

/** What each field's select says under its name: which ones a sheet needs, and in which forms. */
const fieldHints: Record<ProgramColumnField, string> = {
  week: 'If your sheet has it',
  day: 'If your sheet has it',
  workout: 'If your sheet has it',
  exercise: 'Needed',
  prescription: 'This, or Sets and Reps apart',
  sets: 'With Reps',
  reps: 'With Sets, or Sets written out',
  load: 'If your sheet has it',
  rpe: 'If your sheet has it',
  rest: 'If your sheet has it',
  notes: 'If your sheet has it',
};

const neededHints: Partial<Record<ProgramColumnField, string>> = {
  exercise: 'Needed: choose its column',
  prescription: 'Needed: this, or Reps',
  reps: 'Needed: this, or Sets written out',
};

const neededWords: Partial<Record<ProgramColumnField, string>> = {
  exercise: 'the exercise names',
  reps: 'the sets and reps (written out, or sets and reps apart)',
};

function mappingOf(preview: ReaderPreview): ProgramMapping {
  const columnNames = new Set(preview.columns.map((column) => column.name));
  return Object.fromEntries(
    programColumnFields.map((field) => {
      const column = preview.mapping[field] ?? null;
      return [field, column !== null && columnNames.has(column) ? column : null];
    }),
  ) as ProgramMapping;
}

/** The mapping with `column` filling `field` (or nothing): a column fills one field, so it leaves any other. */
function remapped(mapping: ProgramMapping, field: ProgramColumnField, column: string | null): ProgramMapping {
  const next = { ...mapping };
  if (column !== null) {
    for (const other of programColumnFields) if (next[other] === column) next[other] = null;
  }
  next[field] = column;
  return next;
}

interface ColumnChoiceProps {
  preview: ReaderPreview;
  file: File;
  onPreview: (preview: ReaderPreview, source: ProgramSource) => void;
}

/**
 * Which column of the sheet fills each field of a workout. The server reads the same file again with the choice
 * (and keeps it for the organisation's next file); nothing changes until "Read again".
 */
export function ColumnChoice({ preview, file, onPreview }: ColumnChoiceProps) {
  const read = useReadProgram();
  const [mapping, setMapping] = useState<ProgramMapping>(() => mappingOf(preview));
  const needed = neededFields(mapping);
  const isChanged = programColumnFields.some((field) => mapping[field] !== mappingOf(preview)[field]);

  const readAgain = () =>
    read.mutate(
      { kind: 'file', file, mapping: mapping },
      { onSuccess: ({ preview: made }) => onPreview(made, { kind: 'file', file, mapping }) },
    );

  return (
    <div className="space-y-4">
      {preview.status === 'needs_mapping' ? (
        <Alert tone="warning" role="status" title="Which columns are which?">
          This sheet’s header did not say where{' '}
          {preview.unmappedRequired.map((field) => neededWords[field] ?? field).join(' and ')}{' '}
          {preview.unmappedRequired.length > 1 ? 'are' : 'is'}. Choose the columns below, then read the file
          again.
        </Alert>
      ) : null}

      <ul className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {programColumnFields.map((field) => (
          <li key={field} className="min-w-0">
            <FieldColumnSelect
              field={field}
              preview={preview}
              column={mapping[field]}
              isNeeded={
                field === 'exercise'
                  ? needed.includes('exercise')
                  : (field === 'prescription' || field === 'reps') && needed.includes('reps')
              }
              isDisabled={read.isPending}
              onChange={(column) => {
                read.reset();
                setMapping((current) => remapped(current, field, column));
              }}
            />
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-h-5 text-sm text-muted-foreground" role="status">
          {read.isError ? (
            <span className="font-medium text-danger">
              {isApiRequestError(read.error) && read.error.status < 500
                ? (Object.values(read.error.fields)[0] ?? read.error.message)
                : requestFailureMessage(read.error)}
            </span>
          ) : needed.length > 0 ? (
            `Still needed: ${needed.map((field) => neededWords[field]).join(' and ')}.`
          ) : (
            ''
          )}
        </p>
        <Button
          onClick={readAgain}
          disabled={needed.length > 0 || read.isPending || (!isChanged && preview.status === 'ready')}
          isPending={read.isPending}
          pendingLabel="Reading…"
          className="w-full shrink-0 sm:w-auto"
        >
          Read again with these columns
        </Button>
      </div>
    </div>
  );
}

interface FieldColumnSelectProps {
  field: ProgramColumnField;
  preview: ReaderPreview;
  column: string | null;
  isNeeded: boolean;
  isDisabled: boolean;
  onChange: (column: string | null) => void;
}

/** One field of a workout and the column that fills it (a React Aria select: arrow keys, type to find). */
function FieldColumnSelect({
  field,
  preview,
  column,
  isNeeded,
  isDisabled,
  onChange,
}: FieldColumnSelectProps) {
  const index = column === null ? -1 : preview.columns.findIndex((candidate) => candidate.name === column);
  return (
    <Select
      className="min-w-0"
      selectedKey={index < 0 ? notInFile : `column-${index}`}
      isDisabled={isDisabled}
      onSelectionChange={(key: Key | null) => {
        const chosen = key === null || key === notInFile ? null : Number(String(key).slice('column-'.length));
        onChange(chosen === null ? null : (preview.columns[chosen]?.name ?? null));
      }}
    >
      <Label className="block truncate text-sm font-semibold text-foreground">
        {programColumnLabels[field]}
      </Label>
      <Text
        slot="description"
        className={`mb-1 block truncate text-xs ${isNeeded ? 'font-semibold text-warning-foreground' : 'text-muted-foreground'}`}
      >
        {isNeeded ? (neededHints[field] ?? fieldHints[field]) : fieldHints[field]}
      </Text>
      <AriaButton
        className={`${selectButtonClass} ${
          column
            ? 'border-primary/50 font-medium text-foreground'
            : isNeeded
              ? 'border-warning text-muted-foreground'
              : 'border-border text-muted-foreground'
        }`}
      >
        <SelectValue className="truncate">{({ selectedText }) => selectedText}</SelectValue>
        <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" />
      </AriaButton>
      <Popover placement="bottom start" className={popoverClass}>
        <ListBox className="max-h-80 outline-none">
          <ListBoxItem id={notInFile} textValue="Not in this file" className={optionClass}>
            Not in this file
          </ListBoxItem>
          {preview.columns.map((candidate, position) => {
            const samples = candidate.samples.filter((sample) => sample !== '').slice(0, 3);
            return (
              <ListBoxItem
                key={`column-${position}`}
                id={`column-${position}`}
                textValue={candidate.name}
                className={optionClass}
              >
                <span className="truncate">{candidate.name}</span>
                {samples.length > 0 ? (
                  <span className="truncate text-xs font-normal text-muted-foreground">
                    e.g. {samples.join(', ')}
                  </span>
                ) : null}
              </ListBoxItem>
            );
          })}
        </ListBox>
      </Popover>
    </Select>
  );
}
