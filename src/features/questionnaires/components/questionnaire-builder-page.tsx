import type { QuestionnaireItem } from '@contract/questionnaires';
import { questionnaireTemplates } from '@contract/questionnaires';
import { questionnaireTemplateBodies } from '@contract/questionnaire-templates';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ClipboardIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { requestFailureMessage, requestFailureSummary } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import { useScreenTitle } from '@/stores/header-store';
import { useArchiveQuestionnaire } from '../api/archive-questionnaire';
import { questionnaireQueries } from '../api/questionnaire-queries';
import {
  emptyQuestionnaireForm,
  questionnaireDraftKey,
  questionnaireFormOf,
  templateFormOf,
} from '../questionnaire-form';
import { plural, templateLabels } from '../questionnaire-words';
import { AssignmentsPanel } from './assignments-panel';
import { QuestionnaireBuilder } from './questionnaire-builder';
import { BackToQuestionnaires, secondaryLinkClass, TrendsLink } from './questionnaire-screen-parts';

const newRoute = getRouteApi('/app/questionnaires/new');
const route = getRouteApi('/app/questionnaires/$questionnaireId/');

const chipClass =
  'inline-flex min-h-10 items-center rounded-full border border-border bg-surface px-3.5 text-sm font-semibold text-foreground transition-colors hover:border-primary hover:bg-primary-soft aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** `/app/questionnaires/new?template=`: a blank questionnaire, or a ready-made one to adjust. */
export function NewQuestionnairePage() {
  useScreenTitle('New questionnaire');
  const { template } = newRoute.useSearch();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const initial = template ? templateFormOf(questionnaireTemplateBodies[template]) : emptyQuestionnaireForm;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <BackToQuestionnaires />
      <PageHeader
        title="New questionnaire"
        description="What athletes answer from their phones. Assign it once it is created."
      />
      <nav aria-label="Start from" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">Start from</span>
        <Link
          from="/app/questionnaires/new"
          // Explicitly none: only the page without a template is "Blank".
          search={{ template: undefined }}
          activeOptions={{ includeSearch: true, explicitUndefined: true }}
          className={chipClass}
        >
          Blank
        </Link>
        {questionnaireTemplates.map((name) => (
          <Link
            key={name}
            from="/app/questionnaires/new"
            search={{ template: name }}
            activeOptions={{ includeSearch: true }}
            className={chipClass}
          >
            {templateLabels[name]}
          </Link>
        ))}
      </nav>
      {/* Another template starts the builder again from it. */}
      <QuestionnaireBuilder
        key={template ?? 'blank'}
        initial={initial}
        draftKey={questionnaireDraftKey(me.user.id, { template })}
      />
    </div>
  );
}

/** `/app/questionnaires/$questionnaireId`: a questionnaire's assignments and questions. */
export function QuestionnairePage() {
  const { questionnaireId } = route.useParams();
  // The builder starts from the saved version, read again on opening.
  const questionnaire = useQuery({
    ...questionnaireQueries.detail(questionnaireId),
    refetchOnMount: 'always',
  });
  useScreenTitle(questionnaire.data?.name ?? 'Questionnaire');
  const checking = questionnaire.isFetching && !questionnaire.isFetchedAfterMount;
  if (questionnaire.data && !checking) return <QuestionnaireScreen questionnaire={questionnaire.data} />;
  if (questionnaire.isPending || checking) return <PageSkeleton />;
  const missing = isApiRequestError(questionnaire.error) && questionnaire.error.status === 404;
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <BackToQuestionnaires />
      <Card>
        <EmptyState
          icon={ClipboardIcon}
          title={missing ? 'This questionnaire does not exist' : 'The questionnaire could not be loaded'}
          action={
            missing ? null : (
              <Button
                variant="secondary"
                isPending={questionnaire.isRefetching}
                onClick={() => void questionnaire.refetch()}
              >
                Try again
              </Button>
            )
          }
        >
          {missing
            ? 'It may have been removed. Go back to the list.'
            : requestFailureMessage(questionnaire.error)}
        </EmptyState>
      </Card>
    </div>
  );
}

function QuestionnaireScreen({ questionnaire }: { questionnaire: QuestionnaireItem }) {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const archive = useArchiveQuestionnaire();
  const { setNewNotification } = useNotificationActions();
  const [confirming, setConfirming] = useState(false);
  const [archiveProblem, setArchiveProblem] = useState<string | null>(null);
  const archived = questionnaire.archivedAt !== null;

  const setArchived = (next: boolean) => {
    setArchiveProblem(null);
    archive.mutate(
      { questionnaireId: questionnaire.id, archived: next },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          setNewNotification({
            title: next ? 'Questionnaire archived' : 'Questionnaire restored',
            message: next
              ? `${saved.name} is no longer asked; its answers and trends stay.`
              : `${saved.name} is asked again where it is assigned.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          setArchiveProblem(requestFailureSummary(error));
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <BackToQuestionnaires />
      <PageHeader
        title={questionnaire.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="rounded-md bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary-ink">
              {questionnaire.template ? templateLabels[questionnaire.template] : 'Custom'}
            </span>
            <span>
              Version {questionnaire.currentVersion} · {plural(questionnaire.answerCount, 'answer')}
            </span>
          </span>
        }
        actions={
          <>
            <TrendsLink questionnaireId={questionnaire.id} className={secondaryLinkClass}>
              Trends
            </TrendsLink>
            {archived ? (
              <Button variant="secondary" isPending={archive.isPending} onClick={() => setArchived(false)}>
                Restore
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Archive
              </Button>
            )}
          </>
        }
      />
      {archiveProblem ? <Alert title="That did not work.">{archiveProblem}</Alert> : null}
      {archived ? (
        <Alert tone="warning" role="status" title="This questionnaire is archived.">
          <p>Athletes are not asked it; its answers and trends stay. Restore it to ask it again.</p>
        </Alert>
      ) : null}

      <AssignmentsPanel questionnaire={questionnaire} />

      <QuestionnaireBuilder
        // A newer saved version starts the builder again from it.
        key={`${questionnaire.currentVersion}-${questionnaire.updatedAt}`}
        questionnaire={questionnaire}
        initial={questionnaireFormOf(questionnaire)}
        draftKey={questionnaireDraftKey(me.user.id, { questionnaireId: questionnaire.id })}
      />

      <ConfirmDialog
        isOpen={confirming}
        title={`Archive ${questionnaire.name}?`}
        confirmLabel="Archive"
        isPending={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => setArchived(true)}
      >
        Athletes stop being asked it. Its answers and trends stay, and you can restore it later.
      </ConfirmDialog>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-4xl space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the questionnaire…</span>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-9 w-80 max-w-full" />
      <Card className="space-y-3 p-6">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-16 w-full" />
      </Card>
      {[0, 1].map((index) => (
        <Card key={index} className="space-y-3 p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
