import type { ImportPreview } from '@contract/pitching';
import { format, isValid, parseISO } from 'date-fns';
import type { Key } from 'react-aria-components';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Alert } from '@/components/ui/alert';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateImport } from '../api/update-import';
import type { ThrowImportKind } from '../import-search';
import { countsLine, fieldLabel, formatLabel, rowsOf } from '../import-words';
import { ColumnMapping, fieldClass, optionClass, popoverClass } from './column-mapping';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A saved value as a person reads it: "Called strike", "Yes", "16:10:00", "—". */
function cellText(field: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'thrownAt' && typeof value === 'string') {
    const time = parseISO(value);
    return isValid(time) ? format(time, 'HH:mm:ss') : value;
  }
  if (typeof value === 'string') return capitalised(value.replace(/_/g, ' '));
  return String(value);
}

/** "Pitch type and Velocity (mph)". */
const listOf = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

interface ImportPreviewProps {
  kind: ThrowImportKind;
  preview: ImportPreview;
  fields: readonly string[];
}

/**
 * Step 2: what the file was read as, what each column fills (changing one reads the file again on the server)
 * and the rows as they will be saved, with the ones that do not parse and why.
 */
export function ImportPreviewStep({ kind, preview, fields }: ImportPreviewProps) {
  const update = useUpdateImport(kind, preview.id);
  const needsColumns = preview.format === 'mapped' || preview.status === 'needs_mapping';
  const shownFields = fields.filter(
    (field) =>
      field === 'sequence' ||
      preview.rows.some((row) => row[field] !== null && row[field] !== undefined && row[field] !== ''),
  );
  const usedColumns = preview.columns.filter((column) => column.field !== null).length;

  return (
    <div className="space-y-5" aria-busy={update.isPending || undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-primary-ink">
          {formatLabel(preview)}
        </span>
        <span className="text-sm text-foreground tabular-nums">{countsLine(preview)}</span>
        {update.isPending ? (
          <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Updating the preview…
          </span>
        ) : null}
      </div>

      {update.isError ? (
        <Alert title="The preview could not be updated.">
          {update.error.message} The choice before is kept; try again.
        </Alert>
      ) : null}

      {preview.pitchers.length > 1 ? (
        <PitcherSelect
          preview={preview}
          isUpdating={update.isPending}
          onChange={(pitcher) => update.mutate({ pitcher })}
        />
      ) : null}

      <section aria-labelledby="import-columns-title">
        {needsColumns ? <ColumnsHeading preview={preview} /> : null}
        {preview.unmappedRequired.length > 0 ? (
          <Alert
            className="mb-3"
            title={`Choose a column for ${listOf(preview.unmappedRequired.map((field) => fieldLabel(kind, field)))}.`}
          >
            A {kind === 'pitches' ? 'pitch' : 'throw'} cannot be saved without{' '}
            {preview.unmappedRequired.length === 1 ? 'it' : 'them'}.
          </Alert>
        ) : preview.status === 'needs_mapping' ? (
          <Alert className="mb-3">Choose at least one column to import.</Alert>
        ) : null}
        {needsColumns ? (
          <ColumnMapping
            kind={kind}
            preview={preview}
            fields={fields}
            isUpdating={update.isPending}
            onChange={(mapping) => update.mutate({ mapping })}
          />
        ) : (
          <details className="group rounded-xl border border-border">
            <summary
              id="import-columns-title"
              className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-sm font-semibold text-foreground"
            >
              Columns: {usedColumns} of {preview.columns.length} used
              <ChevronDownIcon className="size-4 text-muted-foreground transition-transform group-open:rotate-180" />
            </summary>
            <div className="border-t border-border p-3">
              <p className="mb-3 text-sm text-muted-foreground">
                A change reads the file again, and is kept for your organisation’s next files.
              </p>
              <ColumnMapping
                kind={kind}
                preview={preview}
                fields={fields}
                isUpdating={update.isPending}
                onChange={(mapping) => update.mutate({ mapping })}
              />
            </div>
          </details>
        )}
      </section>

      {preview.rows.length > 0 ? <RowsTable kind={kind} preview={preview} fields={shownFields} /> : null}

      {preview.errorCount > 0 ? <ProblemRows preview={preview} /> : null}
    </div>
  );
}

function ColumnsHeading({ preview }: { preview: ImportPreview }) {
  return (
    <div className="mb-3">
      <h3 id="import-columns-title" className="text-base font-semibold text-foreground">
        Columns
      </h3>
      <p className="text-sm text-muted-foreground">
        {preview.status === 'needs_mapping'
          ? 'Choose what each column of the file fills. '
          : 'What each column of the file fills. '}
        Your choices are kept for your organisation’s next files.
      </p>
    </div>
  );
}

/** A TrackMan game file holds every pitcher of the game: only the chosen one's pitches are imported. */
function PitcherSelect({
  preview,
  isUpdating,
  onChange,
}: {
  preview: ImportPreview;
  isUpdating: boolean;
  onChange: (pitcher: string) => void;
}) {
  return (
    <div className="max-w-sm">
      <Select
        selectedKey={preview.pitcher}
        isDisabled={isUpdating}
        placeholder="Choose the pitcher"
        onSelectionChange={(key: Key | null) => {
          if (key !== null && key !== preview.pitcher) onChange(String(key));
        }}
      >
        <Label className="mb-1 block text-sm font-semibold text-foreground">Pitcher</Label>
        <Button
          className={`${fieldClass} ${preview.pitcher ? 'border-primary/50 text-foreground' : 'border-danger/60 text-muted-foreground'}`}
        >
          <SelectValue className="truncate" />
          <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" />
        </Button>
        <Popover placement="bottom start" className={popoverClass}>
          <ListBox className="max-h-80 outline-none">
            {preview.pitchers.map((pitcher) => (
              <ListBoxItem key={pitcher} id={pitcher} textValue={pitcher} className={optionClass}>
                {pitcher}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <p className="mt-1 text-sm text-muted-foreground">
        {preview.pitcher
          ? `Only ${preview.pitcher}’s pitches are imported.`
          : `The file has the pitches of ${preview.pitchers.length} pitchers: choose whose to import.`}
      </p>
    </div>
  );
}

/** The rows as they will be saved: a table that scrolls sideways on a phone (and down past 200 rows). */
function RowsTable({
  kind,
  preview,
  fields,
}: {
  kind: ThrowImportKind;
  preview: ImportPreview;
  fields: readonly string[];
}) {
  const shown = preview.rows.length;
  const title =
    shown < preview.validCount
      ? `The first ${shown} of ${preview.validCount.toLocaleString('en-US')} rows as they will be saved`
      : 'Rows as they will be saved';
  return (
    <div>
      <h3 id="import-rows-title" className="mb-2 text-base font-semibold text-foreground">
        {title}
      </h3>
      <div
        role="region"
        aria-labelledby="import-rows-title"
        tabIndex={0}
        className="max-h-[28rem] overflow-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full text-sm tabular-nums">
          <thead className="sticky top-0 bg-muted text-xs font-semibold text-muted-foreground">
            <tr>
              {fields.map((field) => (
                <th key={field} scope="col" className="px-3 py-2 text-left whitespace-nowrap">
                  {field === 'sequence' ? '#' : fieldLabel(kind, field)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, index) => (
              <tr key={`${String(row.sequence)}-${index}`} className="border-t border-border/70">
                {fields.map((field) => (
                  <td
                    key={field}
                    className={`px-3 py-1.5 whitespace-nowrap ${field === 'sequence' ? 'text-muted-foreground' : 'text-foreground'}`}
                  >
                    {cellText(field, row[field])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The rows that do not parse, by their line in the file (what a spreadsheet shows) and the reason. */
function ProblemRows({ preview }: { preview: ImportPreview }) {
  const more = preview.errorCount - preview.errors.length;
  return (
    <section aria-labelledby="import-problems-title">
      <h3 id="import-problems-title" className="mb-2 text-base font-semibold text-danger">
        {preview.errorCount === 1 ? '1 row with a problem' : `${rowsOf(preview.errorCount)} with problems`}
      </h3>
      <ul className="max-h-64 space-y-1 overflow-auto rounded-xl border border-danger/30 bg-danger/5 px-3 py-2 text-sm">
        {preview.errors.map((error, index) => (
          <li key={`${error.line}-${index}`} className="text-foreground">
            <span className="font-semibold tabular-nums">Line {error.line}:</span> {error.message}
          </li>
        ))}
        {more > 0 ? <li className="text-muted-foreground">and {rowsOf(more)} more</li> : null}
      </ul>
    </section>
  );
}
