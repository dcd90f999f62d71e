import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown under the field, linked as its description and marking it invalid. */
  error?: string | undefined;
  /** Rendered inside the field on the right, e.g. a show-password toggle. */
  trailing?: ReactNode;
}

export function TextField({ label, error, trailing, className = '', ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
            error ? 'border-danger' : 'border-border'
          } ${trailing ? 'pr-20' : ''}`}
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {/* Reserved line height: an error appearing does not push the form down. */}
      <p id={errorId} className="mt-1 mb-2 min-h-5 text-sm text-danger">
        {error ?? ''}
      </p>
    </div>
  );
}
