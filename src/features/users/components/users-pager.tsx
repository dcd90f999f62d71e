import { Link } from '@tanstack/react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { pageRange } from '../user-list-rules';

interface UsersPagerProps {
  /** From 0, as the API counts. */
  page: number;
  size: number;
  shown: number;
  total: number;
}

const stepClass =
  'inline-flex min-h-10 items-center gap-1 rounded-lg border border-border bg-surface px-3 text-sm font-semibold text-foreground shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:pointer-events-none aria-disabled:opacity-45';

/** "1–25 of 73" with previous and next pages; the page lives in the address (`?page=2`), counted from 1. */
export function UsersPager({ page, size, shown, total }: UsersPagerProps) {
  const range = pageRange(page, size, shown, total);
  const hasPrevious = page > 0;
  const hasNext = (page + 1) * size < total;
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 sm:px-5"
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {range ?? `0 of ${total}`}
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          {hasPrevious ? (
            <Link
              from="/app/users"
              search={(previous) => ({ ...previous, page: page > 1 ? page : undefined })}
              aria-label="Previous page"
              className={stepClass}
            >
              <ChevronDownIcon className="size-4 rotate-90" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={stepClass}>
              <ChevronDownIcon className="size-4 rotate-90" />
              Previous
            </span>
          )}
          {hasNext ? (
            <Link
              from="/app/users"
              search={(previous) => ({ ...previous, page: page + 2 })}
              aria-label="Next page"
              className={stepClass}
            >
              Next
              <ChevronDownIcon className="size-4 -rotate-90" />
            </Link>
          ) : (
            <span aria-disabled="true" className={stepClass}>
              Next
              <ChevronDownIcon className="size-4 -rotate-90" />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
