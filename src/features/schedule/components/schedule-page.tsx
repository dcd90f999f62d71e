import type { CalendarItem, Settings } from '@contract';
import { defaultTimeZone, defaultWeekStart } from '@contract/calendar-dates';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { CalendarIcon, ClipboardIcon, LayersIcon, MoreVerticalIcon, TrashIcon } from '@/components/ui/icons';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { groupQueries } from '@/lib/groups/group-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  useAthleteGroupScheduleActions,
  useAthleteGroupScheduleReload,
} from '@/stores/athlete-group-schedule-store';
import { useScreenTitle } from '@/stores/header-store';
import { useScheduleEditorActions, useScheduleData } from '@/stores/schedule-editor-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useOnboardingStepsDone, useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import { athleteQueries } from '@/lib/people/athlete-queries';
import { useAnnounceMove, useUpdateScheduleItem } from '../api/schedule-mutations';
import { scheduleQueries } from '../api/schedule-queries';
import type { CalendarView } from '@/lib/schedule/calendar-range';
import {
  calendarViews,
  rangeLabel,
  stepDate,
  todayIn,
  viewRange,
  weekdayNames,
} from '@/lib/schedule/calendar-range';
import { plansSchedules } from '../schedule-search';
import { DayView, MonthView, WeekView } from './calendar-views';
import type { OpenItem } from './item-dialog';
import type { RangeTask } from './range-dialogs';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPlaceholder } from '@/components/widgets/subject-placeholder';
import { subjectName } from './subject-picker-names';
import { useFormats } from '@/lib/format/use-formats';

const route = getRouteApi('/app/schedule/');

// Loaded after the calendar is drawn: React Aria (the pickers, the dialogs' comboboxes) is the heaviest part of
// the screen, and the week of a large organisation must draw without a long task (issue 14).
const SubjectPicker = lazy(() =>
  import('@/components/widgets/subject-picker').then((module) => ({ default: module.SubjectPicker })),
);
const ItemDialog = lazy(() => import('./item-dialog').then((module) => ({ default: module.ItemDialog })));
const AddWorkoutDialog = lazy(() =>
  import('./add-workout-dialog').then((module) => ({ default: module.AddWorkoutDialog })),
);
const RangeDialog = lazy(() => import('./range-dialogs').then((module) => ({ default: module.RangeDialog })));

const viewLabels: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };

const rangeTasks = [
  { id: 'copy', label: 'Copy to another week…', icon: CalendarIcon },
  { id: 'program', label: 'Save as a program…', icon: LayersIcon },
  { id: 'delete', label: 'Remove a range…', icon: TrashIcon },
] as const;

/** The organisation's calendar settings (its time zone and first day of the week). */
function useCalendarSettings(): Pick<Settings, 'timeZone' | 'weekStartsOn'> {
  const settings = useQuery(settingsQueries.full());
  return {
    timeZone: settings.data?.timeZone ?? defaultTimeZone,
    weekStartsOn: settings.data?.weekStartsOn ?? defaultWeekStart,
  };
}

/** The schedule (product.md "schedule"): a calendar by athlete, group or the whole organisation; an athlete's own. */
export function SchedulePage() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const canPlan = plansSchedules(me.user.role);
  useTourStepCompletedWhen('NAVIGATE_TO_SCHEDULE', canPlan);
  return (
    <Schedule
      canPlan={canPlan}
      organizationName={me.organization.name}
      self={{ kind: 'athlete', id: me.user.id, name: `${me.user.firstName} ${me.user.lastName}` }}
    />
  );
}

function Schedule({
  canPlan,
  organizationName,
  self,
}: {
  canPlan: boolean;
  organizationName: string;
  self: Subject;
}) {
  const formats = useFormats();
  useScreenTitle(canPlan ? 'Schedule' : 'My schedule');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { timeZone, weekStartsOn } = useCalendarSettings();
  const isWide = useMediaQuery('(min-width: 768px)', true);
  const today = todayIn(timeZone);
  const view: CalendarView = search.view ?? (isWide ? 'week' : canPlan ? 'week' : 'week');
  const date = search.date ?? today;
  const { from, to } = viewRange(view, date, weekStartsOn);
  const groups = useQuery({ ...groupQueries.list(), enabled: canPlan && Boolean(search.group) });
  const athlete = useQuery({
    ...athleteQueries.name(search.athlete ?? ''),
    enabled: canPlan && Boolean(search.athlete),
  });
  const subject: Subject = !canPlan
    ? self
    : search.athlete
      ? { kind: 'athlete', id: search.athlete, name: athlete.data ?? 'Athlete' }
      : search.group
        ? {
            kind: 'group',
            id: search.group,
            name: groups.data?.find((group) => group.id === search.group)?.name ?? 'Group',
          }
        : { kind: 'organization' };
  const calendar = useQuery(
    scheduleQueries.range({
      from,
      to,
      ...(canPlan && subject.kind === 'athlete' ? { athleteId: subject.id } : {}),
      ...(canPlan && subject.kind === 'group' ? { groupId: subject.id } : {}),
    }),
  );
  const [open, setOpen] = useState<OpenItem | null>(null);
  const [addOn, setAddOn] = useState<string | null>(null);
  const [rangeTask, setRangeTask] = useState<RangeTask | null>(null);
  const { dateSelected } = useScheduleEditorActions();
  const { lastDateSelected } = useScheduleData();
  const move = useUpdateScheduleItem();
  const announceMove = useAnnounceMove();
  const { setNewNotification } = useNotificationActions();
  useGroupScheduleReload();
  const openTracking = useNavigate();
  const stepsDone = useOnboardingStepsDone();
  const shownItems = calendar.data?.data ?? noItems;
  // Spec 4's tour, issue 15: a day with a workout to track (after one was added), then one with a completed one.
  useTourStepCompletedWhen(
    'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT',
    canPlan &&
      stepsDone.ADD_WORKOUT_TO_SCHEDULE &&
      shownItems.some((item) => item.status === 'scheduled' || item.status === 'in_progress'),
  );
  useTourStepCompletedWhen(
    'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT',
    canPlan && stepsDone.TRACK_WORKOUT_FOR_ATHLETE && shownItems.some((item) => item.status === 'completed'),
  );

  const go = (change: { view?: CalendarView; date?: string }) =>
    void navigate({ search: (previous) => ({ ...previous, ...change }) });
  const chooseSubject = (next: Subject) =>
    void navigate({
      search: (previous) => ({
        view: previous.view,
        date: previous.date,
        ...(next.kind === 'athlete' ? { athlete: next.id } : {}),
        ...(next.kind === 'group' ? { group: next.id } : {}),
      }),
    });
  const addOnDay = (day: string) => {
    dateSelected(day);
    setAddOn(day);
  };
  const onMoveItem = (item: CalendarItem, newDate: string) =>
    move.mutate(
      { kind: item.kind, id: item.id, changes: { date: newDate } },
      {
        onSuccess: ({ data }) => announceMove(item, data),
        onError: (error) =>
          setNewNotification({
            title: 'Not moved',
            message: requestFailureMessage(error),
            status: 0,
          }),
      },
    );

  // With no connection the range's query waits (paused) for ever: say so, rather than an endless skeleton or the
  // range before it greyed out under this one's name (ADR 045).
  const isNotOnDevice =
    calendar.fetchStatus === 'paused' && (calendar.data === undefined || calendar.isPlaceholderData);
  // Drawn in a background render React can pause: a week of a large organisation is hundreds of items.
  const loadedItems = calendar.data?.data ?? noItems;
  const items = useDeferredValue(loadedItems);
  // The first answer is still being drawn: the skeleton stays, rather than an empty calendar for a moment.
  const firstDraw = items === noItems && loadedItems !== noItems;
  const viewProps = {
    items,
    from,
    to,
    date,
    today: calendar.data?.today ?? today,
    weekdays: weekdayNames(weekStartsOn),
    showSubject: canPlan && subject.kind === 'organization',
    canPlan,
    onOpenItem: (item: CalendarItem) => {
      // An athlete's phone opens the workout full screen, ready to track; elsewhere the dialog shows it.
      if (!canPlan && !isWide && item.kind === 'entry' && item.status !== 'skipped') {
        void openTracking({ to: '/app/track/$entryId', params: { entryId: item.id } });
        return;
      }
      setOpen({ kind: item.kind, id: item.id });
    },
    onAddOnDay: addOnDay,
    onOpenDay: (day: string) => go({ view: 'day', date: day }),
    onMoveItem,
  };
  const nextStart = viewRange(view, stepDate(view, date, 1), weekStartsOn).from;

  const title = canPlan ? 'Schedule' : 'My schedule';
  const addWorkout = () => addOnDay(lastDateSelected || (date < today && view !== 'month' ? today : date));
  const chooseRangeTask = (task: RangeTask) => {
    if (subject.kind === 'organization') {
      setNewNotification({
        title: 'Choose a group or an athlete',
        message: 'Copying, removing and saving a program work on one group’s or one athlete’s schedule.',
      });
      return;
    }
    setRangeTask(task);
  };
  const subjectPicker = (className: string) =>
    canPlan ? (
      <Suspense fallback={<SubjectPlaceholder subject={subject} className={className} />}>
        <SubjectPicker
          label="Whose schedule"
          value={subject}
          onChange={chooseSubject}
          className={className}
        />
      </Suspense>
    ) : null;
  const stepper = (
    <div className="flex min-w-0 flex-1 items-center gap-2 lg:flex-none">
      <div className="flex shrink-0 items-center rounded-lg border border-border bg-surface shadow-xs">
        <button
          type="button"
          onClick={() => go({ date: stepDate(view, date, -1) })}
          aria-label={`Previous ${view}`}
          className="inline-flex size-11 items-center justify-center rounded-l-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronDownIcon className="size-4 rotate-90" />
        </button>
        <button
          type="button"
          onClick={() => go({ date: today })}
          className="min-h-11 border-x border-border px-3 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          Today
        </button>
        <button
          type="button"
          onClick={() => go({ date: stepDate(view, date, 1) })}
          aria-label={`Next ${view}`}
          className="inline-flex size-11 items-center justify-center rounded-r-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronDownIcon className="size-4 -rotate-90" />
        </button>
      </div>
      <h2
        className="min-w-0 flex-1 truncate text-base font-semibold text-foreground sm:text-lg"
        aria-live="polite"
      >
        {rangeLabel(view, date, weekStartsOn, formats.place)}
      </h2>
    </div>
  );
  const menuItemClass =
    'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-3 text-left text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';
  const rangeTaskItems = (close: () => void) =>
    canPlan
      ? rangeTasks.map(({ id, label, icon: ActionIcon }) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => {
                close();
                chooseRangeTask(id);
              }}
              className={`${menuItemClass} ${id === 'delete' ? 'text-danger' : 'text-foreground'}`}
            >
              <ActionIcon className="size-4" />
              {label}
            </button>
          </li>
        ))
      : null;
  const moreTrigger = {
    trigger: <MoreVerticalIcon className="size-5" />,
    triggerLabel: 'More schedule actions',
    triggerClassName:
      'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-expanded:bg-muted',
    panelLabel: 'More schedule actions',
    panelClassName: 'w-64',
  };

  return (
    <div className="space-y-4">
      {isWide ? (
        <PageHeader
          title={title}
          description={
            canPlan
              ? `Who trains what, and when, at ${organizationName}.`
              : 'Your workouts, day by day. Open one to see what it holds.'
          }
          actions={
            canPlan ? (
              <>
                <Link
                  to="/app/schedule/programs"
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <ClipboardIcon className="size-4" />
                  Programs
                </Link>
                <Button data-tour="add-workout" onClick={addWorkout}>
                  <PlusIcon className="size-4" />
                  Add workout
                </Button>
              </>
            ) : null
          }
        />
      ) : (
        // A phone's top bar already says the screen's name: the controls take one row (two for staff, whose
        // first row is whose calendar), the rest is in the menu, and the day's workouts start in the first screen.
        <h1 className="sr-only">{title}</h1>
      )}

      {isWide ? (
        <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
          {subjectPicker('lg:w-72')}
          {stepper}
          <div className="flex items-center gap-2 lg:ml-auto">
            <nav
              aria-label="Calendar view"
              className="inline-flex rounded-lg border border-border bg-muted/60 p-0.5"
            >
              {calendarViews.map((name) => (
                <Link
                  key={name}
                  from="/app/schedule/"
                  search={(previous) => ({ ...previous, view: name })}
                  aria-current={view === name ? 'page' : undefined}
                  activeOptions={{ includeSearch: false }}
                  activeProps={{}}
                  className={`inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring ${
                    view === name
                      ? 'bg-surface text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground'
                  }`}
                >
                  {viewLabels[name]}
                </Link>
              ))}
            </nav>
            {canPlan ? (
              <Popover {...moreTrigger}>
                {(close) => <ul className="space-y-0.5">{rangeTaskItems(close)}</ul>}
              </Popover>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            {canPlan ? subjectPicker('flex-1') : stepper}
            {canPlan ? (
              <Button
                data-tour="add-workout"
                onClick={addWorkout}
                aria-label="Add workout"
                className="shrink-0 px-3"
              >
                <PlusIcon className="size-5" />
              </Button>
            ) : null}
            <Popover {...moreTrigger}>
              {(close) => (
                <div className="space-y-1">
                  <nav aria-label="Calendar view">
                    <ul className="space-y-0.5">
                      {calendarViews.map((name) => (
                        <li key={name}>
                          <Link
                            from="/app/schedule/"
                            search={(previous) => ({ ...previous, view: name })}
                            aria-current={view === name ? 'page' : undefined}
                            activeOptions={{ includeSearch: false }}
                            activeProps={{}}
                            onClick={close}
                            className={`${menuItemClass} ${view === name ? 'bg-muted font-semibold text-foreground' : 'text-foreground'}`}
                          >
                            {viewLabels[name]}
                            {view === name ? <span className="sr-only"> (shown)</span> : null}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                  {canPlan ? (
                    <ul className="space-y-0.5 border-t border-border pt-1">
                      <li>
                        <Link
                          to="/app/schedule/programs"
                          onClick={close}
                          className={`${menuItemClass} text-foreground`}
                        >
                          <ClipboardIcon className="size-4" />
                          Programs
                        </Link>
                      </li>
                      {rangeTaskItems(close)}
                    </ul>
                  ) : null}
                </div>
              )}
            </Popover>
          </div>
          {canPlan ? stepper : null}
        </div>
      )}

      {isNotOnDevice ? (
        <Alert tone="warning" role="status" title={`This ${view} is not on this device yet.`}>
          <p>
            There is no connection to fetch it: it shows as soon as you are back online. The coming week is
            kept on this device whenever the app is online.
          </p>
        </Alert>
      ) : calendar.isError && !calendar.data ? (
        <Alert title="The schedule could not be loaded.">
          <p>
            {isApiRequestError(calendar.error)
              ? calendar.error.message
              : 'Check your connection and try again.'}
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void calendar.refetch()}
            isPending={calendar.isRefetching}
          >
            Try again
          </Button>
        </Alert>
      ) : calendar.isPending || firstDraw ? (
        <CalendarSkeleton view={view} />
      ) : (
        <section
          aria-label={`Schedule of ${subjectName(subject, organizationName)}`}
          aria-busy={calendar.isPlaceholderData || undefined}
          className={`transition-opacity ${calendar.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {view === 'month' ? (
            <MonthView {...viewProps} />
          ) : view === 'week' ? (
            <WeekView {...viewProps} isWide={isWide} />
          ) : (
            <DayView {...viewProps} />
          )}
          {calendar.data && calendar.data.data.length === 0 ? (
            <p className="mt-3 text-center text-sm text-muted-foreground">
              {canPlan
                ? 'Nothing scheduled here yet. Add a workout, or apply a program.'
                : 'Nothing scheduled for you here yet.'}
            </p>
          ) : null}
        </section>
      )}

      {/* Each dialog's code loads when it is first opened. */}
      <Suspense fallback={null}>
        {open ? <ItemDialog item={open} canPlan={canPlan} onClose={() => setOpen(null)} /> : null}
        {canPlan && addOn ? (
          <AddWorkoutDialog date={addOn} subject={subject} onClose={() => setAddOn(null)} />
        ) : null}
        {canPlan && rangeTask ? (
          <RangeDialog
            task={rangeTask}
            subject={subject}
            from={from}
            to={to}
            nextStart={nextStart}
            onClose={() => setRangeTask(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

/** Spec 3's athleteGroupSchedule.reload: a change elsewhere (a group's members) asks the calendars to read again. */
function useGroupScheduleReload() {
  const reload = useAthleteGroupScheduleReload();
  const { reloadHandled } = useAthleteGroupScheduleActions();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!reload) return;
    reloadHandled();
    void queryClient.invalidateQueries({ queryKey: scheduleQueries.all() });
  }, [reload, reloadHandled, queryClient]);
}

const noItems: CalendarItem[] = [];

function CalendarSkeleton({ view }: { view: CalendarView }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-2xl border border-border bg-surface p-3 shadow-xs"
    >
      <span className="sr-only">Loading the schedule…</span>
      <div className={`grid gap-2 ${view === 'day' ? 'grid-cols-1' : 'grid-cols-7'}`}>
        {Array.from({ length: view === 'month' ? 35 : view === 'week' ? 7 : 3 }, (_, index) => (
          <Skeleton key={index} className={view === 'month' ? 'h-20' : 'h-40'} />
        ))}
      </div>
    </div>
  );
}
