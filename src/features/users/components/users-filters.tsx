import type { GroupSummary, Role, UserStatus } from '@contract';
import { roles, userStatuses } from '@contract';
import type { ReactNode } from 'react';
import { useCallback, useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { DebouncedSearchField } from '@/components/ui/debounced-search-field';
import { roleLabels } from '@/lib/auth/role-labels';
import { statusLabels } from '../user-list-rules';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
  children: ReactNode;
  className?: string;
}

function FilterSelect({ label, value, onChange, children, className = '' }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={`relative min-w-0 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`block min-h-11 w-full appearance-none rounded-lg border bg-surface pr-9 pl-3 text-base shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
          value ? 'border-primary/50 font-medium text-primary-ink' : 'border-border text-foreground'
        }`}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

export interface UsersFilterValues {
  q: string;
  role: Role | undefined;
  status: UserStatus | undefined;
  group: string | undefined;
}

interface UsersFiltersProps {
  values: UsersFilterValues;
  groups: readonly GroupSummary[];
  onChange: (change: Partial<UsersFilterValues>) => void;
}

/** Search and the role, status and group filters, all kept in the address. */
export function UsersFilters({ values, groups, onChange }: UsersFiltersProps) {
  // Stable, so a re-render while typing does not restart the pause.
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <DebouncedSearchField
        label="Search people"
        className="min-w-0 flex-1 lg:max-w-sm"
        placeholder="Search by name or email"
        value={values.q}
        onSearch={onSearch}
      />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:flex lg:flex-none">
        <FilterSelect
          label="Role"
          value={values.role ?? ''}
          onChange={(role) => onChange({ role: role as Role | undefined })}
        >
          <option value="">All roles</option>
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Status"
          value={values.status ?? ''}
          onChange={(status) => onChange({ status: status as UserStatus | undefined })}
        >
          <option value="">All statuses</option>
          {userStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Group"
          value={values.group ?? ''}
          onChange={(group) => onChange({ group })}
          className="col-span-2 sm:col-span-1"
        >
          <option value="">All groups</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name} ({group.memberCount})
            </option>
          ))}
        </FilterSelect>
      </div>
    </div>
  );
}
