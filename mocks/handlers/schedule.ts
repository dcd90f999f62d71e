import type {
  CalendarItem,
  Program,
  ProgramApplication,
  ProgramPreview,
  ScheduleItemDetail,
  Workout,
} from '@contract';
import {
  applyProgramRequestSchema,
  copyScheduleRequestSchema,
  createScheduleItemRequestSchema,
  daysInRange,
  deleteScheduleRangeRequestSchema,
  errorCodes,
  programApplicationListResponseSchema,
  programApplicationResponseSchema,
  programListResponseSchema,
  programPreviewResponseSchema,
  programResponseSchema,
  progressBlocks,
  saveProgramRequestSchema,
  scheduleBatchResponseSchema,
  scheduleItemResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  todayResponseSchema,
  updateScheduleItemRequestSchema,
  weekOfDay,
} from '@contract';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { demoGroups, demoPeople, demoSettings, demoUsers } from '../data';
import { demoWorkouts } from '../library-data';
import { apiError, apiRoute, requestUser, staffOnly, unauthorized, validationFailure } from './respond';

/** The demo organisation's today, as the server answers it (its time zone). */
export const demoToday = () => format(new TZDate(Date.now(), demoSettings.timeZone), 'yyyy-MM-dd');
const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

const pitchers = demoGroups[1]!;
const memberIds = (groupId: string) =>
  demoPeople
    .filter((person) => person.groups.some((group) => group.id === groupId))
    .map((person) => person.id);
const personRef = (id: string) => {
  const person = demoPeople.find((candidate) => candidate.id === id) ?? demoUsers.athlete;
  return { id: person.id, firstName: person.firstName, lastName: person.lastName };
};

interface StoredItem {
  item: CalendarItem;
  workout: Workout;
  skipReason: string | null;
  /** An assignment's members' entries. */
  members: { entryId: string; athleteId: string; status: CalendarItem['status']; follows: boolean }[] | null;
}

/** What the tracking fake needs of the schedule fake in use: an entry, and its status as tracking changes it. */
export interface FakeScheduleEntries {
  entry: (entryId: string) => { detail: ScheduleItemDetail; athleteId: string } | undefined;
  setEntryStatus: (entryId: string, status: CalendarItem['status']) => void;
}

let currentSchedule: FakeScheduleEntries | undefined;

/** The entries of the schedule fake made last (a test that installs its own copy makes it the current one). */
export const fakeScheduleEntries: FakeScheduleEntries = {
  entry: (entryId) => currentSchedule?.entry(entryId),
  setEntryStatus: (entryId, status) => currentSchedule?.setEntryStatus(entryId, status),
};

/**
 * The schedule API over a small calendar around today: the Pitchers' assignments and the demo athlete's own
 * entries, with the server's rules that the screens show (fan-out counts, moves of started entries refused,
 * undo once). Tests that write install a fresh copy: `server.use(...scheduleHandlers())`.
 */
export function scheduleHandlers() {
  const today = demoToday();
  const [lower, armCare] = demoWorkouts as [Workout, Workout];
  const items: StoredItem[] = [];
  const programs: Program[] = [];
  const applications: ProgramApplication[] = [];
  const batches = new Map<string, { removed: StoredItem[]; created: string[]; undone: boolean }>();

  const add = (fields: Partial<CalendarItem> & Pick<CalendarItem, 'date' | 'kind'>, workout: Workout) => {
    const stored: StoredItem = {
      item: {
        id: crypto.randomUUID(),
        position: 0,
        timeOfDay: null,
        name: workout.name,
        category: workout.category,
        status: 'scheduled',
        athlete: null,
        group: null,
        assignmentId: null,
        programApplicationId: null,
        progress: null,
        ...fields,
      },
      workout,
      skipReason: null,
      members: null,
    };
    if (stored.item.kind === 'assignment' && stored.item.group) {
      stored.members = memberIds(stored.item.group.id).map((athleteId) => ({
        entryId: crypto.randomUUID(),
        athleteId,
        status: 'scheduled',
        follows: true,
      }));
      stored.item.progress = { completed: 0, total: stored.members.length };
    }
    items.push(stored);
    return stored;
  };
  add(
    { kind: 'assignment', date: today, group: { id: pitchers.id, name: pitchers.name }, timeOfDay: '15:30' },
    armCare,
  );
  add({ kind: 'assignment', date: shift(today, 2), group: { id: pitchers.id, name: pitchers.name } }, lower);
  add({ kind: 'entry', date: today, athlete: personRef(demoUsers.athlete.id), position: 1 }, lower);
  add(
    { kind: 'entry', date: shift(today, -1), athlete: personRef(demoUsers.athlete.id), status: 'completed' },
    armCare,
  );

  const missing = (what: string) =>
    apiError(404, { code: errorCodes.notFound, message: `This ${what} is not on the schedule.` });
  const find = (kind: CalendarItem['kind'], id: string) =>
    items.find((stored) => stored.item.kind === kind && stored.item.id === id);
  const whom = (athleteId?: string, groupId?: string) =>
    groupId
      ? {
          group: { id: groupId, name: demoGroups.find((group) => group.id === groupId)?.name ?? 'Group' },
          athlete: null,
        }
      : { athlete: personRef(athleteId ?? ''), group: null };

  /** An athlete's calendar: its own entries and the entries fanned out to it. */
  const entriesOf = (athleteId: string): CalendarItem[] =>
    items.flatMap(({ item, members }) => {
      if (item.kind === 'entry') return item.athlete?.id === athleteId ? [item] : [];
      const member = members?.find((candidate) => candidate.athleteId === athleteId);
      return member
        ? [
            {
              ...item,
              id: member.entryId,
              kind: 'entry' as const,
              athlete: personRef(athleteId),
              group: null,
              assignmentId: item.id,
              progress: null,
              status: member.status,
            },
          ]
        : [];
    });
  const detailOf = ({ item, workout, skipReason, members }: StoredItem): ScheduleItemDetail => ({
    ...item,
    skipReason,
    workout: {
      workoutId: workout.id,
      version: workout.version,
      name: workout.name,
      category: workout.category,
      notes: workout.notes,
      blocks: workout.blocks,
      libraryVersion: null,
    },
    members:
      members?.map((member) => ({
        entryId: member.entryId,
        athlete: personRef(member.athleteId),
        status: member.status,
        followsAssignment: member.follows,
      })) ?? null,
  });
  /** A member's entry of a group assignment, as its own entry (tracking opens it by its id). */
  const memberEntry = (entryId: string): StoredItem | undefined => {
    for (const stored of items) {
      const member = stored.members?.find((candidate) => candidate.entryId === entryId);
      if (member) {
        return {
          item: {
            ...stored.item,
            id: member.entryId,
            kind: 'entry',
            athlete: personRef(member.athleteId),
            group: null,
            assignmentId: stored.item.id,
            progress: null,
            status: member.status,
          },
          workout: stored.workout,
          skipReason: null,
          members: null,
        };
      }
    }
    return undefined;
  };
  currentSchedule = {
    entry: (entryId) => {
      const stored = find('entry', entryId) ?? memberEntry(entryId);
      return stored ? { detail: detailOf(stored), athleteId: stored.item.athlete?.id ?? '' } : undefined;
    },
    setEntryStatus: (entryId, status) => {
      const own = find('entry', entryId);
      if (own) own.item.status = status;
      for (const stored of items) {
        const member = stored.members?.find((candidate) => candidate.entryId === entryId);
        if (!member) continue;
        member.status = status;
        const completed = stored.members?.filter((candidate) => candidate.status === 'completed').length ?? 0;
        stored.item.progress = { completed, total: stored.members?.length ?? 0 };
        stored.item.status = stored.members?.every((candidate) => candidate.status === 'completed')
          ? 'completed'
          : stored.members?.some((candidate) => candidate.status !== 'scheduled')
            ? 'in_progress'
            : 'scheduled';
      }
    },
  };
  const itemRoutes = (
    kind: CalendarItem['kind'],
    base: '/api/schedule/entries/{entryId}' | '/api/group-assignments/{assignmentId}',
  ) => {
    const idOf = (params: Record<string, string>) => params.entryId ?? params.assignmentId ?? '';
    return [
      apiRoute(
        { method: 'get', path: base, responses: { 200: scheduleItemResponseSchema } },
        ({ request, params, reply }) => {
          if (!requestUser(request)) return unauthorized();
          const id = idOf(params);
          const stored = find(kind, id) ?? (kind === 'entry' ? memberEntry(id) : undefined);
          return stored ? reply(200, { message: 'OK', data: detailOf(stored) }) : missing('workout');
        },
      ),
      apiRoute(
        { method: 'patch', path: base, responses: { 200: scheduleItemResponseSchema } },
        async ({ request, params, reply }) => {
          const refused = staffOnly(request);
          if (refused) return refused;
          const stored = find(kind, idOf(params));
          if (!stored) return missing('workout');
          const body = updateScheduleItemRequestSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          const moves =
            body.data.date !== undefined ||
            body.data.timeOfDay !== undefined ||
            body.data.position !== undefined;
          if (moves && (stored.item.status === 'in_progress' || stored.item.status === 'completed')) {
            return apiError(409, {
              code: errorCodes.conflict,
              message: `${stored.item.name} is already tracked, so it stays on its day.`,
            });
          }
          if (body.data.date) stored.item.date = body.data.date;
          if (body.data.timeOfDay !== undefined) stored.item.timeOfDay = body.data.timeOfDay;
          if (body.data.status) {
            stored.item.status = body.data.status;
            stored.skipReason = body.data.status === 'skipped' ? (body.data.skipReason ?? null) : null;
          }
          return reply(200, {
            message: `${stored.item.name} is saved.`,
            data: detailOf(stored),
          });
        },
      ),
      apiRoute(
        { method: 'delete', path: base, responses: { 200: scheduleBatchResponseSchema } },
        ({ request, params, reply }) => {
          const refused = staffOnly(request);
          if (refused) return refused;
          const stored = find(kind, idOf(params));
          if (!stored) return missing('workout');
          items.splice(items.indexOf(stored), 1);
          const batchId = crypto.randomUUID();
          batches.set(batchId, { removed: [stored], created: [], undone: false });
          return reply(200, { message: `${stored.item.name} is off the schedule.`, count: 1, batchId });
        },
      ),
      apiRoute(
        {
          method: 'post',
          path: `${base}/update-from-library`,
          responses: { 200: scheduleItemResponseSchema },
        },
        ({ request, params, reply }) => {
          const refused = staffOnly(request);
          if (refused) return refused;
          const stored = find(kind, idOf(params));
          return stored
            ? reply(200, { message: 'Updated from the library.', data: detailOf(stored) })
            : missing('workout');
        },
      ),
    ];
  };

  const programOf = (id: string) => programs.find((program) => program.id === id);
  const workoutById = (id: string) => demoWorkouts.find((workout) => workout.id === id);
  const saveProgram = (
    body: ReturnType<typeof saveProgramRequestSchema.parse>,
    previous?: Program,
  ): Program => ({
    id: previous?.id ?? crypto.randomUUID(),
    name: body.name,
    description: body.description ?? null,
    workouts: body.workouts.map((item, index) => {
      const workout = workoutById(item.workoutId) ?? lower;
      return {
        id: crypto.randomUUID(),
        day: item.day,
        position: index,
        workout: { id: workout.id, name: workout.name, category: workout.category, archived: false },
      };
    }),
    progression:
      body.progression && (body.progression.rules.length > 0 || body.progression.deloads.length > 0)
        ? body.progression
        : null,
    exercises: [
      ...new Map(
        body.workouts
          .flatMap((item) => workoutById(item.workoutId)?.blocks ?? [])
          .flatMap((block) => block.exercises)
          .map((item) => [item.exerciseId, { id: item.exerciseId, name: item.exercise.name }]),
      ).values(),
    ],
    workoutCount: body.workouts.length,
    dayCount: Math.max(...body.workouts.map((item) => item.day)),
    applicationCount: previous?.applicationCount ?? 0,
    createdAt: previous?.createdAt ?? new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });
  const previewOf = (program: Program, startDate: string, groupId?: string, athleteId?: string) => {
    const planned = program.workouts.map((item) => ({
      date: shift(startDate, item.day - 1),
      day: item.day,
      workout: { id: item.workout.id, name: item.workout.name, category: item.workout.category },
    }));
    const dates = new Set(planned.map((item) => item.date));
    const existing = items
      .map(({ item }) => item)
      .filter(
        (item) =>
          dates.has(item.date) && (groupId ? item.group?.id === groupId : item.athlete?.id === athleteId),
      );
    const perItem = groupId ? memberIds(groupId).length + 1 : 1;
    // The same weekly numbers the server computes (contract/program-progression.ts).
    const weekCount = weekOfDay(program.dayCount);
    const rows = new Map<string, ProgramPreview['exercises'][number]>();
    for (const item of program.workouts) {
      const week = weekOfDay(item.day);
      const workout = workoutById(item.workout.id);
      const blocks = progressBlocks(workout?.blocks ?? [], week, program.progression, 'lb');
      for (const exercise of blocks.flatMap((block) => block.exercises)) {
        const key = `${item.workout.id}/${exercise.id}`;
        const row = rows.get(key) ?? {
          workout: { id: item.workout.id, name: item.workout.name },
          exercise: { id: exercise.exerciseId, name: exercise.exercise.name },
          weeks: [],
        };
        if (!row.weeks.some((entry) => entry.week === week)) row.weeks.push({ week, sets: exercise.sets });
        rows.set(key, row);
      }
    }
    return {
      items: planned,
      existing,
      entryCount: planned.length * perItem,
      endDate: shift(startDate, program.dayCount - 1),
      weeks: Array.from({ length: weekCount }, (_, index) => ({
        week: index + 1,
        deloadPercent:
          program.progression?.deloads.find((deload) => deload.week === index + 1)?.volumePercent ?? null,
      })),
      exercises: [...rows.values()],
    };
  };

  return [
    apiRoute(
      { method: 'get', path: '/api/schedule', responses: { 200: scheduleResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const query = scheduleQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationFailure(query.error);
        const { from, to, athleteId, groupId } = query.data;
        const inRange = (item: CalendarItem) => item.date >= from && item.date <= to;
        const data =
          viewer.role === 'athlete'
            ? entriesOf(viewer.id)
            : athleteId
              ? entriesOf(athleteId)
              : groupId
                ? items.map(({ item }) => item).filter((item) => item.group?.id === groupId)
                : items.map(({ item }) => item);
        return reply(200, { data: data.filter(inRange), from, to, today, timeZone: demoSettings.timeZone });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/schedule/today', responses: { 200: todayResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const all = viewer.role === 'athlete' ? entriesOf(viewer.id) : items.map(({ item }) => item);
        return reply(200, {
          today,
          timeZone: demoSettings.timeZone,
          data: all.filter((item) => item.date === today),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/schedule', responses: { 201: scheduleItemResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = createScheduleItemRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const workout = workoutById(body.data.workoutId);
        if (!workout) {
          return apiError(400, {
            code: errorCodes.validation,
            message: 'Choose a workout of the library.',
            fields: { workoutId: 'No such workout in your library' },
          });
        }
        const stored = add(
          {
            kind: body.data.groupId ? 'assignment' : 'entry',
            date: body.data.date,
            timeOfDay: body.data.timeOfDay ?? null,
            ...whom(body.data.athleteId, body.data.groupId),
          },
          workout,
        );
        return reply(201, { message: `${workout.name} is on the schedule.`, data: detailOf(stored) });
      },
    ),
    ...itemRoutes('entry', '/api/schedule/entries/{entryId}'),
    ...itemRoutes('assignment', '/api/group-assignments/{assignmentId}'),
    apiRoute(
      { method: 'post', path: '/api/schedule/copy', responses: { 200: scheduleBatchResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = copyScheduleRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const { from, to, toDate, athleteId, groupId, toAthleteId, toGroupId } = body.data;
        const offset = daysInRange(from, toDate) - 1;
        const source = items.filter(
          ({ item }) =>
            item.date >= from &&
            item.date <= to &&
            item.status === 'scheduled' &&
            (groupId ? item.group?.id === groupId : item.athlete?.id === athleteId),
        );
        const created = source.map(
          (stored) =>
            add(
              {
                kind: stored.item.kind,
                date: shift(stored.item.date, offset),
                timeOfDay: stored.item.timeOfDay,
                ...whom(toAthleteId ?? athleteId, toGroupId ?? groupId),
              },
              stored.workout,
            ).item.id,
        );
        const batchId = crypto.randomUUID();
        batches.set(batchId, { removed: [], created, undone: false });
        return reply(200, {
          message: `${created.length} workouts copied.`,
          count: created.length,
          batchId: created.length ? batchId : null,
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/schedule/delete', responses: { 200: scheduleBatchResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = deleteScheduleRangeRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const { from, to, athleteId, groupId } = body.data;
        const removed = items.filter(
          ({ item }) =>
            item.date >= from &&
            item.date <= to &&
            item.status === 'scheduled' &&
            (groupId ? item.group?.id === groupId : item.athlete?.id === athleteId),
        );
        for (const stored of removed) items.splice(items.indexOf(stored), 1);
        const batchId = crypto.randomUUID();
        batches.set(batchId, { removed, created: [], undone: false });
        return reply(200, {
          message: `${removed.length} workouts removed.`,
          count: removed.length,
          batchId: removed.length ? batchId : null,
        });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/schedule/batches/{batchId}/undo',
        responses: { 200: scheduleBatchResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const batch = batches.get(params.batchId);
        if (!batch) return missing('change');
        if (batch.undone)
          return apiError(409, { code: errorCodes.conflict, message: 'This change was already undone.' });
        batch.undone = true;
        for (const id of batch.created) {
          const index = items.findIndex((stored) => stored.item.id === id);
          if (index >= 0) items.splice(index, 1);
        }
        items.push(...batch.removed);
        const count = batch.created.length + batch.removed.length;
        return reply(200, { message: `${count} workouts are back as they were.`, count, batchId: null });
      },
    ),

    apiRoute(
      { method: 'get', path: '/api/programs', responses: { 200: programListResponseSchema } },
      ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        return reply(200, {
          data: programs.map(
            ({
              workouts: _workouts,
              createdAt: _created,
              progression: _rule,
              exercises: _used,
              ...summary
            }) => summary,
          ),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/programs', responses: { 201: programResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = saveProgramRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const program = saveProgram(body.data);
        programs.push(program);
        return reply(201, { message: `${program.name} is ready to apply.`, data: program });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/programs/{programId}', responses: { 200: programResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const program = programOf(params.programId);
        return program ? reply(200, { message: 'OK', data: program }) : missing('program');
      },
    ),
    apiRoute(
      { method: 'put', path: '/api/programs/{programId}', responses: { 200: programResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const previous = programOf(params.programId);
        if (!previous) return missing('program');
        const body = saveProgramRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const program = saveProgram(body.data, previous);
        programs.splice(programs.indexOf(previous), 1, program);
        return reply(200, { message: `${program.name} is saved.`, data: program });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/programs/{programId}/applications/preview',
        responses: { 200: programPreviewResponseSchema },
      },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const program = programOf(params.programId);
        if (!program) return missing('program');
        const body = applyProgramRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        return reply(200, {
          data: previewOf(program, body.data.startDate, body.data.groupId, body.data.athleteId),
        });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/programs/{programId}/applications',
        responses: { 201: programApplicationResponseSchema },
      },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const program = programOf(params.programId);
        if (!program) return missing('program');
        const body = applyProgramRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const { startDate, groupId, athleteId } = body.data;
        const preview = previewOf(program, startDate, groupId, athleteId);
        const application: ProgramApplication = {
          id: crypto.randomUUID(),
          programId: program.id,
          programName: program.name,
          ...whom(athleteId, groupId),
          startDate,
          endDate: preview.endDate,
          itemCount: preview.items.length,
          createdAt: new Date().toISOString(),
        };
        for (const item of preview.items) {
          const workout = workoutById(item.workout.id) ?? lower;
          add(
            {
              kind: groupId ? 'assignment' : 'entry',
              date: item.date,
              programApplicationId: application.id,
              ...whom(athleteId, groupId),
            },
            workout,
          );
        }
        applications.push(application);
        program.applicationCount += 1;
        return reply(201, {
          message: `${program.name} is on the calendar: ${preview.entryCount} entries.`,
          data: application,
        });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/programs/{programId}/applications',
        responses: { 200: programApplicationListResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        return reply(200, {
          data: applications.filter((application) => application.programId === params.programId),
        });
      },
    ),
    apiRoute(
      {
        method: 'delete',
        path: '/api/program-applications/{applicationId}',
        responses: { 200: scheduleBatchResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const application = applications.find((candidate) => candidate.id === params.applicationId);
        if (!application) return missing('application');
        const removed = items.filter(
          ({ item }) => item.programApplicationId === application.id && item.status === 'scheduled',
        );
        for (const stored of removed) items.splice(items.indexOf(stored), 1);
        applications.splice(applications.indexOf(application), 1);
        return reply(200, {
          message: `${removed.length} workouts of ${application.programName} are off the calendar.`,
          count: removed.length,
          batchId: null,
        });
      },
    ),
  ];
}

/** The happy path; a test that writes installs its own copy. */
export const scheduleHandlersOfDemo = scheduleHandlers();
