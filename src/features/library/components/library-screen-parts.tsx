import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronDownIcon, DumbbellIcon } from '@/components/ui/icons';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import type { LibraryTab } from '../library-search';

/** "‹ Workout library" above a library screen, back to the tab it belongs to. */
export function BackToLibrary({ tab }: { tab: LibraryTab }) {
  return (
    <Link
      to="/app/library"
      search={tab === 'exercises' ? { tab } : {}}
      className="inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ChevronDownIcon className="size-4 rotate-90" />
      Workout library
    </Link>
  );
}

export function LibraryNotAllowed({ title }: { title: string }) {
  return (
    <NotAllowedPage
      title={title}
      icon={DumbbellIcon}
      reason="Your coaches build the workouts here; your schedule shows the ones that are yours."
    />
  );
}

/** A library item that is not there (deleted, another organisation's) or could not be read. */
export function LibraryItemMissing({
  error,
  what,
  tab,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  what: 'workout' | 'exercise';
  tab: LibraryTab;
  onRetry: () => void;
  isRetrying: boolean;
}): ReactNode {
  const missing = isApiRequestError(error) && error.status === 404;
  return (
    <div className="space-y-5">
      <BackToLibrary tab={tab} />
      <Card>
        <EmptyState
          icon={DumbbellIcon}
          title={missing ? `No such ${what} in your library` : `This ${what} could not be loaded`}
          action={
            missing ? (
              <Link to="/app/library" search={tab === 'exercises' ? { tab } : {}} className={textLinkClass}>
                Back to the library
              </Link>
            ) : (
              <Button variant="secondary" onClick={onRetry} isPending={isRetrying}>
                Try again
              </Button>
            )
          }
        >
          {missing ? 'It may have been deleted.' : 'Check your connection and try again.'}
        </EmptyState>
      </Card>
    </div>
  );
}
