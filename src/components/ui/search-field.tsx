import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';
import { SearchIcon } from './icons';

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> {
  /** The field's accessible name; the magnifier and the placeholder say the rest visually. */
  label: string;
  /** Classes of the wrapper, which sizes the field in its toolbar. */
  className?: string;
}

/** A search box of a list screen: a magnifier inside, no autocomplete. */
export function SearchField({ label, className = '', ...inputProps }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        id={id}
        type="search"
        autoComplete="off"
        className="block min-h-11 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        {...inputProps}
      />
    </div>
  );
}
