import type { GroupSummary } from '@contract';
import { activityKinds } from '@contract/tracking';
import { useQuery } from '@tanstack/react-query';
import type { Key } from 'react-aria-components';
import { useDeferredValue, useState } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { ChevronDownIcon, CloseIcon, UserIcon } from '@/components/ui/icons';
import { athleteQueries } from '@/lib/people/athlete-queries';
import type { ActivityFeedFilters } from '../activity-search';
import { activityKindLabels } from './activity-icons';

const fieldClass =
  'block min-h-11 w-full rounded-lg border bg-surface px-3 text-base shadow-xs outline-none focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';
const optionClass =
  'flex min-h-10 cursor-default items-center gap-2 rounded-lg px-3 text-sm text-foreground outline-none data-[focused]:bg-muted data-[selected]:font-semibold';
const popoverClass =
  'w-(--trigger-width) min-w-56 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none';
const labelClass = 'mb-1 block text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const allKey = 'all';

interface ActivityFiltersProps {
  values: ActivityFeedFilters;
  groups: readonly GroupSummary[];
  /** Staff filter by athlete and group; an athlete's feed is what it may see. */
  byPerson: boolean;
  onChange: (change: Partial<ActivityFeedFilters>) => void;
}

/** The feed's filters (athlete, group, kind), all kept in the address. */
export function ActivityFilters({ values, groups, byPerson, onChange }: ActivityFiltersProps) {
  return (
    <div
      role="group"
      aria-label="Filters"
      className={`grid grid-cols-2 gap-2 ${byPerson ? 'lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]' : 'sm:grid-cols-[minmax(0,16rem)] sm:justify-start'}`}
    >
      {byPerson ? (
        <>
          <AthleteFilter
            athleteId={values.athleteId}
            onChange={(athleteId) => onChange({ athleteId })}
            className="col-span-2 lg:col-span-1"
          />
          <PickerSelect
            label="Group"
            value={values.groupId}
            allLabel="All groups"
            options={groups.map((group) => ({ id: group.id, name: group.name }))}
            onChange={(groupId) => onChange({ groupId })}
          />
        </>
      ) : null}
      <PickerSelect
        label="Kind"
        value={values.kind}
        allLabel="Everything"
        options={activityKinds.map((kind) => ({ id: kind, name: activityKindLabels[kind] }))}
        onChange={(kind) => onChange({ kind: activityKinds.find((known) => known === kind) })}
        className={byPerson ? '' : 'col-span-2 sm:col-span-1'}
      />
    </div>
  );
}

/** A React Aria select with an "all" choice that clears the filter. */
function PickerSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
  className = '',
}: {
  label: string;
  value: string | undefined;
  allLabel: string;
  options: readonly { id: string; name: string }[];
  onChange: (value: string | undefined) => void;
  className?: string;
}) {
  return (
    <Select
      className={`min-w-0 ${className}`}
      selectedKey={value ?? allKey}
      onSelectionChange={(key: Key | null) =>
        onChange(key === null || key === allKey ? undefined : String(key))
      }
    >
      <Label className={labelClass}>{label}</Label>
      <Button
        className={`${fieldClass} flex items-center justify-between gap-2 text-left ${value ? 'border-primary/50 font-medium text-primary-ink' : 'border-border text-foreground'}`}
      >
        <SelectValue className="truncate" />
        <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" />
      </Button>
      <Popover placement="bottom start" className={popoverClass}>
        <ListBox className="max-h-80 outline-none">
          <ListBoxItem id={allKey} textValue={allLabel} className={optionClass}>
            {allLabel}
          </ListBoxItem>
          {options.map((option) => (
            <ListBoxItem key={option.id} id={option.id} textValue={option.name} className={optionClass}>
              {option.name}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** Athletes found by typing (React Aria's combobox over the users search); the clear button drops the filter. */
function AthleteFilter({
  athleteId,
  onChange,
  className = '',
}: {
  athleteId: string | undefined;
  onChange: (athleteId: string | undefined) => void;
  className?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const searched = useDeferredValue((text ?? '').trim());
  const athletes = useQuery(athleteQueries.search(searched));
  const chosenName = useQuery({ ...athleteQueries.name(athleteId ?? ''), enabled: Boolean(athleteId) });
  const shownValue = athleteId ? (chosenName.data ?? '') : '';

  return (
    <ComboBox
      className={`min-w-0 ${className}`}
      inputValue={text ?? shownValue}
      onInputChange={setText}
      selectedKey={athleteId ?? null}
      menuTrigger="input"
      allowsEmptyCollection
      onSelectionChange={(key) => {
        // The picked name stays as typed text until the input loses the focus: setting it would open the list again.
        if (key !== null) onChange(String(key));
      }}
    >
      <Label className={labelClass}>Athlete</Label>
      <div className="relative">
        <UserIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          placeholder="All athletes"
          onFocus={(event) => event.currentTarget.select()}
          onBlur={() => setText(null)}
          className={`${fieldClass} pr-20 pl-9 ${athleteId ? 'border-primary/50 font-medium text-primary-ink' : 'border-border text-foreground'}`}
        />
        <div className="absolute inset-y-0 right-0 flex items-center">
          {athleteId ? (
            <button
              type="button"
              aria-label="Show every athlete"
              onClick={() => {
                setText(null);
                onChange(undefined);
              }}
              className="flex size-10 items-center justify-center text-muted-foreground outline-none hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <CloseIcon className="size-4" />
            </button>
          ) : null}
          <Button
            aria-label="Show the athletes"
            className="flex size-10 items-center justify-center text-muted-foreground outline-none"
          >
            <ChevronDownIcon className="size-4" />
          </Button>
        </div>
      </div>
      <Popover placement="bottom start" className={popoverClass}>
        <ListBox
          className="max-h-80 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-3 text-sm text-muted-foreground">No athlete matches.</p>
          )}
        >
          {(athletes.data ?? []).map((athlete) => (
            <ListBoxItem
              key={athlete.id}
              id={athlete.id}
              textValue={`${athlete.firstName} ${athlete.lastName}`}
              className={optionClass}
            >
              <UserIcon className="size-4 text-muted-foreground" />
              {athlete.firstName} {athlete.lastName}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
