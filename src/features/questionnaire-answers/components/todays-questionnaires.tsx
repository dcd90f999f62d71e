import type { User } from '@contract';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { AlertCircleIcon, CheckIcon, ClipboardIcon } from '@/components/ui/icons';
import { useFormats } from '@/lib/format/use-formats';
import type { QuestionnaireDay } from '../api/questionnaire-days';
import { isAnswered, questionnairesOfDay, useDueCovering } from '../api/questionnaire-days';
import { timeOfDayLabel } from '../time-of-day';

/**
 * Whether the athlete's dashboard shows today's questionnaires: only to an athlete with something assigned in
 * the coming week (nothing assigned: no card at all). Staff never; their card is readiness (C3).
 */
export function useHasQuestionnaires(user: Pick<User, 'id' | 'role'>): boolean {
  const isAthlete = user.role === 'athlete';
  const { due } = useDueCovering(user.id, null, { enabled: isAthlete });
  if (!isAthlete) return false;
  // Until the week is read the card holds its place, shown loading: appearing later would push Today down.
  if (!due.data) return !due.isError;
  return due.data.due.length > 0 || due.data.answerable.length > 0;
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

/** The shape of one answered-today line and one row, so the card does not grow when the week arrives. */
function QuestionnairesLoading() {
  return (
    <div className="space-y-3" aria-busy="true">
      <span className="sr-only">Loading today’s questionnaires</span>
      <Skeleton className="h-4 w-40" />
      <div className="flex items-center gap-3 py-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
        <Skeleton className="h-12 w-24 rounded-lg" />
      </div>
    </div>
  );
}

/** Today's questionnaires on the athlete's dashboard: what is due, answered or not, then the any-day ones. */
export function TodaysQuestionnaires({ userId }: { userId: string }) {
  const formats = useFormats();
  const { due, deviceAnswers, day } = useDueCovering(userId, null);
  if (!due.data) return due.isError ? null : <QuestionnairesLoading />;
  const { dueToday, missedDayBefore, anyDay } = questionnairesOfDay(due.data, deviceAnswers, day);
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
