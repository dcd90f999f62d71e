import type { FlagLevel } from '@contract/questionnaire-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { useFormats } from '@/lib/format/use-formats';
import { trendQueries } from '../api/trend-queries';
import type { ReadinessAthlete } from '../trend-figures';
import { flaggedItemWords, flagWords, readinessRows } from '../trend-figures';

export const flagChipClass: Record<FlagLevel | 'waiting', string> = {
  red: 'bg-danger/15 text-danger ring-danger/40',
  amber: 'bg-warning/20 text-warning-foreground ring-warning/50',
  waiting: 'bg-muted text-muted-foreground ring-border-strong',
};

const rowLinkClass =
  'flex items-start justify-between gap-3 rounded-lg px-2 py-2 -mx-2 hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The questionnaire an athlete's row opens: its worst flagged one, else the one most athletes have due today. */
function questionnaireOf(athlete: ReadinessAthlete, mostDue: string | null): string | null {
  const worst = athlete.flagged.find((item) => item.flag.level === 'red') ?? athlete.flagged[0];
  return worst?.questionnaireId ?? mostDue;
}

/** A flag's chip: its level in words on the level's colour (never colour alone). */
export function FlagChip({ level }: { level: FlagLevel | 'waiting' }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${flagChipClass[level]}`}
    >
      {level === 'waiting' ? 'Not answered' : flagWords[level]}
    </span>
  );
}

function AthleteRow({
  athlete,
  questionnaireId,
  children,
}: {
  athlete: ReadinessAthlete;
  questionnaireId: string | null;
  children?: ReactNode;
}) {
  const name = `${athlete.athlete.firstName} ${athlete.athlete.lastName}`;
  const body = (
    <>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-foreground">{name}</span>
        {children}
      </span>
      <FlagChip level={athlete.flag ?? 'waiting'} />
    </>
  );
  if (!questionnaireId) return <div className="flex items-start justify-between gap-3 py-2">{body}</div>;
  return (
    <Link
      to="/app/questionnaires/$questionnaireId/trends"
      params={{ questionnaireId }}
      search={{ athleteId: athlete.athlete.id }}
      className={rowLinkClass}
    >
      {body}
    </Link>
  );
}

/**
 * Staff: today's questionnaires at a glance (issue 26): how many of the athletes with one due answered, the flagged
 * first with the items that flagged, then who has not answered; each row opens that athlete's trend.
 */
export function ReadinessWidget() {
  const formats = useFormats();
  const readiness = useQuery(trendQueries.readiness());
  const questionnaires = useQuery(trendQueries.questionnaires());

  if (readiness.isPending) {
    // Named, so it is never taken for the page's one unnamed status (the guide's stand-in band).
    return (
      <div role="status" aria-label="Loading today’s readiness" className="space-y-3">
        <span className="sr-only">Loading today’s readiness…</span>
        <Skeleton className="h-5 w-40" aria-hidden="true" />
        <Skeleton className="h-2 w-full" aria-hidden="true" />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-11 w-full" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (!readiness.data) {
    return (
      <div className="text-sm">
        <p className="text-muted-foreground">Today’s answers could not be loaded. Check your connection.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void readiness.refetch()}
          isPending={readiness.isRefetching}
        >
          Try again
        </Button>
      </div>
    );
  }

  const { due, answered, athletes } = readiness.data;
  if (due === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
        <p className="text-sm font-medium text-foreground">No questionnaires due today</p>
        <p className="mt-0.5 text-sm text-muted-foreground">
          A short daily wellness check shows who slept badly, is sore or stressed before the session.
        </p>
        {/* The questionnaires screen's route (issue 26, another part of the work): typed once both are merged. */}
        <Link to="/app/questionnaires" className={`mt-2 inline-flex text-sm ${textLinkClass}`}>
          Assign a wellness check
        </Link>
      </div>
    );
  }

  const { flagged, waiting } = readinessRows(athletes);
  const mostDue =
    questionnaires.data?.questionnaires
      .map((questionnaire) => ({
        id: questionnaire.id,
        due: questionnaire.today.reduce((sum, group) => sum + group.due, 0),
      }))
      .filter((questionnaire) => questionnaire.due > 0)
      .sort((a, b) => b.due - a.due)[0]?.id ?? null;
  const rate = due > 0 ? answered / due : 0;

  return (
    <div>
      <p className="text-sm text-muted-foreground">
        <span className="text-2xl font-semibold text-foreground tabular-nums">{answered}</span> of{' '}
        <span className="tabular-nums">{due}</span> answered
      </p>
      <div
        role="meter"
        aria-label="Answered today"
        aria-valuemin={0}
        aria-valuemax={due}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${due} answered`}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${Math.round(rate * 100)}%` }} />
      </div>

      {flagged.length === 0 && waiting.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Everyone answered, and nobody is flagged.</p>
      ) : null}

      {flagged.length > 0 ? (
        <ul className="mt-3 divide-y divide-border" aria-label="Flagged today">
          {flagged.map((athlete) => (
            <li key={athlete.athlete.id}>
              <AthleteRow athlete={athlete} questionnaireId={questionnaireOf(athlete, mostDue)}>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {athlete.flagged.map((item) => flaggedItemWords(item, formats.number)).join(', ')}
                </span>
              </AthleteRow>
            </li>
          ))}
        </ul>
      ) : null}

      {waiting.length > 0 ? (
        <>
          <h3 className="mt-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Not answered yet
          </h3>
          <ul className="mt-1 divide-y divide-border" aria-label="Not answered yet">
            {waiting.map((athlete) => (
              <li key={athlete.athlete.id}>
                <AthleteRow athlete={athlete} questionnaireId={questionnaireOf(athlete, mostDue)}>
                  {athlete.answered > 0 ? (
                    <span className="mt-0.5 block text-xs text-muted-foreground">
                      {athlete.answered} of {athlete.due} answered
                    </span>
                  ) : null}
                </AthleteRow>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
