import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../contract/questionnaire-templates';
import { roles as allRoles, type Role } from '../contract/users';
import {
  activities,
  activityComments,
  activityLikes,
  athleteGroups,
  athleteMaxes,
  customSidebarItems,
  exercises,
  groupAssignments,
  importMappings,
  logCorrections,
  loggedExercises,
  loggedSets,
  notifications,
  organizations,
  passengers,
  personalRecords,
  pitches,
  programApplications,
  programs,
  scheduleBatches,
  scheduleEntries,
  sensorThrows,
  throwImports,
  users,
  workoutLogs,
  workouts,
} from './db/schema';
import { parseImport } from './imports/parse-import';
import { trackmanCsv } from './imports/trackman-sample';
import { managementExtension } from './lib/management';
import type { TenantTable } from './lib/tenancy';
import { rolesExtension } from './lib/routes';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  security?: unknown[];
  parameters?: Parameter[];
  [rolesExtension]?: unknown;
  [managementExtension]?: unknown;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

interface Caller {
  label: string;
  email: string;
  role: Role;
  /** A demo user: authorization is by role; a rivals user: every demo id must be refused. */
  demo: boolean;
}

const callers: Caller[] = [
  { label: 'demo admin', email: 'admin@demo.test', role: 'admin', demo: true },
  { label: 'demo coach', email: 'coach@demo.test', role: 'coach', demo: true },
  { label: 'demo athlete', email: 'athlete@demo.test', role: 'athlete', demo: true },
  { label: 'rivals admin', email: 'admin@rivals.test', role: 'admin', demo: false },
  { label: 'rivals coach', email: 'coach@rivals.test', role: 'coach', demo: false },
  { label: 'rivals athlete', email: 'athlete@rivals.test', role: 'athlete', demo: false },
];

/**
 * Path parameters that mean "the caller itself": the handler answers 403 for anyone else's id by design,
 * so a demo caller passes its own id to prove its role gets through (rivals users still pass demo ids).
 */
const selfParameters: Record<string, readonly string[]> = {
  // Own onboarding state and push token only; the id is in the path because spec 3 says so.
  'POST /api/users/{userId}': ['userId'],
};

/**
 * A minimal valid body for each write that takes a demo id, sent by rivals users so that a refusal
 * comes from the organisation lookup (or the own-only check), not from body validation.
 */
const validBodies: Record<string, unknown> = {
  'POST /api/users/{userId}': { onboardingHidden: true },
  'POST /api/reporting/organization/{id}/llm': { from: '2030-01-01', to: '2030-01-07' },
  'POST /api/users/{userId}/status': { status: 'disabled' },
  'PATCH /api/users/{userId}': { phone: '555 0100' },
  'POST /api/users/{userId}/role': { role: 'coach' },
  'POST /api/users/{userId}/invitation': {},
  'PATCH /api/groups/{groupId}': { name: 'Renamed by a rival' },
  'DELETE /api/groups/{groupId}': {},
  'PUT /api/groups/{groupId}/members/{userId}': {},
  'DELETE /api/groups/{groupId}/members/{userId}': {},
  'PATCH /api/customSidebarItems/{itemId}': { label: 'Renamed by a rival' },
  'DELETE /api/customSidebarItems/{itemId}': {},
  'PATCH /api/notifications/{id}': { read: true },
  'DELETE /api/notifications/{id}': {},
  // {id} here is a notification's: no conversation of anyone's, so every caller reaches the lookup and gets 404.
  'PATCH /api/chats/{id}': { readUpTo: '00000000-0000-4000-8000-000000000000' },
  'POST /api/chatGroupsMessage/{id}': { id: '00000000-0000-4000-8000-000000000001', text: 'From a rival' },
  'PATCH /api/exercises/{exerciseId}': { name: 'Renamed by a rival' },
  'POST /api/exercises/{exerciseId}/archive': {},
  'POST /api/exercises/{exerciseId}/restore': {},
  'DELETE /api/exercises/{exerciseId}': {},
  'PUT /api/workouts/{workoutId}': { name: 'Saved by a rival', category: 'lift', blocks: [] },
  'POST /api/workouts/{workoutId}/archive': {},
  'POST /api/workouts/{workoutId}/restore': {},
  'POST /api/workouts/{workoutId}/duplicate': { name: 'Copied by a rival' },
  'DELETE /api/workouts/{workoutId}': {},
  'PATCH /api/schedule/entries/{entryId}': { timeOfDay: '05:00' },
  'DELETE /api/schedule/entries/{entryId}': {},
  'POST /api/schedule/entries/{entryId}/update-from-library': {},
  'PATCH /api/group-assignments/{assignmentId}': { timeOfDay: '05:00' },
  'DELETE /api/group-assignments/{assignmentId}': {},
  'POST /api/group-assignments/{assignmentId}/update-from-library': {},
  'POST /api/schedule/batches/{batchId}/undo': {},
  'PUT /api/programs/{programId}': {
    name: 'Saved by a rival',
    workouts: [{ day: 1, workoutId: '00000000-0000-4000-8000-000000000000' }],
  },
  'DELETE /api/programs/{programId}': {},
  'POST /api/programs/{programId}/duplicate': {},
  'POST /api/programs/{programId}/applications/preview': {
    athleteId: '00000000-0000-4000-8000-000000000000',
    startDate: '2030-01-07',
  },
  'POST /api/programs/{programId}/applications': {
    athleteId: '00000000-0000-4000-8000-000000000000',
    startDate: '2030-01-07',
  },
  'DELETE /api/program-applications/{applicationId}': {},
  'PUT /api/workout-logs/{logId}': {
    entryId: '00000000-0000-4000-8000-000000000000',
    startedAt: '2030-01-07T16:00:00.000Z',
  },
  'PUT /api/workout-logs/{logId}/sets/{setId}': {
    blockExerciseId: '00000000-0000-4000-8000-000000000000',
    exerciseId: '00000000-0000-4000-8000-000000000000',
    setNumber: 1,
    reps: 5,
    load: null,
    loadUnit: null,
    rpe: null,
    timeSeconds: null,
    distance: null,
    distanceUnit: null,
    velocityMph: null,
    done: true,
    changedAt: '2030-01-07T16:05:00.000Z',
  },
  'PUT /api/workout-logs/{logId}/exercises/{blockExerciseId}': {
    exerciseId: '00000000-0000-4000-8000-000000000000',
    changedAt: '2030-01-07T16:05:00.000Z',
  },
  'POST /api/workout-logs/{logId}/finish': {
    finishedAt: '2030-01-07T17:00:00.000Z',
    durationSeconds: 3600,
    sessionRpe: 7,
  },
  'POST /api/workout-logs/{logId}/corrections': { session: { sessionRpe: 3 } },
  'PUT /api/workout-logs/{logId}/comments/{commentId}': { text: 'Good work' },
  'PUT /api/activities/{activityId}/like': {},
  'DELETE /api/activities/{activityId}/like': {},
  'PUT /api/activities/{activityId}/comments/{commentId}': { text: 'Good work' },
  'DELETE /api/activities/{activityId}/comments/{commentId}': {},
  'PATCH /api/imports/pitches/{importId}': { pitcher: null },
  'POST /api/imports/pitches/{importId}/commit': { skipInvalidRows: true },
  'PATCH /api/imports/sensor-throws/{importId}': { pitcher: null },
  'POST /api/imports/sensor-throws/{importId}/commit': { skipInvalidRows: true },
  'POST /api/athletes/{athleteId}/maxes': {
    exerciseId: '00000000-0000-4000-8000-000000000000',
    kind: 'one_rm',
    value: 300,
    unit: 'lb',
    testedOn: '2030-01-07',
  },
  'POST /api/completed-workouts/{logId}/pitches': { sequence: 1, pitchType: 'fastball', velocityMph: 90 },
  'PUT /api/completed-workouts/{logId}/pitches': { pitches: [] },
  'PUT /api/completed-workouts/{logId}/pitches/{pitchId}': {
    sequence: 1,
    pitchType: 'fastball',
    velocityMph: 90,
  },
  'DELETE /api/completed-workouts/{logId}/pitches/{pitchId}': {},
  'POST /api/completed-workouts/{logId}/sensor-throws': { sequence: 1, elbowTorqueNm: 70 },
  'PUT /api/completed-workouts/{logId}/sensor-throws': { throws: [] },
  'PUT /api/completed-workouts/{logId}/sensor-throws/{throwId}': { sequence: 1, elbowTorqueNm: 70 },
  'DELETE /api/completed-workouts/{logId}/sensor-throws/{throwId}': {},
  // {id} here is a notification's: no questionnaire, assignment or answer of anyone's.
  'PUT /api/questionnaires/{id}': questionnaireTemplateBodies.wellness,
  'PATCH /api/questionnaires/{id}': { archived: true },
  'DELETE /api/questionnaire-assignments/{id}': {},
  'PUT /api/questionnaire-answers/{id}': {
    questionnaireId: '00000000-0000-4000-8000-000000000000',
    version: 1,
    date: '2030-01-07',
    values: {},
  },
};

/**
 * Writes whose path id is made by the device (a new answer's): it names nothing of demo, so a rivals user's refusal
 * comes from the body's ids, an unknown questionnaire (400), or the id being taken (409).
 */
const deviceMadeIds = new Set(['PUT /api/questionnaire-answers/{id}']);

/** Values for the query parameters a route requires, so that the call reaches its handler. */
const requiredQueries: Record<string, string> = {
  'GET /api/schedule': 'from=2030-01-07&to=2030-01-13',
  'GET /api/workout-logs': 'entryId=00000000-0000-4000-8000-000000000000',
  'GET /api/athletes/{athleteId}/history': 'exerciseId=00000000-0000-4000-8000-000000000000',
  'GET /api/athletes/{athleteId}/last-time': 'exerciseIds=00000000-0000-4000-8000-000000000000',
  // {self}: the caller's own id (a user reads only its own notifications).
  'GET /api/notifications': 'user={self}',
  'GET /api/upload': 'id=00000000-0000-4000-8000-000000000000',
  'PATCH /api/upload/chunk': 'id=00000000-0000-4000-8000-000000000000&offset=0',
  'GET /api/questionnaires/due': 'from=2030-01-07&to=2030-01-13',
  // Questionnaire trends (issue 26, S2): an unknown questionnaire reaches the lookup (404), an athlete its own load.
  'GET /api/questionnaire-trends':
    'questionnaireId=00000000-0000-4000-8000-000000000000&from=2030-01-01&to=2030-01-07',
  'GET /api/questionnaire-trends/load': 'athleteId={self}',
  'GET /api/questionnaire-answers/export':
    'questionnaireId=00000000-0000-4000-8000-000000000000&from=2030-01-01&to=2030-01-07',
  // Reports (issue 27): {id} is not demo's organisation here, so staff reach the lookup (404).
  'GET /api/reporting/organization/{id}': 'from=2030-01-01&to=2030-01-07',
  'GET /api/reporting/organization/{id}/llm': 'from=2030-01-01&to=2030-01-07',
};

/** The demo organisation's ids and the texts that only demo data contains. */
async function demoData() {
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  if (!demo) throw new Error('The demo organisation is not seeded');
  const demoUsers = await t.db.select().from(users).where(eq(users.organizationId, demo.id));
  const demoRoster = await t.db.select().from(passengers).where(eq(passengers.organizationId, demo.id));
  const demoGroups = await t.db.select().from(athleteGroups).where(eq(athleteGroups.organizationId, demo.id));
  const demoSidebar = await t.db
    .select()
    .from(customSidebarItems)
    .where(eq(customSidebarItems.organizationId, demo.id));
  const demoExercises = await t.db.select().from(exercises).where(eq(exercises.organizationId, demo.id));
  const demoWorkouts = await t.db.select().from(workouts).where(eq(workouts.organizationId, demo.id));
  const [demoEntries, demoAssignments, demoPrograms, demoApplications, demoBatches] = await Promise.all(
    [scheduleEntries, groupAssignments, programs, programApplications, scheduleBatches].map((table) =>
      t.db.select().from(table).where(eq(table.organizationId, demo.id)).orderBy(asc(table.id)),
    ),
  );
  // Tracking holds thousands of demo rows: a digest of each table shows a change as well as the rows would.
  const idsOf = (table: typeof workoutLogs | typeof loggedSets) =>
    t.db.select({ id: table.id }).from(table).where(eq(table.organizationId, demo.id)).orderBy(asc(table.id));
  const [demoLogs, demoSets] = await Promise.all([idsOf(workoutLogs), idsOf(loggedSets)]);
  const trackingDigest = await Promise.all(
    [
      workoutLogs,
      loggedSets,
      personalRecords,
      athleteMaxes,
      activities,
      activityLikes,
      activityComments,
      loggedExercises,
      logCorrections,
      pitches,
      sensorThrows,
      // Imports (issue 16): the uploads kept for their preview and the organisation's saved mapping.
      throwImports,
      importMappings,
    ].map(async (table: TenantTable) => {
      const [row] = await t.db
        .select({
          digest: sql<string>`md5(coalesce(string_agg(${table}::text, ',' order by ${table}::text), ''))`,
        })
        .from(table)
        .where(eq(table.organizationId, demo.id));
      return row?.digest;
    }),
  );
  return {
    demo,
    demoUsers,
    demoRoster,
    demoGroups,
    demoSidebar,
    demoExercises,
    demoWorkouts,
    demoEntries: demoEntries as (typeof scheduleEntries.$inferSelect)[],
    demoAssignments: demoAssignments as (typeof groupAssignments.$inferSelect)[],
    demoPrograms: demoPrograms as (typeof programs.$inferSelect)[],
    demoApplications: demoApplications as (typeof programApplications.$inferSelect)[],
    demoBatches,
    demoLogs,
    demoSets,
    trackingDigest,
  };
}

/** A change of the demo admin's to undo (an empty copy): its maker gets through, anyone else finds nothing. */
let demoBatchId: string | undefined;
async function demoBatch(): Promise<string> {
  if (!demoBatchId) {
    const { demo } = await demoData();
    const [batch] = await t.db
      .insert(scheduleBatches)
      .values({ organizationId: demo.id, userId: await userIdOf('admin@demo.test'), kind: 'copy' })
      .returning();
    demoBatchId = batch!.id;
  }
  return demoBatchId;
}

/** An uploaded TrackMan file of athlete@demo.test's, not yet committed: its athlete and staff get through. */
let demoImportId: string | undefined;
async function demoImport(): Promise<string> {
  if (!demoImportId) {
    const { demo } = await demoData();
    const content = trackmanCsv(12);
    const workout = { date: '2030-01-07', timeZone: 'UTC' };
    const [upload] = await t.db
      .insert(throwImports)
      .values({
        id: randomUUID(),
        organizationId: demo.id,
        kind: 'pitches',
        logId: (await jamiesSet()).logId,
        fileName: 'trackman.csv',
        format: 'trackman',
        content,
        mapping: parseImport({ kind: 'pitches', content, workout }).mapping,
      })
      .returning();
    demoImportId = upload!.id;
  }
  return demoImportId;
}

/** A logged set of one of athlete@demo.test's completed workouts (the demo seed logs its past weeks). */
async function jamiesSet() {
  const [set] = await t.db
    .select()
    .from(loggedSets)
    .where(eq(loggedSets.athleteId, await userIdOf('athlete@demo.test')))
    .orderBy(asc(loggedSets.id))
    .limit(1);
  if (!set) throw new Error('athlete@demo.test has no logged set');
  return set;
}

async function userIdOf(email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No seeded user ${email}`);
  return user.id;
}

/** A demo id for each path parameter name; a new name fails the test until someone adds it here. */
async function demoIdFor(name: string): Promise<string> {
  // The first walk may delete the row (a demo admin's DELETE): later walks keep using the id it had.
  const known = demoIds.get(name);
  if (known) return known;
  const id = await findDemoId(name);
  demoIds.set(name, id);
  return id;
}
const demoIds = new Map<string, string>();

async function findDemoId(name: string): Promise<string> {
  switch (name) {
    case 'userId':
      return userIdOf('athlete@demo.test');
    case 'groupId': {
      const [group] = (await demoData()).demoGroups;
      if (!group) throw new Error('The demo organisation has no group');
      return group.id;
    }
    case 'itemId': {
      const [item] = await t.db
        .select({ id: customSidebarItems.id })
        .from(customSidebarItems)
        .innerJoin(organizations, eq(organizations.id, customSidebarItems.organizationId))
        .where(eq(organizations.slug, 'demo'))
        .limit(1);
      if (!item) throw new Error('The demo organisation has no sidebar item');
      return item.id;
    }
    case 'organizationId':
      return (await demoData()).demo.id;
    case 'exerciseId': {
      const [exercise] = (await demoData()).demoExercises;
      if (!exercise) throw new Error('The demo organisation has no exercise');
      return exercise.id;
    }
    case 'workoutId': {
      const [workout] = (await demoData()).demoWorkouts;
      if (!workout) throw new Error('The demo organisation has no workout');
      return workout.id;
    }
    case 'entryId': {
      // One of athlete@demo.test's own, still to do: the athlete reads it, staff may change or remove it.
      const [entry] = await t.db
        .select({ id: scheduleEntries.id })
        .from(scheduleEntries)
        .where(
          and(
            eq(scheduleEntries.athleteId, await userIdOf('athlete@demo.test')),
            eq(scheduleEntries.status, 'scheduled'),
          ),
        )
        .orderBy(asc(scheduleEntries.date))
        .limit(1);
      if (!entry) throw new Error('athlete@demo.test has no schedule entry');
      return entry.id;
    }
    case 'assignmentId': {
      const [assignment] = (await demoData()).demoAssignments;
      if (!assignment) throw new Error('The demo organisation has no group assignment');
      return assignment.id;
    }
    case 'programId': {
      const [program] = (await demoData()).demoPrograms;
      if (!program) throw new Error('The demo organisation has no program');
      return program.id;
    }
    case 'applicationId': {
      const [application] = (await demoData()).demoApplications;
      if (!application) throw new Error('The demo organisation has no program application');
      return application.id;
    }
    case 'batchId':
      return demoBatch();
    case 'athleteId':
      return userIdOf('athlete@demo.test');
    case 'logId':
      return (await jamiesSet()).logId;
    case 'setId':
      return (await jamiesSet()).id;
    case 'activityId': {
      // One of athlete@demo.test's own activities: the athlete reads and answers it, staff like it (issue 24).
      const [activity] = await t.db
        .select({ id: activities.id })
        .from(activities)
        .where(eq(activities.athleteId, await userIdOf('athlete@demo.test')))
        .orderBy(asc(activities.id))
        .limit(1);
      if (!activity) throw new Error('athlete@demo.test has no activity');
      return activity.id;
    }
    case 'commentId':
      // Made on the device: any new id (issue 23).
      return '00000000-0000-4000-8000-000000000051';
    case 'importId':
      return demoImport();
    case 'blockExerciseId':
      return (await jamiesSet()).blockExerciseId;
    case 'pitchId':
    case 'throwId': {
      // One of athlete@demo.test's bullpens (the demo seed gives them pitches and arm-sensor throws).
      const table = name === 'pitchId' ? pitches : sensorThrows;
      const [row] = await t.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.athleteId, await userIdOf('athlete@demo.test')))
        .orderBy(asc(table.id))
        .limit(1);
      if (!row) throw new Error(`athlete@demo.test has no ${name === 'pitchId' ? 'pitch' : 'sensor throw'}`);
      return row.id;
    }
    case 'id': {
      // A notification of athlete@demo.test (the seed has none; a DELETE by the athlete may have removed it).
      const athleteId = await userIdOf('athlete@demo.test');
      const [existing] = await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, athleteId))
        .limit(1);
      if (existing) return existing.id;
      const [made] = await t.db
        .insert(notifications)
        .values({
          id: randomUUID(),
          organizationId: (await demoData()).demo.id,
          userId: athleteId,
          kind: 'account_approved',
          title: 'Welcome',
          body: 'Your account was approved',
          link: '/app/dashboard',
        })
        .returning({ id: notifications.id });
      return made!.id;
    }
    default:
      throw new Error(`authorization.test.ts has no demo id for the path parameter {${name}}: add one`);
  }
}

describe('authorization: every signed-in route declares its roles and keeps to them', () => {
  it('answers each demo role as declared and refuses every rivals user each demo id', async () => {
    const { body: document } = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
    const demoIds = await demoData();
    const demoMarkers = [
      'Demo Baseball Academy',
      '@demo.test',
      demoIds.demo.id,
      ...demoIds.demoUsers.map((user) => user.id),
      ...demoIds.demoRoster.map((row) => row.id),
      ...demoIds.demoGroups.map((group) => group.id),
      ...demoIds.demoExercises.map((exercise) => exercise.id),
      ...demoIds.demoWorkouts.map((workout) => workout.id),
      ...[
        demoIds.demoEntries,
        demoIds.demoAssignments,
        demoIds.demoPrograms,
        demoIds.demoApplications,
        demoIds.demoLogs,
        demoIds.demoSets,
      ].flatMap((rows) => rows.map((row) => row.id)),
    ];
    const problems: string[] = [];
    let routeCount = 0;
    let checkCount = 0;

    for (const [routePath, pathItem] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        // The management host's routes have no organisation roles: the next test walks them.
        if (!httpMethods.has(method) || !operation.security?.length || operation[managementExtension])
          continue;
        const route = `${method.toUpperCase()} ${routePath}`;
        routeCount += 1;

        const declared = operation[rolesExtension];
        if (
          !Array.isArray(declared) ||
          declared.length === 0 ||
          !declared.every((role) => (allRoles as readonly unknown[]).includes(role))
        ) {
          problems.push(`${route}: declares no valid ${rolesExtension} (use signedInRoute with roles)`);
          continue;
        }
        const allowed = declared as Role[];

        const required = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required);
        const query = requiredQueries[route];
        if (required.length > 0 && !query) {
          problems.push(
            `${route}: required query parameters ${required.map((p) => p.name).join(', ')} need values here`,
          );
          continue;
        }
        const parameterNames = [...routePath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
        const demoParameters = new Map<string, string>();
        for (const name of parameterNames) demoParameters.set(name, await demoIdFor(name));
        const isWrite = method !== 'get' && method !== 'head';
        if (isWrite && parameterNames.length > 0 && !(route in validBodies)) {
          problems.push(
            `${route}: add a minimal valid body to validBodies so the rivals check reaches the lookup`,
          );
          continue;
        }

        for (const caller of callers) {
          // A fresh session per call: a route such as POST /api/logout ends the session it is called with.
          const token = await t.signIn(caller.email);
          const selfId = await userIdOf(caller.email);
          const concretePath =
            routePath.replace(/\{([^}]+)\}/g, (_, name: string) =>
              caller.demo && selfParameters[route]?.includes(name) ? selfId : demoParameters.get(name)!,
            ) + (query ? `?${query.replace('{self}', selfId)}` : '');
          const body = isWrite ? (caller.demo ? {} : (validBodies[route] ?? {})) : undefined;
          const before = caller.demo ? undefined : await demoData();
          const response = await t.request(method.toUpperCase(), concretePath, { token, body });
          checkCount += 1;
          const what = `${route} as ${caller.label} → ${response.status}`;

          if (response.status >= 500) {
            problems.push(`${what}: the server failed`);
          } else if (caller.demo && !allowed.includes(caller.role)) {
            if (response.status !== 403)
              problems.push(`${what}: ${caller.role} is not declared, expected 403`);
          } else if (caller.demo) {
            // 400 (the empty body) and 404 still prove the caller got past authorization.
            if (response.status === 401 || response.status === 403) {
              problems.push(`${what}: ${caller.role} is declared, expected it to get through`);
            }
          } else if (parameterNames.length > 0) {
            const refusals = deviceMadeIds.has(route) ? [400, 403, 404, 409] : [403, 404];
            if (!refusals.includes(response.status)) {
              problems.push(`${what}: another organisation's id must answer 403 or 404`);
            }
          } else if (!allowed.includes(caller.role)) {
            if (response.status !== 403)
              problems.push(`${what}: ${caller.role} is not declared, expected 403`);
          } else if (response.status === 401 || response.status === 403) {
            problems.push(`${what}: ${caller.role} is declared, expected it to get through`);
          } else {
            // Its own organisation's answer: nothing of demo may show in it.
            const text = JSON.stringify(response.body);
            const leaked = demoMarkers.filter((marker) => text.includes(marker));
            if (leaked.length > 0) problems.push(`${what}: shows demo data (${leaked.join(', ')})`);
          }
          if (before) {
            const after = await demoData();
            if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${what}: changed demo data`);
          }
        }
      }
    }

    console.log(`[authorization] ${routeCount} routes × ${callers.length} users = ${checkCount} checks`);
    expect(problems).toEqual([]);
    expect(routeCount).toBeGreaterThan(0);
    expect(checkCount).toBe(routeCount * callers.length);
    // Six sign-ins and calls per route, and a digest of demo's data around each rivals call: it grows with the API.
  }, 400_000);
});

describe('authorization: the management host is apart from every organisation (ADR 024)', () => {
  const managementHost = { host: 'manage.localhost' };

  it("refuses organisation users every management route, and the platform admin's token every organisation route", async () => {
    const { body: document } = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
    const platformLogin = await t.request<{ token: string }>('POST', '/api/manage/login', {
      body: { email: 'platform@connect.test', password: t.env.DEMO_PASSWORD },
      headers: managementHost,
    });
    expect(platformLogin.status).toBe(200);
    const platformToken = platformLogin.body.token;
    const problems: string[] = [];
    let managementRoutes = 0;
    let organizationRoutes = 0;

    for (const [routePath, pathItem] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        // Public organisation routes take no token, so there is nothing to refuse.
        if (!httpMethods.has(method) || (!operation[managementExtension] && !operation.security?.length))
          continue;
        const route = `${method.toUpperCase()} ${routePath}`;
        const parameterNames = [...routePath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
        const ids = new Map<string, string>();
        for (const name of parameterNames) ids.set(name, await demoIdFor(name));
        const concretePath = routePath.replace(/\{([^}]+)\}/g, (_, name: string) => ids.get(name)!);
        const body = method === 'get' || method === 'head' ? undefined : {};

        if (operation[managementExtension]) {
          managementRoutes += 1;
          if (!routePath.startsWith('/api/manage/'))
            problems.push(`${route}: a management route outside /api/manage/`);
          for (const caller of callers) {
            const token = await t.signIn(caller.email);
            // On the organisation's own host the route does not exist; on the management host the token is not one.
            const own = await t.request(method.toUpperCase(), concretePath, { token, body });
            if (own.status !== 404)
              problems.push(`${route} as ${caller.label} on its host → ${own.status}, expected 404`);
            const there = await t.request(method.toUpperCase(), concretePath, {
              token,
              body,
              headers: managementHost,
            });
            const expected = operation.security?.length ? [401] : [400, 401];
            if (!expected.includes(there.status)) {
              problems.push(`${route} as ${caller.label} on the management host → ${there.status}`);
            }
          }
        } else if (operation.security?.length) {
          organizationRoutes += 1;
          const response = await t.request(method.toUpperCase(), concretePath, {
            token: platformToken,
            body,
          });
          if (response.status !== 401)
            problems.push(`${route} with the platform token → ${response.status}, expected 401`);
        }
      }
    }

    console.log(
      `[authorization] ${managementRoutes} management routes, ${organizationRoutes} organisation routes`,
    );
    expect(problems).toEqual([]);
    expect(managementRoutes).toBeGreaterThanOrEqual(8);
    expect(organizationRoutes).toBeGreaterThan(0);
  });
});
