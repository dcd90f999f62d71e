import type { QuestionnaireSummary } from '@contract/questionnaires';
import { questionnaireTemplates } from '@contract/questionnaires';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ClipboardIcon, InboxIcon, PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { useScreenTitle } from '@/stores/header-store';
import { questionnaireQueries } from '../api/questionnaire-queries';
import { plural, templateLabels, templatePitches } from '../questionnaire-words';
import { primaryLinkClass, secondaryLinkClass, TrendsLink } from './questionnaire-screen-parts';

const route = getRouteApi('/app/questionnaires/');

const tabClass =
  'inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-surface aria-[current=page]:text-foreground aria-[current=page]:shadow-sm';

/** `/app/questionnaires`: what the organisation asks its athletes, and how many answered today. */
export function QuestionnairesPage() {
  useScreenTitle('Questionnaires');
  const { tab } = route.useSearch();
  const archived = tab === 'archived';
  const list = useQuery(questionnaireQueries.list({ archived }));

  return (
    <div className="space-y-5">
      <PageHeader
        title="Questionnaires"
        description="Wellness, readiness and session effort from the athletes’ phones, read against each one’s own normal."
        actions={
          <Link to="/app/questionnaires/new" className={primaryLinkClass}>
            <PlusIcon className="size-4" />
            New questionnaire
          </Link>
        }
      />
      <nav
        aria-label="Questionnaires"
        className="inline-flex rounded-xl border border-border bg-muted/60 p-1"
      >
        <Link
          from="/app/questionnaires/"
          search={{}}
          activeOptions={{ includeSearch: true, explicitUndefined: true }}
          className={tabClass}
        >
          In use
        </Link>
        <Link
          from="/app/questionnaires/"
          search={{ tab: 'archived' }}
          activeOptions={{ includeSearch: true }}
          className={tabClass}
        >
          Archived
        </Link>
      </nav>

      <section aria-label={archived ? 'Archived questionnaires' : 'Questionnaires in use'}>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Alert title="The questionnaires could not be loaded.">
            <p>{requestFailureMessage(list.error)}</p>
            <Button
              variant="secondary"
              className="mt-3"
              isPending={list.isRefetching}
              onClick={() => void list.refetch()}
            >
              Try again
            </Button>
          </Alert>
        ) : list.data.questionnaires.length === 0 ? (
          archived ? (
            <Card>
              <EmptyState icon={InboxIcon} title="Nothing archived">
                An archived questionnaire is no longer asked; its answers and trends stay. Restore it from its
                page.
              </EmptyState>
            </Card>
          ) : (
            <TemplateOffer />
          )
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.data.questionnaires.map((questionnaire) => (
              <li key={questionnaire.id}>
                <QuestionnaireCard questionnaire={questionnaire} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function QuestionnaireCard({ questionnaire }: { questionnaire: QuestionnaireSummary }) {
  const { id, name, description, template, questionCount, activeAssignments, today, archivedAt } =
    questionnaire;
  return (
    <Card className="flex h-full flex-col p-5" aria-labelledby={`questionnaire-${id}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`questionnaire-${id}`} className="min-w-0 text-lg font-semibold text-foreground">
          <Link
            to="/app/questionnaires/$questionnaireId"
            params={{ questionnaireId: id }}
            className="rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {name}
          </Link>
        </h2>
        <span className="shrink-0 rounded-md bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-ink">
          {template ? templateLabels[template] : 'Custom'}
        </span>
      </div>
      {description ? <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{description}</p> : null}
      <p className="mt-3 text-sm text-foreground">
        {plural(questionCount, 'question')}
        <span aria-hidden="true" className="px-1.5 text-muted-foreground">
          ·
        </span>
        {archivedAt
          ? 'Archived'
          : activeAssignments === 0
            ? 'Not assigned yet'
            : plural(activeAssignments, 'active assignment')}
      </p>

      {today.length > 0 ? (
        <div className="mt-4 border-t border-border pt-3">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Today</h3>
          <ul className="mt-2 space-y-2" aria-label={`Answered today, ${name}`}>
            {today.map((rate) => (
              <li key={rate.groupId ?? 'individual'}>
                <AnswerRate name={rate.name} due={rate.due} answered={rate.answered} />
              </li>
            ))}
          </ul>
        </div>
      ) : !archivedAt && activeAssignments > 0 ? (
        <p className="mt-4 border-t border-border pt-3 text-sm text-muted-foreground">
          Nobody is asked today.
        </p>
      ) : null}

      <div className="mt-auto grid grid-cols-2 gap-2 pt-4 sm:flex">
        <Link
          to="/app/questionnaires/$questionnaireId"
          params={{ questionnaireId: id }}
          className={secondaryLinkClass}
          aria-label={`Open ${name}`}
        >
          {archivedAt ? (
            'Open'
          ) : (
            <>
              <span className="sm:hidden">Open</span>
              <span className="hidden sm:inline">Edit and assign</span>
            </>
          )}
        </Link>
        <TrendsLink questionnaireId={id} className={secondaryLinkClass}>
          <span aria-hidden="true">Trends</span>
          <span className="sr-only">Trends of {name}</span>
        </TrendsLink>
      </div>
    </Card>
  );
}

/** "Pitchers 12 / 18 answered" with a bar: the words carry it, the bar is for the eye. */
function AnswerRate({ name, due, answered }: { name: string; due: number; answered: number }) {
  // Answers to a questionnaire answerable any day may come when none was due: a count, no rate.
  if (due === 0)
    return (
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium text-foreground">{name}</span>
        <span className="shrink-0 text-muted-foreground tabular-nums">{answered} answered</span>
      </div>
    );
  const share = Math.min(1, answered / due);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium text-foreground">{name}</span>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {answered} / {due} answered
        </span>
      </div>
      <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted">
        <div
          className={`h-full rounded-full ${share === 1 ? 'bg-success' : 'bg-primary'}`}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

/** No questionnaire yet: the three ready-made ones, each a tap away from the builder filled in. */
function TemplateOffer() {
  return (
    <Card className="px-5 py-8 sm:px-8">
      <EmptyState icon={ClipboardIcon} title="Ask your athletes how they are" className="py-0">
        Start from a questionnaire sports scientists use, then assign it to a group. You can change every
        question.
      </EmptyState>
      <ul className="mx-auto mt-6 grid max-w-3xl gap-3 sm:grid-cols-3">
        {questionnaireTemplates.map((template) => (
          <li key={template}>
            <Link
              to="/app/questionnaires/new"
              search={{ template }}
              className="flex h-full flex-col rounded-xl border border-border bg-surface p-4 text-left shadow-xs transition-colors hover:border-primary hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="font-semibold text-foreground">{templateLabels[template]}</span>
              <span className="mt-1 text-sm text-muted-foreground">{templatePitches[template]}</span>
              <span className="mt-3 text-sm font-semibold text-primary-ink">Use this one</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-center text-sm text-muted-foreground">
        Or{' '}
        <Link to="/app/questionnaires/new" className="font-semibold text-primary-ink hover:underline">
          build your own
        </Link>
        .
      </p>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading the questionnaires…</span>
      {[0, 1].map((index) => (
        <Card key={index} className="space-y-3 p-5">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
