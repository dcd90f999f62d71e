import type { ScheduleItemDetail } from '@contract';
import { describeSets } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CategoryBadge } from '@/components/ui/category-badge';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import { useNotificationActions } from '@/stores/notifications-store';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import {
  useAnnounceBatch,
  useAnnounceMove,
  useDeleteScheduleItem,
  useUpdateFromLibrary,
  useUpdateScheduleItem,
} from '../api/schedule-mutations';
import type { ScheduleItemKind } from '@/lib/schedule/schedule-queries';
import { scheduleQueries } from '../api/schedule-queries';
import { dayHeading } from '@/lib/schedule/calendar-range';
import { statusLabels } from './calendar-views';
import { useFormats } from '@/lib/format/use-formats';

export interface OpenItem {
  kind: ScheduleItemKind;
  id: string;
}

const fieldClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/** A scheduled workout opened from the calendar: what it is, and (for staff) moving, skipping or removing it. */
export function ItemDialog({
  item,
  canPlan,
  onClose,
}: {
  item: OpenItem | null;
  canPlan: boolean;
  onClose: () => void;
}) {
  return (
    <SheetDialog
      isOpen={item !== null}
      title="Scheduled workout"
      onClose={onClose}
      dismissOnBackdrop
      size="lg"
    >
      {item ? (
        <ItemBody key={`${item.kind}:${item.id}`} item={item} canPlan={canPlan} onClose={onClose} />
      ) : null}
    </SheetDialog>
  );
}

function ItemBody({ item, canPlan, onClose }: { item: OpenItem; canPlan: boolean; onClose: () => void }) {
  const detail = useQuery(scheduleQueries.item(item.kind, item.id));
  if (detail.data) return <ItemDetail detail={detail.data} canPlan={canPlan} onClose={onClose} />;
  if (detail.isPending) {
    return (
      <div className="space-y-3" role="status">
        <span className="sr-only">Loading the workout…</span>
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  return (
    <Alert title="This workout could not be loaded.">
      <p>{requestFailureMessage(detail.error)}</p>
    </Alert>
  );
}

function ItemDetail({
  detail,
  canPlan,
  onClose,
}: {
  detail: ScheduleItemDetail;
  canPlan: boolean;
  onClose: () => void;
}) {
  const formats = useFormats();
  const update = useUpdateScheduleItem();
  const announceMove = useAnnounceMove();
  const remove = useDeleteScheduleItem();
  const fromLibrary = useUpdateFromLibrary();
  const announceBatch = useAnnounceBatch();
  const { setNewNotification } = useNotificationActions();
  const [date, setDate] = useState(detail.date);
  const [time, setTime] = useState(detail.timeOfDay ?? '');
  const [skipReason, setSkipReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const dateId = useId();
  const timeId = useId();
  const reasonId = useId();
  const started = detail.status === 'in_progress' || detail.status === 'completed';
  const who = detail.group
    ? detail.group.name
    : detail.athlete
      ? `${detail.athlete.firstName} ${detail.athlete.lastName}`
      : '';
  const change = { kind: detail.kind, id: detail.id } as const;
  const onError = (error: unknown) => setFailure(requestFailureMessage(error));
  // Spec 4: the tour's "open the workout" step is this dialog on a wide screen (a phone opens tracking itself).
  useTourStepCompletedWhen('OPEN_WORKOUT_MODAL', canPlan);

  return (
    <div className="space-y-5">
      <div>
        <p className="text-xl font-semibold text-foreground">{detail.name}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <CategoryBadge category={detail.category} />
          <span>{dayHeading(detail.date, formats.place)}</span>
          {detail.timeOfDay ? <span>· {detail.timeOfDay}</span> : null}
          {who ? <span>· {who}</span> : null}
          <span className="rounded-md bg-muted px-1.5 py-0.5 text-xs font-semibold text-foreground">
            {statusLabels[detail.status]}
          </span>
        </div>
        {detail.skipReason ? (
          <p className="mt-2 text-sm text-muted-foreground">Skipped: {detail.skipReason}</p>
        ) : null}
      </div>

      {detail.workout.libraryVersion && canPlan ? (
        <Alert tone="info" role="status" title="The library has a newer version of this workout.">
          <p>
            This entry keeps the copy it was scheduled with. Take the library’s version if the change should
            count here.
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            isPending={fromLibrary.isPending}
            onClick={() =>
              fromLibrary.mutate(change, {
                onSuccess: ({ message }) =>
                  setNewNotification({ title: 'Updated from the library', message }),
                onError,
              })
            }
          >
            Update from library
          </Button>
        </Alert>
      ) : null}

      <section aria-label="The workout" className="space-y-3">
        {detail.workout.notes ? <p className="text-sm text-foreground">{detail.workout.notes}</p> : null}
        <ol className="space-y-2">
          {detail.workout.blocks.map((block, blockIndex) => {
            const letter = String.fromCharCode(65 + (blockIndex % 26));
            return (
              <li key={block.id} className="rounded-xl border border-border p-3">
                <p className="text-xs font-bold tracking-wide text-muted-foreground uppercase">
                  Block {letter}
                  {block.label ? ` · ${block.label}` : ''}
                  {block.rounds > 1 ? ` · ${block.rounds} rounds` : ''}
                </p>
                <ul className="mt-1.5 space-y-1">
                  {block.exercises.map((slot, slotIndex) => (
                    <li key={slot.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-semibold text-foreground">
                        {block.exercises.length > 1 ? `${letter}${slotIndex + 1}` : letter}{' '}
                        {slot.exercise.name}
                      </span>
                      <span className="text-muted-foreground">{describeSets(slot.sets)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
        {detail.workout.blocks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No blocks: see the notes.</p>
        ) : null}
      </section>

      {detail.kind === 'entry' && detail.status !== 'skipped' ? (
        <TrackingEntryPoint
          entryId={detail.id}
          status={detail.status}
          athleteName={
            canPlan && detail.athlete ? `${detail.athlete.firstName} ${detail.athlete.lastName}` : null
          }
        />
      ) : null}

      {detail.members ? (
        <section aria-label="Athletes" className="space-y-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-foreground">
              Athletes ({detail.members.filter((member) => member.status === 'completed').length} of{' '}
              {detail.members.length} done)
            </h3>
            {/* Issue 23: the whole group on one board. */}
            {canPlan && detail.members.length > 0 ? (
              <Link
                to="/app/weight-room/$assignmentId"
                params={{ assignmentId: detail.id }}
                className="inline-flex min-h-9 items-center rounded-lg border border-border px-2.5 text-xs font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                Open the weight room
              </Link>
            ) : null}
          </div>
          <ul className="divide-y divide-border rounded-xl border border-border">
            {detail.members.map((member) => (
              <li key={member.entryId} className="flex items-center justify-between px-3 py-2 text-sm">
                <span>
                  {member.athlete.firstName} {member.athlete.lastName}
                  {member.followsAssignment ? (
                    ''
                  ) : (
                    <span className="ml-2 text-xs text-muted-foreground">(changed alone)</span>
                  )}
                </span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {statusLabels[member.status]}
                  {canPlan ? (
                    <Link
                      to="/app/track/$entryId"
                      params={{ entryId: member.entryId }}
                      aria-label={`Track for ${member.athlete.firstName} ${member.athlete.lastName}`}
                      className="inline-flex min-h-9 items-center rounded-lg border border-border px-2.5 text-xs font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {member.status === 'completed' ? 'Open' : 'Track'}
                    </Link>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {failure ? (
        <Alert title="Not changed.">
          <p>{failure}</p>
        </Alert>
      ) : null}

      {canPlan && !started ? (
        <section aria-label="Change" className="space-y-4 border-t border-border pt-4">
          <form
            className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              setFailure(null);
              update.mutate(
                { ...change, changes: { date, timeOfDay: time === '' ? null : time } },
                {
                  onSuccess: ({ data }) => {
                    announceMove(detail, data);
                    onClose();
                  },
                  onError,
                },
              );
            }}
          >
            <div>
              <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium text-foreground">
                Move to another day
              </label>
              <input
                id={dateId}
                type="date"
                required
                value={date}
                onChange={(event) => setDate(event.target.value)}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor={timeId} className="mb-1.5 block text-sm font-medium text-foreground">
                Time <span className="font-normal text-muted-foreground">(optional)</span>
              </label>
              <input
                id={timeId}
                type="time"
                value={time}
                onChange={(event) => setTime(event.target.value)}
                className={fieldClass}
              />
            </div>
            <Button
              type="submit"
              variant="secondary"
              isPending={update.isPending}
              disabled={date === detail.date && time === (detail.timeOfDay ?? '')}
            >
              Move
            </Button>
          </form>

          {detail.kind === 'entry' && detail.status === 'scheduled' ? (
            <form
              className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                setFailure(null);
                update.mutate(
                  { ...change, changes: { status: 'skipped', skipReason } },
                  { onSuccess: ({ message }) => setNewNotification({ title: 'Skipped', message }), onError },
                );
              }}
            >
              <div>
                <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-foreground">
                  Skip it, and say why
                </label>
                <input
                  id={reasonId}
                  required
                  value={skipReason}
                  maxLength={280}
                  onChange={(event) => setSkipReason(event.target.value)}
                  placeholder="Sore shoulder, rained out…"
                  className={fieldClass}
                />
              </div>
              <Button type="submit" variant="secondary" disabled={skipReason.trim() === ''}>
                Skip
              </Button>
            </form>
          ) : null}
          {detail.status === 'skipped' ? (
            <Button
              variant="secondary"
              onClick={() => update.mutate({ ...change, changes: { status: 'scheduled' } }, { onError })}
            >
              Schedule it again
            </Button>
          ) : null}

          <div className="flex justify-end">
            <Button
              variant="danger-ghost"
              isPending={remove.isPending}
              onClick={() =>
                remove.mutate(change, {
                  onSuccess: (answer) => {
                    announceBatch('Removed from the schedule', answer);
                    onClose();
                  },
                  onError,
                })
              }
            >
              {detail.kind === 'assignment' ? 'Remove for the whole group' : 'Remove from the schedule'}
            </Button>
          </div>
        </section>
      ) : null}
      {canPlan && started ? (
        <p className="border-t border-border pt-4 text-sm text-muted-foreground">
          {detail.status === 'completed'
            ? 'It is done, so it stays where it is.'
            : 'It is being tracked, so it stays where it is.'}
        </p>
      ) : null}
    </div>
  );
}

const trackLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** Issue 15: start (or go on with) tracking the entry; a completed one links to its completed workout. */
function TrackingEntryPoint({
  entryId,
  status,
  athleteName,
}: {
  entryId: string;
  status: ScheduleItemDetail['status'];
  athleteName: string | null;
}) {
  const isCompleted = status === 'completed';
  const log = useQuery({ ...trackingQueries.logOfEntry(entryId), enabled: isCompleted });
  const router = useRouter();
  const completedPath = log.data ? `/app/completed/${log.data.id}` : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isCompleted && completedPath ? (
        <a
          href={completedPath}
          data-tour="open-completed"
          // The completed workout's screen is its own route; the router takes the address as typed.
          onClick={(event) => {
            event.preventDefault();
            router.history.push(completedPath);
          }}
          className={trackLinkClass}
        >
          See the completed workout
        </a>
      ) : null}
      <Link
        to="/app/track/$entryId"
        params={{ entryId }}
        data-tour="track-entry"
        className={
          isCompleted
            ? 'inline-flex min-h-11 items-center rounded-lg border border-border px-4 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring'
            : trackLinkClass
        }
      >
        {isCompleted
          ? 'Open the tracked sets'
          : status === 'in_progress'
            ? 'Continue tracking'
            : athleteName
              ? `Start for ${athleteName}`
              : 'Start'}
      </Link>
    </div>
  );
}
