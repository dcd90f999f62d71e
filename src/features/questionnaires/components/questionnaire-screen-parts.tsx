import { Link, useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { ChevronDownIcon, ClipboardIcon } from '@/components/ui/icons';

export const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
export const secondaryLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** "‹ Questionnaires" above a questionnaire's screens. */
export function BackToQuestionnaires() {
  return (
    <Link
      to="/app/questionnaires"
      className="inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ChevronDownIcon className="size-4 rotate-90" />
      Questionnaires
    </Link>
  );
}

export function QuestionnairesNotAllowed({ title }: { title: string }) {
  return (
    <NotAllowedPage
      title={title}
      icon={ClipboardIcon}
      reason="Your coaches build the questionnaires here; the ones you are asked show on your Home."
    />
  );
}

/**
 * A link to a questionnaire's trends (`/app/questionnaires/{id}/trends`, issue 26's trends screens): an address
 * the router opens in place, written by hand because that route is built beside this screen, not before it.
 */
export function TrendsLink({
  questionnaireId,
  className,
  children,
}: {
  questionnaireId: string;
  className: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const href = `/app/questionnaires/${questionnaireId}/trends`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens a tab, as any link.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a href={href} onClick={open} className={className}>
      {children}
    </a>
  );
}
