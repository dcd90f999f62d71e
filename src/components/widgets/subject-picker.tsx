import type { GroupSummary } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import { ChevronDownIcon, LayersIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { groupQueries } from '@/lib/groups/group-queries';
import { athleteQueries } from '@/lib/people/athlete-queries';

export type Subject =
  | { kind: 'organization' }
  | { kind: 'group'; id: string; name: string }
  | { kind: 'athlete'; id: string; name: string };

interface SubjectPickerProps {
  label: string;
  value: Subject;
  onChange: (subject: Subject) => void;
  /** The whole organisation is a choice on the calendar, not when scheduling a workout. */
  allowOrganization?: boolean;
  /** Athletes only (a log export is one athlete's history): no groups, no organisation. */
  athletesOnly?: boolean;
  /** The label shows above the box (in a form); else only a screen reader reads it. */
  showLabel?: boolean;
  /** A refusal of the choice, shown under the box. */
  error?: string | undefined;
  className?: string;
}

const organizationKey = 'organization';
const optionClass =
  'flex min-h-10 cursor-default items-center gap-2 rounded-lg px-3 text-sm text-foreground outline-none data-[focused]:bg-muted data-[selected]:font-semibold';

/**
 * Whose calendar: the organisation, a group or an athlete, found by typing (React Aria's combobox: groups from
 * the organisation's list, athletes searched on the server).
 */
export function SubjectPicker({
  label,
  value,
  onChange,
  allowOrganization: organizationAllowed = true,
  athletesOnly = false,
  showLabel = false,
  error,
  className = '',
}: SubjectPickerProps) {
  const allowOrganization = organizationAllowed && !athletesOnly;
  const [text, setText] = useState<string | null>(null);
  const searched = useDeferredValue((text ?? '').trim());
  const groups = useQuery({ ...groupQueries.list(), enabled: !athletesOnly });
  const athletes = useQuery(athleteQueries.search(searched, { approvedOnly: true }));
  const matches = (name: string) => name.toLowerCase().includes(searched.toLowerCase());
  const shownGroups: GroupSummary[] = athletesOnly
    ? []
    : (groups.data ?? []).filter((group) => matches(group.name));
  const shownAthletes = athletes.data ?? [];
  // Where the organisation is no choice it is no default either: the box asks instead of saying "Everyone".
  const asks = value.kind === 'organization' && !allowOrganization;
  const shownValue = value.kind === 'organization' ? (asks ? '' : 'Everyone') : value.name;

  return (
    <ComboBox
      className={`min-w-0 ${className}`}
      // What is typed wins while the input has the focus; a value set from outside then would open the list again.
      inputValue={text ?? shownValue}
      onInputChange={setText}
      selectedKey={
        value.kind === 'organization' ? (asks ? null : organizationKey) : `${value.kind}:${value.id}`
      }
      // Typing opens the list (or its button); focus alone does not, so a pick does not open it again.
      menuTrigger="input"
      allowsEmptyCollection
      isInvalid={error !== undefined}
      onSelectionChange={(key) => {
        if (key === null) return;
        const [kind, id] = String(key).split(':');
        if (kind === organizationKey) onChange({ kind: 'organization' });
        else if (kind === 'group') {
          const group = shownGroups.find((candidate) => candidate.id === id);
          if (group) onChange({ kind: 'group', id: group.id, name: group.name });
        } else {
          const athlete = shownAthletes.find((candidate) => candidate.id === id);
          if (athlete)
            onChange({ kind: 'athlete', id: athlete.id, name: `${athlete.firstName} ${athlete.lastName}` });
        }
      }}
    >
      <Label className={showLabel ? 'mb-1.5 block text-sm font-medium text-foreground' : 'sr-only'}>
        {label}
      </Label>
      <div className="relative">
        {value.kind === 'athlete' ? (
          <UserIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        ) : value.kind === 'group' ? (
          <LayersIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        ) : (
          <UsersIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        )}
        <Input
          placeholder={
            asks ? (athletesOnly ? 'Choose an athlete' : 'Choose an athlete or a group') : undefined
          }
          onFocus={(event) => event.currentTarget.select()}
          onBlur={() => setText(null)}
          className={`block min-h-11 w-full rounded-lg border ${error ? 'border-danger' : 'border-border'} bg-surface pr-10 pl-9 text-base font-medium text-foreground shadow-xs outline-none data-[focused]:outline-2 data-[focused]:-outline-offset-1 data-[focused]:outline-ring sm:text-sm`}
        />
        <Button
          aria-label={athletesOnly ? 'Show the athletes' : 'Show the groups and athletes'}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground outline-none"
        >
          <ChevronDownIcon className="size-4" />
        </Button>
      </div>
      <Popover
        placement="bottom start"
        className="w-(--trigger-width) min-w-64 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none"
      >
        <ListBox
          className="max-h-80 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-3 text-sm text-muted-foreground">
              {athletesOnly ? 'No athlete matches.' : 'No group or athlete matches.'}
            </p>
          )}
        >
          {allowOrganization ? (
            <ListBoxItem id={organizationKey} textValue="Everyone" className={optionClass}>
              <UsersIcon className="size-4 text-muted-foreground" />
              Everyone
            </ListBoxItem>
          ) : null}
          {shownGroups.length > 0 ? (
            <ListBoxSection>
              <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Groups
              </Header>
              {shownGroups.map((group) => (
                <ListBoxItem
                  key={group.id}
                  id={`group:${group.id}`}
                  textValue={group.name}
                  className={optionClass}
                >
                  <LayersIcon className="size-4 text-muted-foreground" />
                  <span className="flex-1 truncate">{group.name}</span>
                  <span className="text-xs text-muted-foreground">{group.memberCount}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
          {shownAthletes.length > 0 ? (
            <ListBoxSection>
              <Header className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Athletes
              </Header>
              {shownAthletes.map((athlete) => (
                <ListBoxItem
                  key={athlete.id}
                  id={`athlete:${athlete.id}`}
                  textValue={`${athlete.firstName} ${athlete.lastName}`}
                  className={optionClass}
                >
                  <UserIcon className="size-4 text-muted-foreground" />
                  {athlete.firstName} {athlete.lastName}
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
        </ListBox>
      </Popover>
      {error ? <FieldError className="mt-1 block text-sm text-danger">{error}</FieldError> : null}
    </ComboBox>
  );
}
