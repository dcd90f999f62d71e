import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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

/** A link to a questionnaire's trends. */
export function TrendsLink({
  questionnaireId,
  className,
  children,
}: {
  questionnaireId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to="/app/questionnaires/$questionnaireId/trends" params={{ questionnaireId }} className={className}>
      {children}
    </Link>
  );
}
