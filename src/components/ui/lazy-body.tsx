import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { Spinner } from './spinner';

/** The body of a modal or drawer, which may be a lazy component: a centred spinner while its code loads. */
export function LazyBody({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex justify-center py-8 text-primary-ink">
          <Spinner label="Loading…" className="size-6" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
