import type { User, WorkoutLog } from '@contract';
import type { WorkoutComment } from '@contract/workout-comments';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useFormats } from '@/lib/format/use-formats';
import type { ReactNode } from 'react';
import { Fragment, lazy, Suspense, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CategoryBadge } from '@/components/ui/category-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ListChecksIcon, MessageIcon, PencilIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { openDirectConversation } from '@/lib/chat-sync/open-direct-conversation';
import { useScreenTitle } from '@/stores/header-store';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import { completedQueries } from '../api/completed-queries';
import { seesEveryone } from '../completed-search';
import type { ComparedBlock } from '../workout-comparison';
import { compareWorkout, describeChange, describePerformed, formatDuration } from '../workout-comparison';
import { describeRecord, RecordKindBadge, TrophyIcon } from './record-badges';
import { CommentComposer, CommentThread, SetCommentButton, WorkoutCommentsCard } from './workout-comments';

// The form and its checks load when a coach opens it, not with the workout.
const CorrectionDialog = lazy(() =>
  import('./correction-dialog').then((module) => ({ default: module.CorrectionDialog })),
);

const route = getRouteApi('/app/completed/$logId');

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

interface CompletedWorkoutPageProps {
  /** What another feature adds under the sets (issue 16's pitches and arm sensor); the route composes it. */
  renderThrowing?: (log: WorkoutLog, viewer: User) => ReactNode;
}

/** `/app/completed/$logId`: a completed workout, prescribed against done for every set (VISIT_COMPLETED_WORKOUT). */
export function CompletedWorkoutPage({ renderThrowing }: CompletedWorkoutPageProps = {}) {
  const { logId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const log = useQuery(completedQueries.log(logId));
  useScreenTitle(log.data ? log.data.workoutName : 'Completed workout');
  useTourStepCompletedWhen('VISIT_COMPLETED_WORKOUT', log.isSuccess);

  if (log.data) {
    return (
      <CompletedWorkout key={log.data.id} log={log.data} viewer={me.user} renderThrowing={renderThrowing} />
    );
  }
  if (log.isPending) return <CompletedWorkoutSkeleton />;
  const missing = isApiRequestError(log.error) && (log.error.status === 404 || log.error.status === 403);
  return (
    <div className="space-y-5">
      <BackToCompleted />
      <Card>
        <EmptyState
          icon={ListChecksIcon}
          title={missing ? 'No such completed workout' : 'This workout could not be loaded'}
          action={
            missing ? (
              <Link to="/app/completed" className={textLinkClass}>
                Back to Completed
              </Link>
            ) : (
              <Button variant="secondary" onClick={() => void log.refetch()} isPending={log.isRefetching}>
                Try again
              </Button>
            )
          }
        >
          {missing
            ? 'It may be someone else’s, or the link is mistyped.'
            : 'Check your connection and try again.'}
        </EmptyState>
      </Card>
    </div>
  );
}

function BackToCompleted() {
  return (
    <div>
      <Link to="/app/completed" className={`${textLinkClass} text-sm`}>
        ← Completed
      </Link>
    </div>
  );
}

/** "Message {athlete}": the direct conversation, its next message about this workout (issue 25). */
function MessageAthleteButton({ log, aboutLabel }: { log: WorkoutLog; aboutLabel: string }) {
  const navigate = useNavigate();
  const [isOpening, setIsOpening] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setIsOpening(true);
    setFailed(false);
    const conversationId = await openDirectConversation(log.athlete.id).catch(() => null);
    setIsOpening(false);
    if (!conversationId) {
      setFailed(true);
      return;
    }
    void navigate({
      to: '/app/chat/$conversationId',
      params: { conversationId },
      search: { aboutKind: 'completed_workout', aboutId: log.id, aboutLabel },
    });
  };
  return (
    <Button
      variant="secondary"
      isPending={isOpening}
      aria-describedby={failed ? `message-failed-${log.id}` : undefined}
      onClick={() => void open()}
    >
      <MessageIcon className="size-4" />
      Message {log.athlete.firstName}
      {failed ? (
        <span id={`message-failed-${log.id}`} className="sr-only">
          (the conversation could not be opened; try again)
        </span>
      ) : null}
    </Button>
  );
}

function CompletedWorkout({
  log,
  viewer,
  renderThrowing,
}: {
  log: WorkoutLog;
  viewer: User;
  renderThrowing: CompletedWorkoutPageProps['renderThrowing'];
}) {
  const staff = seesEveryone(viewer.role);
  const formats = useFormats();
  const entry = useQuery(completedQueries.prescription(log.entryId));
  const comments = useQuery(completedQueries.comments(log.id));
  const [isCorrecting, setIsCorrecting] = useState(false);
  const commentPlaceholder = staff
    ? `Feedback for ${log.athlete.firstName}…`
    : 'Answer your coach, or ask a question…';
  const blocks = entry.isPending ? null : compareWorkout(log, entry.data?.workout ?? null);

  return (
    <div className="space-y-5">
      <BackToCompleted />
      <PageHeader
        title={log.workoutName}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <CategoryBadge category={log.category} />
            {staff ? (
              <Link
                to="/app/users/$userId"
                params={{ userId: log.athlete.id }}
                search={{ tab: 'training' }}
                className={textLinkClass}
              >
                {nameOf(log.athlete)}
              </Link>
            ) : (
              <span className="font-medium text-foreground">{nameOf(log.athlete)}</span>
            )}
            <span>· {formats.day(log.date, 'dateWithWeekday')}</span>
          </span>
        }
        actions={
          staff ? (
            <>
              <MessageAthleteButton
                log={log}
                aboutLabel={`${log.workoutName} · ${formats.day(log.date, 'shortDay')}`}
              />
              <Button variant="secondary" onClick={() => setIsCorrecting(true)}>
                <PencilIcon className="size-4" />
                Correct
              </Button>
            </>
          ) : null
        }
      />

      <Card className="px-4 py-4 sm:px-6">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <Stat label="Duration" value={formatDuration(log.durationSeconds)} />
          <Stat label="Session RPE" value={log.sessionRpe === null ? '—' : String(log.sessionRpe)} />
          <Stat label="Sets done" value={String(log.doneSetCount)} />
          <Stat label="Volume" value={log.volume > 0 ? formats.load(log.volume, log.volumeUnit) : '—'} />
        </dl>
        <dl className="mt-4 grid gap-2 border-t border-border pt-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Started by</dt>
            <dd className="text-foreground">
              {nameOf(log.startedBy)} · {formats.instant(log.startedAt)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Finished by</dt>
            <dd className="text-foreground">
              {log.finishedBy ? nameOf(log.finishedBy) : '—'}
              {log.finishedAt ? ` · ${formats.instant(log.finishedAt)}` : ''}
            </dd>
          </div>
        </dl>
        {log.notes ? (
          <div className="mt-3 rounded-xl bg-muted/60 px-3 py-2 text-sm">
            <p className="font-medium text-muted-foreground">Notes</p>
            <p className="whitespace-pre-line text-foreground">{log.notes}</p>
          </div>
        ) : null}
      </Card>

      {log.records.length > 0 ? (
        <Card aria-labelledby="records-title" className="px-4 py-4 sm:px-6">
          <h2 id="records-title" className="flex items-center gap-2 text-base font-semibold text-foreground">
            <TrophyIcon className="size-5 text-warning" />
            {log.records.length === 1 ? 'A new record' : `${log.records.length} new records`}
          </h2>
          <ul className="mt-3 space-y-2">
            {log.records.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center gap-2 text-sm">
                <RecordKindBadge kind={record.kind} />
                <span className="font-medium text-foreground">{record.exerciseName}</span>
                <span className="text-muted-foreground tabular-nums">{describeRecord(record)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {entry.isError ? (
        <Alert tone="warning" role="status" title="The prescription could not be loaded.">
          The sets below are what was logged; what was prescribed shows when the workout can be read again.
        </Alert>
      ) : null}
      {blocks ? (
        <WorkoutBlocks
          logId={log.id}
          blocks={blocks}
          hasPrescription={entry.data !== undefined}
          comments={comments.data}
          commentPlaceholder={commentPlaceholder}
        />
      ) : (
        <BlocksSkeleton />
      )}

      <WorkoutCommentsCard
        logId={log.id}
        comments={comments.data}
        isError={comments.isError}
        onRetry={() => void comments.refetch()}
        setCommentCount={comments.data?.filter((comment) => comment.setId !== null).length ?? 0}
        placeholder={commentPlaceholder}
      />

      {renderThrowing?.(log, viewer)}

      <CorrectionHistory log={log} />

      {staff && isCorrecting ? (
        <Suspense fallback={null}>
          <CorrectionDialog log={log} isOpen={isCorrecting} onClose={() => setIsCorrecting(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-xl font-bold text-foreground tabular-nums">{value}</dd>
    </div>
  );
}

/** Block by block, exercise by exercise: each set's prescription beside what was done (what was done alone when
 * the prescription could not be read). */
function WorkoutBlocks({
  logId,
  blocks,
  hasPrescription,
  comments,
  commentPlaceholder,
}: {
  logId: string;
  blocks: readonly ComparedBlock[];
  hasPrescription: boolean;
  /** Undefined while they load: the sets show without their comments meanwhile. */
  comments: readonly WorkoutComment[] | undefined;
  commentPlaceholder: string;
}) {
  /** The set whose comment box is open (one at a time, so the page stays calm). */
  const [openSetId, setOpenSetId] = useState<string | null>(null);
  // Set, prescribed (when known), done, and the comment action.
  const columns = hasPrescription ? 4 : 3;
  return (
    <div className="space-y-4">
      {blocks.map((block) => (
        <Card key={block.id} className="overflow-hidden">
          <h2 className="border-b border-border bg-muted/50 px-4 py-2 text-sm font-semibold text-foreground sm:px-6">
            {block.title}
          </h2>
          <div className="divide-y divide-border">
            {block.exercises.map((exercise) => (
              <section
                key={exercise.blockExerciseId}
                aria-label={exercise.name}
                className="px-4 py-3 sm:px-6"
              >
                <h3 className="font-semibold text-foreground">
                  <span className="mr-2 text-muted-foreground">{exercise.code}</span>
                  {exercise.name}
                </h3>
                {exercise.swappedFrom ? (
                  <p className="text-sm text-muted-foreground">Swapped for {exercise.swappedFrom}</p>
                ) : null}
                {exercise.notes ? (
                  <p className="mt-1 text-sm text-foreground">
                    <span className="text-muted-foreground">Notes: </span>
                    {exercise.notes}
                  </p>
                ) : null}
                <table className="mt-2 w-full table-fixed text-sm">
                  <caption className="sr-only">{exercise.name}: prescribed and done, set by set</caption>
                  <thead className="text-xs font-semibold text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-10 py-1 pr-2 text-left">
                        Set
                      </th>
                      {hasPrescription ? (
                        <th scope="col" className="w-[38%] py-1 pr-2 text-left">
                          Prescribed
                        </th>
                      ) : null}
                      <th scope="col" className="py-1 text-left">
                        Done
                      </th>
                      <th scope="col" className="w-12 py-1 sm:w-28">
                        <span className="sr-only">Comments</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {exercise.rows.map((row) => {
                      const setId = row.set?.id ?? null;
                      const setComments = setId
                        ? (comments?.filter((comment) => comment.setId === setId) ?? [])
                        : [];
                      const isOpen = setId !== null && openSetId === setId;
                      const where = `set ${row.setNumber} of ${exercise.name}`;
                      return (
                        <Fragment key={row.setNumber}>
                          <tr className="border-t border-border/60 align-top">
                            <th
                              scope="row"
                              className="py-1.5 pr-2 text-left font-normal text-muted-foreground tabular-nums"
                            >
                              {row.setNumber}
                            </th>
                            {hasPrescription ? (
                              <td className="py-1.5 pr-2 text-muted-foreground tabular-nums">
                                {row.prescribed ?? <span className="italic">Added</span>}
                              </td>
                            ) : null}
                            <td className="py-1.5 tabular-nums">
                              {row.set === null ? (
                                <span className="text-muted-foreground italic">Not logged</span>
                              ) : row.set.done ? (
                                <span className="flex flex-wrap items-center gap-1.5 font-medium text-foreground">
                                  {describePerformed(row.set)}
                                  {row.records.map((kind) => (
                                    <RecordKindBadge key={kind} kind={kind} />
                                  ))}
                                </span>
                              ) : (
                                <span className="text-muted-foreground">
                                  Not done <span className="line-through">{describePerformed(row.set)}</span>
                                </span>
                              )}
                            </td>
                            <td className="py-1.5 text-right">
                              {setId !== null && comments !== undefined ? (
                                <SetCommentButton
                                  label={`Comment on ${where}`}
                                  count={setComments.length}
                                  isOpen={isOpen}
                                  onPress={() => setOpenSetId(isOpen ? null : setId)}
                                />
                              ) : null}
                            </td>
                          </tr>
                          {setComments.length > 0 || isOpen ? (
                            <tr>
                              <td colSpan={columns} className="pb-3 sm:pl-10">
                                <div className="space-y-3 rounded-xl bg-muted/50 p-3">
                                  <CommentThread comments={setComments} label={`Comments on ${where}`} />
                                  {isOpen && setId !== null ? (
                                    <CommentComposer
                                      logId={logId}
                                      setId={setId}
                                      label={`Comment on ${where}`}
                                      placeholder={commentPlaceholder}
                                      autoFocus
                                      onSent={() => setOpenSetId(null)}
                                      onCancel={() => setOpenSetId(null)}
                                    />
                                  ) : null}
                                </div>
                              </td>
                            </tr>
                          ) : null}
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Every staff correction, newest first: who, when, why, and each value before and after. */
function CorrectionHistory({ log }: { log: WorkoutLog }) {
  const formats = useFormats();
  if (log.corrections.length === 0) return null;
  const corrections = [...log.corrections].sort(
    (a, b) => Date.parse(b.correctedAt) - Date.parse(a.correctedAt),
  );
  return (
    <Card aria-labelledby="corrections-title" className="px-4 py-4 sm:px-6">
      <h2 id="corrections-title" className="text-base font-semibold text-foreground">
        Corrections
      </h2>
      <ol className="mt-3 space-y-4">
        {corrections.map((correction) => (
          <li key={correction.id} className="border-l-2 border-warning/60 pl-3">
            <p className="text-sm text-foreground">
              <span className="font-semibold">{nameOf(correction.correctedBy)}</span>{' '}
              <span className="text-muted-foreground">
                corrected it on {formats.instant(correction.correctedAt)}
              </span>
            </p>
            {correction.reason ? (
              <p className="text-sm text-muted-foreground italic">“{correction.reason}”</p>
            ) : null}
            <ul className="mt-1 space-y-0.5 text-sm">
              {correction.changes.map((change, index) => {
                const described = describeChange(log, change);
                return (
                  <li
                    key={`${change.target}-${change.field}-${index}`}
                    className="text-foreground tabular-nums"
                  >
                    {described.where}: {described.field}{' '}
                    <del className="text-muted-foreground">{described.before}</del> →{' '}
                    <ins className="font-semibold no-underline">{described.after}</ins>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function BlocksSkeleton() {
  return (
    <Card aria-hidden="true" className="space-y-3 p-5">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} className="h-7 w-full" />
      ))}
    </Card>
  );
}

function CompletedWorkoutSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the workout…</span>
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-64 max-w-full" />
      <Card aria-hidden="true" className="grid grid-cols-2 gap-4 p-5 sm:grid-cols-4">
        {[0, 1, 2, 3].map((cell) => (
          <Skeleton key={cell} className="h-10 w-full" />
        ))}
      </Card>
      <BlocksSkeleton />
    </div>
  );
}
