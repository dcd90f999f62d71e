import type { CalendarItem, EntryStatus, WorkoutCategory } from '@contract';
import { workoutCategoryLabels } from '@contract/training-vocabulary';
import type { Active, Announcements, DragEndEvent, Over } from '@dnd-kit/core';
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { categoryColor } from '@/components/ui/category-badge';
import { CheckIcon, PlusIcon } from '@/components/ui/icons';
import { dayHeading, dayNumber, daysOf, inMonth, shortDay } from '@/lib/schedule/calendar-range';
import { useFormats } from '@/lib/format/use-formats';

export interface CalendarViewProps {
  items: readonly CalendarItem[];
  from: string;
  to: string;
  /** The date the view is about (its month for a month view). */
  date: string;
  today: string;
  weekdays: readonly string[];
  /** Show whose each item is (the organisation's calendar). */
  showSubject: boolean;
  canPlan: boolean;
  onOpenItem: (item: CalendarItem) => void;
  onAddOnDay: (date: string) => void;
  onOpenDay: (date: string) => void;
  /** An item dropped on another day. */
  onMoveItem: (item: CalendarItem, date: string) => void;
}

export const statusLabels: Record<EntryStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Done',
  skipped: 'Skipped',
};

function byDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const list = days.get(item.date) ?? [];
    list.push(item);
    days.set(item.date, list);
  }
  for (const list of days.values()) {
    list.sort((a, b) => (a.timeOfDay ?? '99').localeCompare(b.timeOfDay ?? '99') || a.position - b.position);
  }
  return days;
}

const subjectOf = (item: CalendarItem) =>
  item.group ? item.group.name : item.athlete ? `${item.athlete.firstName} ${item.athlete.lastName}` : '';

/** "15:30 · Pitchers · 2/3 done": what an item shows (and says) under its name. */
function detailsOf(item: CalendarItem, showSubject: boolean, spoken: boolean): string {
  const parts = [
    item.timeOfDay,
    showSubject ? subjectOf(item) : null,
    item.progress ? `${item.progress.completed}/${item.progress.total} done` : null,
  ].filter(Boolean);
  return spoken ? parts.map((part) => `, ${part}`).join('') : parts.join(' · ');
}

/** Drag and drop between days (dnd-kit); the item's dialog has "Move to another day" for the keyboard. */
export function CalendarDnd({
  children,
  items,
  onMoveItem,
}: {
  children: ReactNode;
  items: readonly CalendarItem[];
  onMoveItem: CalendarViewProps['onMoveItem'];
}) {
  const formats = useFormats();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 8 } }));
  const itemOf = (active: Active) =>
    items.find((candidate) => `${candidate.kind}:${candidate.id}` === active.id);
  const dateOf = (over: Over | null) => (over ? String(over.id).replace('day:', '') : null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const item = itemOf(active);
    const date = dateOf(over);
    if (item && date && date !== item.date) onMoveItem(item, date);
  };
  // dnd-kit's own words name ids ("assignment:b9b4… dropped over droppable area day:2026-11-28"): say it in words.
  const named = (active: Active) => {
    const item = itemOf(active);
    if (!item) return 'the workout';
    const whose = subjectOf(item);
    return whose ? `${item.name} for ${whose}` : item.name;
  };
  /** The day last said; the first "over" (its own day, at once) would drown out "Picked up". */
  const saidOver = useRef<string | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const date = itemOf(active)?.date ?? null;
      saidOver.current = date;
      return `Picked up ${named(active)}${date ? `, on ${dayHeading(date, formats.place)}` : ''}.`;
    },
    onDragOver: ({ over }) => {
      const date = dateOf(over);
      if (date === saidOver.current) return undefined;
      saidOver.current = date;
      return date ? `Over ${dayHeading(date, formats.place)}.` : 'Over no day.';
    },
    onDragEnd: ({ active, over }) => {
      const date = dateOf(over);
      if (!date) return `${named(active)} is back where it was.`;
      return date === itemOf(active)?.date
        ? `${named(active)} stays on ${dayHeading(date, formats.place)}.`
        : `${named(active)} dropped on ${dayHeading(date, formats.place)}.`;
    },
    onDragCancel: ({ active }) => `Moving ${named(active)} cancelled; it stays where it was.`,
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Drag it to another day with a mouse or a finger, or open it and choose Move to another day.',
        },
      }}
    >
      {children}
    </DndContext>
  );
}

function DayDrop({ date, className, children }: { date: string; className: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${date}` });
  return (
    <div
      ref={setNodeRef}
      data-date={date}
      className={`${className} ${isOver ? 'bg-primary-soft ring-2 ring-primary/40 ring-inset' : ''}`}
    >
      {children}
    </div>
  );
}

function StatusMark({ status }: { status: EntryStatus }) {
  if (status === 'completed')
    return (
      <>
        <CheckIcon className="size-3.5 shrink-0 text-success" />
        <span className="sr-only">, done</span>
      </>
    );
  if (status === 'skipped')
    return <span className="text-[0.65rem] font-semibold text-muted-foreground uppercase">Skipped</span>;
  if (status === 'in_progress')
    return (
      <>
        <span className="size-2 shrink-0 rounded-full bg-warning" />
        <span className="sr-only">, in progress</span>
      </>
    );
  return null;
}

/** An item as a button that opens it, and (for staff) a handle to drag it to another day. */
function DraggableItem({
  item,
  canPlan,
  showSubject,
  compact,
  onOpen,
}: {
  item: CalendarItem;
  canPlan: boolean;
  showSubject: boolean;
  compact: boolean;
  onOpen: () => void;
}) {
  const draggable = item.status === 'scheduled' && canPlan;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${item.kind}:${item.id}`,
    disabled: !draggable,
  });
  const faded = item.status === 'skipped' ? 'opacity-60 line-through' : '';
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...(draggable ? listeners : {})}
      {...(draggable ? { 'aria-roledescription': attributes['aria-roledescription'] } : {})}
      onClick={onOpen}
      // A month's narrow cell cuts the name: the pointer's tooltip has it whole (the accessible name always has).
      title={[item.name, detailsOf(item, showSubject, false)].filter(Boolean).join(' · ')}
      data-tour={`schedule-item:${item.id}`}
      style={{ transform: CSS.Translate.toString(transform), borderLeftColor: categoryColor(item.category) }}
      className={`group/item relative flex w-full min-w-0 items-center gap-1.5 rounded-md border border-border border-l-4 bg-surface text-left shadow-xs transition-shadow hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ${
        compact ? 'px-1.5 py-0.5 text-xs' : 'px-2.5 py-2 text-sm'
      } ${isDragging ? 'z-20 shadow-lg' : ''} ${draggable ? 'touch-manipulation' : ''}`}
    >
      <span className={`min-w-0 flex-1 ${faded}`}>
        {/* A week's column wraps a long name rather than cutting it ("Lower B…"); a month's cell cuts it. */}
        <span
          className={`block font-medium text-foreground ${compact ? 'truncate' : 'leading-snug break-words'}`}
        >
          {item.name}
          {compact ? null : <span className="sr-only">,</span>}
        </span>
        {compact ? (
          // A month shows the name only; the rest is said, not shown.
          <span className="sr-only">{detailsOf(item, showSubject, true)}</span>
        ) : (
          <span className="mt-0.5 block text-xs break-words text-muted-foreground">
            {detailsOf(item, showSubject, false) || workoutCategoryLabels[item.category]}
          </span>
        )}
      </span>
      <StatusMark status={item.status} />
    </button>
  );
}

/** Counts per category, for a day of the organisation's month too full to list. */
function CategoryCounts({ items }: { items: readonly CalendarItem[] }) {
  const counts = new Map<WorkoutCategory, number>();
  for (const item of items) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`${items.length} workouts`}>
      {[...counts].map(([category, count]) => (
        <li
          key={category}
          className="inline-flex items-center gap-1 rounded-md bg-muted px-1.5 py-0.5 text-xs font-semibold text-foreground"
          title={workoutCategoryLabels[category]}
        >
          <span
            aria-hidden="true"
            className="size-2 rounded-full"
            style={{ backgroundColor: categoryColor(category) }}
          />
          <span className="sr-only">{workoutCategoryLabels[category]}:</span>
          {count}
        </li>
      ))}
    </ul>
  );
}

const addButtonClass =
  'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-0 transition-opacity group-hover/day:opacity-100 hover:bg-muted hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring';

/** A month: whole weeks, each day with its items (or its counts when the organisation's day is too full). */
export function MonthView(props: CalendarViewProps) {
  const formats = useFormats();
  const days = daysOf(props.from, props.to);
  const items = byDay(props.items);
  const shownPerDay = 3;
  return (
    <CalendarDnd items={props.items} onMoveItem={props.onMoveItem}>
      <div className="overflow-hidden rounded-2xl border border-border bg-surface shadow-xs">
        <div className="grid grid-cols-7 border-b border-border bg-muted/40" aria-hidden="true">
          {props.weekdays.map((weekday) => (
            <div
              key={weekday}
              className="px-2 py-2 text-center text-xs font-semibold tracking-wide text-muted-foreground uppercase"
            >
              {weekday}
            </div>
          ))}
        </div>
        <ol className="grid grid-cols-7">
          {days.map((day) => {
            const dayItems = items.get(day) ?? [];
            const isToday = day === props.today;
            const outside = !inMonth(day, props.date);
            const dense = props.showSubject && dayItems.length > shownPerDay;
            return (
              <li key={day} className="min-w-0 border-r border-b border-border [&:nth-child(7n)]:border-r-0">
                <DayDrop
                  date={day}
                  className={`group/day flex h-full min-h-24 flex-col gap-1 p-1 sm:min-h-28 sm:p-1.5 ${outside ? 'bg-muted/30' : ''}`}
                >
                  <div className="flex items-center justify-between">
                    <button
                      type="button"
                      onClick={() => props.onOpenDay(day)}
                      aria-label={`${dayHeading(day, formats.place)}${dayItems.length ? `, ${dayItems.length} workouts` : ''}`}
                      aria-current={isToday ? 'date' : undefined}
                      className={`inline-flex size-7 items-center justify-center rounded-full text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-ring ${
                        isToday
                          ? 'bg-primary font-bold text-primary-foreground'
                          : outside
                            ? 'text-muted-foreground'
                            : 'font-medium text-foreground hover:bg-muted'
                      }`}
                    >
                      {dayNumber(day)}
                    </button>
                    {props.canPlan ? (
                      <button
                        type="button"
                        onClick={() => props.onAddOnDay(day)}
                        aria-label={`Add a workout on ${dayHeading(day, formats.place)}`}
                        className={`hidden sm:inline-flex ${addButtonClass}`}
                      >
                        <PlusIcon className="size-4" />
                      </button>
                    ) : null}
                  </div>
                  {/* On a phone a month shows dots; the day opens on a tap. */}
                  <div className="flex flex-wrap gap-0.5 sm:hidden" aria-hidden="true">
                    {dayItems.slice(0, 6).map((item) => (
                      <span
                        key={item.id}
                        className="size-1.5 rounded-full"
                        style={{ backgroundColor: categoryColor(item.category) }}
                      />
                    ))}
                  </div>
                  <div className="hidden min-w-0 flex-col gap-1 sm:flex">
                    {dense ? (
                      <button type="button" onClick={() => props.onOpenDay(day)} className="text-left">
                        <CategoryCounts items={dayItems} />
                      </button>
                    ) : (
                      <>
                        {dayItems.slice(0, shownPerDay).map((item) => (
                          <DraggableItem
                            key={item.id}
                            item={item}
                            canPlan={props.canPlan}
                            showSubject={props.showSubject}
                            compact
                            onOpen={() => props.onOpenItem(item)}
                          />
                        ))}
                        {dayItems.length > shownPerDay ? (
                          <button
                            type="button"
                            onClick={() => props.onOpenDay(day)}
                            className="rounded px-1 text-left text-xs font-semibold text-primary-ink hover:underline"
                          >
                            {dayItems.length - shownPerDay} more
                          </button>
                        ) : null}
                      </>
                    )}
                  </div>
                </DayDrop>
              </li>
            );
          })}
        </ol>
      </div>
    </CalendarDnd>
  );
}

/** A week: seven columns on a wide screen; on a phone a list of days, today first. */
export function WeekView(props: CalendarViewProps & { isWide: boolean }) {
  const formats = useFormats();
  const days = daysOf(props.from, props.to);
  const items = byDay(props.items);
  if (!props.isWide) {
    // Today first on a phone: what is left of the week, then what has passed.
    const todayIndex = days.indexOf(props.today);
    const ordered = todayIndex > 0 ? [...days.slice(todayIndex), ...days.slice(0, todayIndex)] : days;
    return (
      <DayList
        {...props}
        days={ordered}
        byDate={items}
        earlierFrom={todayIndex > 0 ? days.length - todayIndex : null}
      />
    );
  }
  return (
    <CalendarDnd items={props.items} onMoveItem={props.onMoveItem}>
      <ol className="grid grid-cols-7 overflow-hidden rounded-2xl border border-border bg-surface shadow-xs">
        {days.map((day, index) => {
          const dayItems = items.get(day) ?? [];
          const isToday = day === props.today;
          return (
            <li key={day} className="min-w-0 border-r border-border last:border-r-0">
              <DayDrop date={day} className="group/day flex h-full min-h-96 flex-col gap-1.5 p-2">
                <div className="flex items-start justify-between gap-1">
                  <button
                    type="button"
                    onClick={() => props.onOpenDay(day)}
                    aria-current={isToday ? 'date' : undefined}
                    className="rounded text-left focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="block text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                      {props.weekdays[index]}
                    </span>
                    <span
                      className={`mt-0.5 inline-flex size-8 items-center justify-center rounded-full text-base tabular-nums ${isToday ? 'bg-primary font-bold text-primary-foreground' : 'font-semibold text-foreground'}`}
                    >
                      {dayNumber(day)}
                    </span>
                  </button>
                  {props.canPlan ? (
                    <button
                      type="button"
                      onClick={() => props.onAddOnDay(day)}
                      aria-label={`Add a workout on ${dayHeading(day, formats.place)}`}
                      className={addButtonClass}
                    >
                      <PlusIcon className="size-4" />
                    </button>
                  ) : null}
                </div>
                {dayItems.map((item) => (
                  <DraggableItem
                    key={item.id}
                    item={item}
                    canPlan={props.canPlan}
                    showSubject={props.showSubject}
                    compact={false}
                    onOpen={() => props.onOpenItem(item)}
                  />
                ))}
              </DayDrop>
            </li>
          );
        })}
      </ol>
    </CalendarDnd>
  );
}

/** Days one under the other (a phone's week, and the day view): each day's items as cards. */
function DayList(
  props: CalendarViewProps & {
    days: readonly string[];
    byDate: Map<string, CalendarItem[]>;
    earlierFrom: number | null;
  },
) {
  const formats = useFormats();
  return (
    <CalendarDnd
      items={props.items === undefined ? [] : [...props.items.values()].flat()}
      onMoveItem={props.onMoveItem}
    >
      <ol className="space-y-3">
        {props.days.map((day, index) => {
          const dayItems = props.byDate.get(day) ?? [];
          const isToday = day === props.today;
          return (
            <li key={day}>
              {props.earlierFrom !== null && index === props.earlierFrom ? (
                <h3 className="mt-5 mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Earlier this week
                </h3>
              ) : null}
              <DayDrop date={day} className="rounded-2xl border border-border bg-surface p-3 shadow-xs">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold text-foreground">
                    {isToday ? (
                      <span className="mr-2 rounded-md bg-primary px-1.5 py-0.5 text-xs font-bold text-primary-foreground">
                        Today
                      </span>
                    ) : null}
                    {isToday ? ' ' : null}
                    {props.days.length === 1 ? dayHeading(day, formats.place) : shortDay(day, formats.place)}
                  </h2>
                  {props.canPlan ? (
                    <button
                      type="button"
                      onClick={() => props.onAddOnDay(day)}
                      aria-label={`Add a workout on ${dayHeading(day, formats.place)}`}
                      className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <PlusIcon className="size-4" />
                    </button>
                  ) : null}
                </div>
                {dayItems.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {isToday ? 'Nothing scheduled today.' : 'Rest day'}
                  </p>
                ) : (
                  <div className="space-y-1.5">
                    {dayItems.map((item) => (
                      <DraggableItem
                        key={item.id}
                        item={item}
                        canPlan={props.canPlan}
                        showSubject={props.showSubject}
                        compact={false}
                        onOpen={() => props.onOpenItem(item)}
                      />
                    ))}
                  </div>
                )}
              </DayDrop>
            </li>
          );
        })}
      </ol>
    </CalendarDnd>
  );
}

/** One day: its items in order, large enough to read on a phone. */
export function DayView(props: CalendarViewProps) {
  return <DayList {...props} days={[props.date]} byDate={byDay(props.items)} earlierFrom={null} />;
}
