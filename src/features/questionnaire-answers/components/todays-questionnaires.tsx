import type { User } from '@contract';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AlertCircleIcon, CheckIcon, ClipboardIcon } from '@/components/ui/icons';
import { useFormats } from '@/lib/format/use-formats';
import type { QuestionnaireDay } from '../api/questionnaire-days';
import { isAnswered, questionnairesOfDay, useDueCovering } from '../api/questionnaire-days';
import { timeOfDayLabel } from '../time-of-day';

/** How many rows each list of the card had: its loading state takes that shape, so nothing below moves (CLS). */
interface CardShape {
  dueToday: number;
  missedDayBefore: number;
  anyDay: number;
}

const cardShapeKey = (userId: string) => `questionnaires-card-shape:${userId}`;
/** Before the device has seen the card: the usual morning check-in and one after practice. */
const firstVisitShape: CardShape = { dueToday: 2, missedDayBefore: 0, anyDay: 0 };
/** A shape kept from a long list is drawn no longer than this. */
const mostLoadingRows = 6;

function rowCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? Math.min(value, mostLoadingRows)
    : 0;
}

/** The shape this device last showed the athlete, the first visit's, or null: it last showed no card. */
function readCardShape(userId: string): CardShape | null {
  try {
    const stored = window.localStorage.getItem(cardShapeKey(userId));
    if (stored === null) return firstVisitShape;
    const kept = JSON.parse(stored) as Partial<CardShape> | null;
    if (kept === null) return null;
    if (typeof kept !== 'object') return firstVisitShape;
    return {
      dueToday: rowCount(kept.dueToday),
      missedDayBefore: rowCount(kept.missedDayBefore),
      anyDay: rowCount(kept.anyDay),
    };
  } catch {
    return firstVisitShape;
  }
}

function keepCardShape(userId: string, shape: CardShape | null): void {
  try {
    window.localStorage.setItem(cardShapeKey(userId), JSON.stringify(shape));
  } catch {
    // Storage full or blocked: the next start draws the first visit's shape.
  }
}

/**
 * Whether the athlete's dashboard shows today's questionnaires: only to an athlete with something assigned in
 * the coming week (nothing assigned: no card at all). Staff never; their card is readiness (C3).
 */
export function useHasQuestionnaires(user: Pick<User, 'id' | 'role'>): boolean {
  const isAthlete = user.role === 'athlete';
  const { due } = useDueCovering(user.id, null, { enabled: isAthlete });
  const hasAny = due.data ? due.data.due.length > 0 || due.data.answerable.length > 0 : undefined;
  useEffect(() => {
    if (isAthlete && hasAny === false) keepCardShape(user.id, null);
  }, [isAthlete, hasAny, user.id]);
  if (!isAthlete) return false;
  // Until the week is read the card holds its place, shown loading, unless this device last saw no card:
  // appearing later would push Today down.
  if (hasAny === undefined) return !due.isError && readCardShape(user.id) !== null;
  return hasAny;
}

const answerLinkClass =
  'inline-flex min-h-12 shrink-0 items-center justify-center rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const changeLinkClass =
  'inline-flex min-h-12 shrink-0 items-center justify-center rounded-lg px-3 text-sm font-medium text-primary-ink hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function QuestionnaireRow({
  day,
  when,
  whose = '',
}: {
  day: QuestionnaireDay;
  when: string;
  /** Before the name in the buttons' names, for a day other than today: "yesterday’s ". */
  whose?: string;
}) {
  const answered = isAnswered(day);
  const refused = day.deviceAnswer?.status === 'refused';
  const waiting = day.deviceAnswer?.status === 'pending';
  const params = { questionnaireId: day.questionnaire.id, date: day.date };
  const name = day.questionnaire.name;
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
          answered
            ? 'bg-success/12 text-success'
            : refused
              ? 'bg-danger/10 text-danger'
              : 'bg-primary-soft text-primary-ink'
        }`}
        aria-hidden="true"
      >
        {answered ? (
          <CheckIcon className="size-5" />
        ) : refused ? (
          <AlertCircleIcon className="size-5" />
        ) : (
          <ClipboardIcon className="size-5" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-foreground">{name}</p>
        <p className={`text-sm ${refused ? 'text-danger' : 'text-muted-foreground'}`}>
          {refused
            ? 'Not sent — check your answers'
            : answered
              ? waiting
                ? 'Answered · will send when you’re back online'
                : 'Answered'
              : when}
        </p>
      </div>
      {answered ? (
        <Link
          to="/app/questionnaires/answer/$questionnaireId/$date"
          params={params}
          className={changeLinkClass}
          aria-label={`Change ${whose}${name}`}
        >
          Change
        </Link>
      ) : (
        <Link
          to="/app/questionnaires/answer/$questionnaireId/$date"
          params={params}
          className={answerLinkClass}
          aria-label={`${refused ? 'Fix' : 'Answer'} ${whose}${name}`}
        >
          {refused ? 'Fix' : 'Answer'}
        </Link>
      )}
    </li>
  );
}

/** A titled list under today's (yesterday's missed ones, the any-day ones); nothing when it is empty. */
function QuestionnaireSection({
  title,
  listLabel,
  days,
  whose,
  when,
}: {
  title: string;
  listLabel: string;
  days: QuestionnaireDay[];
  whose?: string;
  when: string;
}) {
  if (days.length === 0) return null;
  return (
    <div className="border-t border-border pt-3">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      <ul aria-label={listLabel} className="divide-y divide-border">
        {days.map((item) => (
          <QuestionnaireRow key={item.questionnaire.id} day={item} whose={whose} when={when} />
        ))}
      </ul>
    </div>
  );
}

/** A row's skeleton, as tall as a row (the Answer button sets its height). */
function LoadingRows({ count }: { count: number }) {
  return (
    <div className="divide-y divide-border">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-center gap-3 py-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-12 w-24 rounded-lg" />
        </div>
      ))}
    </div>
  );
}

/** The card while the week is read, drawn in the shape it last had on this device. */
function QuestionnairesLoading({ userId }: { userId: string }) {
  const shape = readCardShape(userId) ?? firstVisitShape;
  const sections = [shape.missedDayBefore, shape.anyDay].filter((count) => count > 0);
  return (
    <div className="space-y-3" aria-busy="true">
      <span className="sr-only">Loading today’s questionnaires</span>
      {/* As tall as the line of text it stands for. */}
      <div className="flex h-5 items-center">
        <Skeleton className="h-4 w-40" />
      </div>
      {shape.dueToday > 0 ? <LoadingRows count={shape.dueToday} /> : null}
      {sections.map((count, index) => (
        <div key={index} className="border-t border-border pt-3">
          <Skeleton className="h-4 w-24" />
          <LoadingRows count={count} />
        </div>
      ))}
    </div>
  );
}

/** Today's questionnaires on the athlete's dashboard: what is due, answered or not, then the any-day ones. */
export function TodaysQuestionnaires({ userId }: { userId: string }) {
  const formats = useFormats();
  const { due, deviceAnswers, day } = useDueCovering(userId, null);
  const lists = due.data ? questionnairesOfDay(due.data, deviceAnswers, day) : null;
  // -1 while the week is unknown: only a shape that was shown is kept.
  const dueCount = lists?.dueToday.length ?? -1;
  const missedCount = lists?.missedDayBefore.length ?? -1;
  const anyDayCount = lists?.anyDay.length ?? -1;
  useEffect(() => {
    if (dueCount < 0) return;
    keepCardShape(userId, { dueToday: dueCount, missedDayBefore: missedCount, anyDay: anyDayCount });
  }, [userId, dueCount, missedCount, anyDayCount]);
  if (!lists) return due.isError ? null : <QuestionnairesLoading userId={userId} />;
  const { dueToday, missedDayBefore, anyDay } = lists;
  const answeredCount = dueToday.filter(isAnswered).length;
  return (
    <div className="space-y-3">
      {dueToday.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">
            {answeredCount === dueToday.length
              ? 'All done for today. Thank you!'
              : `${answeredCount} of ${dueToday.length} answered today`}
          </p>
          <ul aria-label="Questionnaires due today" className="divide-y divide-border">
            {dueToday.map((item) => (
              <QuestionnaireRow
                key={item.questionnaire.id}
                day={item}
                when={`Due ${timeOfDayLabel(item.timeOfDay ?? '00:00', formats.place.locale)}`}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing to answer today.</p>
      )}
      <QuestionnaireSection
        title="Missed yesterday"
        listLabel="Questionnaires missed yesterday"
        days={missedDayBefore}
        whose="yesterday’s "
        when="You can still answer it today"
      />
      <QuestionnaireSection
        title="Any day"
        listLabel="Questionnaires to answer any day"
        days={anyDay}
        when="After practice"
      />
    </div>
  );
}
