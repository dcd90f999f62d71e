import type { HTMLAttributes } from 'react';

/** The white (or, in the dark theme, raised) panel that screens group their content in. */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={`overflow-hidden rounded-2xl border border-border bg-surface shadow-xs ${className}`}
      {...rest}
    />
  );
}
