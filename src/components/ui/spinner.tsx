interface SpinnerProps {
  /** Read out by screen readers; the spinner itself is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ label, className = 'size-5' }: SpinnerProps) {
  return (
    <>
      <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-90" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4Z" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** Spec 2: the spinner shown while a screen loads. */
export function FullPageSpinner() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-primary-ink">
      <Spinner label="Loading…" className="size-8" />
    </div>
  );
}

/**
 * The router's pending screen while a lazy screen (its code or its loader) arrives: it fills the space the
 * screen will take, so neither the spinner nor the screen after it moves anything.
 */
export function RoutePendingSpinner() {
  return (
    <div
      role="status"
      className="flex min-h-[60dvh] w-full flex-1 flex-col items-center justify-center gap-3 text-primary-ink"
    >
      <Spinner className="size-8" />
      <span className="text-sm font-medium text-muted-foreground">Loading…</span>
    </div>
  );
}
