import type { ImportMapping, ImportPreview } from '@contract/pitching';
import type { Key } from 'react-aria-components';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { ThrowImportKind } from '../import-search';
import { fieldLabel } from '../import-words';

export const fieldClass =
  'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-surface px-3 text-left text-base shadow-xs outline-none focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-ring disabled:opacity-60 sm:text-sm';
export const optionClass =
  'flex min-h-10 cursor-default flex-wrap items-center gap-x-2 rounded-lg px-3 py-1.5 text-sm text-foreground outline-none data-[focused]:bg-muted data-[selected]:font-semibold';
export const popoverClass =
  'w-(--trigger-width) min-w-64 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none';

const leaveOut = '__leave-out__';

/** The mapping with `column` filling `field` (or nothing): a field takes one column, so it leaves any other. */
export function remapped(
  mapping: ImportMapping,
  fields: readonly string[],
  column: string,
  field: string | null,
): ImportMapping {
  const next: ImportMapping = Object.fromEntries(
    fields.map((candidate) => {
      const current = mapping[candidate] ?? null;
      return [candidate, current === column ? null : current];
    }),
  );
  if (field) next[field] = column;
  return next;
}

interface ColumnMappingProps {
  kind: ThrowImportKind;
  preview: ImportPreview;
  fields: readonly string[];
  isUpdating: boolean;
  onChange: (mapping: ImportMapping) => void;
}

/** Each column of the file with its first values and the field it fills (React Aria selects). */
export function ColumnMapping({ kind, preview, fields, isUpdating, onChange }: ColumnMappingProps) {
  return (
    <ul className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {preview.columns.map((column) => {
        const samples = column.samples.filter((sample) => sample !== '').slice(0, 3);
        return (
          <li key={column.name} className="min-w-0">
            <Select
              className="min-w-0"
              selectedKey={column.field ?? leaveOut}
              isDisabled={isUpdating}
              onSelectionChange={(key: Key | null) => {
                const field = key === null || key === leaveOut ? null : String(key);
                if (field !== column.field) onChange(remapped(preview.mapping, fields, column.name, field));
              }}
            >
              <Label className="block truncate text-sm font-semibold text-foreground">{column.name}</Label>
              <Text slot="description" className="mb-1 block truncate text-xs text-muted-foreground">
                {samples.length > 0 ? `e.g. ${samples.join(', ')}` : 'Empty in the first rows'}
              </Text>
              <Button
                className={`${fieldClass} ${column.field ? 'border-primary/50 font-medium text-foreground' : 'border-border text-muted-foreground'}`}
              >
                <SelectValue className="truncate" />
                <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" />
              </Button>
              <Popover placement="bottom start" className={popoverClass}>
                <ListBox className="max-h-80 outline-none">
                  <ListBoxItem id={leaveOut} textValue="Leave out" className={optionClass}>
                    Leave out
                  </ListBoxItem>
                  {fields.map((field) => {
                    const label = fieldLabel(kind, field);
                    const elsewhere = preview.mapping[field];
                    return (
                      <ListBoxItem key={field} id={field} textValue={label} className={optionClass}>
                        <span>{label}</span>
                        {elsewhere && elsewhere !== column.name ? (
                          <span className="text-xs font-normal text-muted-foreground">now “{elsewhere}”</span>
                        ) : null}
                      </ListBoxItem>
                    );
                  })}
                </ListBox>
              </Popover>
            </Select>
          </li>
        );
      })}
    </ul>
  );
}
