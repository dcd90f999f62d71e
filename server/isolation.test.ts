import { asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../contract/questionnaire-templates';
import type { ScheduleResponse } from '../contract/schedule';
import {
  athleteGroups,
  exercises,
  groupAssignments,
  loggedSets,
  organizations,
  passengers,
  pitches,
  programApplications,
  programs,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaires,
  scheduleEntries,
  sensorThrows,
  throwImports,
  users,
  workoutComments,
  workoutLogs,
  workouts,
} from './db/schema';
import { parseImport } from './imports/parse-import';
import { trackmanCsv } from './imports/trackman-sample';
import { addCalendarDays, todayIn } from './lib/calendar-days';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
let rivalsToken: string;
beforeAll(async () => {
  t = await createTestContext();
  rivalsToken = await t.signIn('admin@rivals.test');
});
afterAll(() => t.close());

/** Everything of `demo` that a `rivals` user could try to reach, by id. */
async function demoSnapshot() {
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const demoUsers = await t.db.select().from(users).where(eq(users.organizationId, demo!.id));
  const demoRoster = await t.db.select().from(passengers).where(eq(passengers.organizationId, demo!.id));
  const demoExercises = await t.db.select().from(exercises).where(eq(exercises.organizationId, demo!.id));
  const demoWorkouts = await t.db.select().from(workouts).where(eq(workouts.organizationId, demo!.id));
  const [demoEntries, demoAssignments, demoPrograms, demoApplications] = await Promise.all([
    t.db
      .select()
      .from(scheduleEntries)
      .where(eq(scheduleEntries.organizationId, demo!.id))
      .orderBy(asc(scheduleEntries.id)),
    t.db
      .select()
      .from(groupAssignments)
      .where(eq(groupAssignments.organizationId, demo!.id))
      .orderBy(asc(groupAssignments.id)),
    t.db.select().from(programs).where(eq(programs.organizationId, demo!.id)).orderBy(asc(programs.id)),
    t.db
      .select()
      .from(programApplications)
      .where(eq(programApplications.organizationId, demo!.id))
      .orderBy(asc(programApplications.id)),
  ]);
  return {
    demo: demo!,
    demoUsers,
    demoRoster,
    demoExercises,
    demoWorkouts,
    demoEntries,
    demoAssignments,
    demoPrograms,
    demoApplications,
  };
}

describe('organisation isolation: a rivals token reads and changes nothing of demo', () => {
  it('reads only its own organisation through every read route', async () => {
    const { demoUsers, demoRoster, demoExercises, demoWorkouts, demoEntries, demoAssignments, demoPrograms } =
      await demoSnapshot();
    const demoIds = new Set(
      [
        demoUsers,
        demoRoster,
        demoExercises,
        demoWorkouts,
        demoEntries,
        demoAssignments,
        demoPrograms,
      ].flatMap((rows) => rows.map((row) => row.id)),
    );
    const today = todayIn('America/New_York');
    const range = `from=${addCalendarDays(today, -30)}&to=${addCalendarDays(today, 30)}`;
    const reads = [
      '/api/me',
      '/api/settings',
      '/api/customSidebarItems',
      '/passenger?page=0&size=300',
      '/api/exercises?size=100',
      '/api/exercises?size=100&archived=true',
      '/api/workouts?size=100',
      '/api/workouts?size=100&archived=true',
      `/api/schedule?${range}`,
      '/api/schedule/today',
      '/api/programs',
      '/api/completed-workouts?size=100',
      '/api/activities?size=100',
      '/api/compliance/week',
      '/api/throwing/alerts',
    ];
    for (const path of reads) {
      const response = await t.request('GET', path, { token: rivalsToken });
      expect(response.status, path).toBe(200);
      const text = JSON.stringify(response.body);
      expect(text, path).not.toContain('Demo Baseball Academy');
      expect(text, path).not.toContain('@demo.test');
      for (const id of demoIds) expect(text, path).not.toContain(id);
    }
    const roster = await t.request<{ data: { trip: string }[] }>('GET', '/passenger?page=0&size=300', {
      token: rivalsToken,
    });
    expect(roster.body.data.map((row) => row.trip)).toEqual([
      'Fall Tournament — Dallas',
      'Fall Tournament — Dallas',
    ]);
    const library = await t.request<{ total: number }>('GET', '/api/exercises', { token: rivalsToken });
    expect(library.body.total).toBe(5);
    const rivalsWorkouts = await t.request<{ data: { name: string }[] }>('GET', '/api/workouts', {
      token: rivalsToken,
    });
    expect(rivalsWorkouts.body.data.map((workout) => workout.name)).toEqual(['Rivals Total Body']);
    const calendar = await t.request<ScheduleResponse>('GET', `/api/schedule?${range}`, {
      token: rivalsToken,
    });
    expect(calendar.body.timeZone).toBe('America/New_York');
    expect(new Set(calendar.body.data.map((item) => item.group?.name ?? item.athlete?.lastName))).toEqual(
      new Set(['Varsity', 'Nolan']),
    );
  });

  it("cannot read, schedule for, copy, apply to or change demo's athletes, groups and items", async () => {
    const before = await demoSnapshot();
    const [demoGroup] = await t.db
      .select()
      .from(athleteGroups)
      .where(eq(athleteGroups.organizationId, before.demo.id));
    const demoAthlete = before.demoUsers.find((user) => user.email === 'athlete@demo.test')!;
    const [rivalsWorkout] = await t.db.select().from(workouts).where(eq(workouts.name, 'Rivals Total Body'));
    const today = todayIn('America/New_York');
    const week = { from: today, to: addCalendarDays(today, 6) };
    const [rivalsProgram] = await t.db.select().from(programs).where(eq(programs.name, 'Rivals Preseason'));
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/schedule?from=${week.from}&to=${week.to}&athleteId=${demoAthlete.id}`, undefined],
      ['GET', `/api/schedule?from=${week.from}&to=${week.to}&groupId=${demoGroup!.id}`, undefined],
      ['POST', '/api/schedule', { workoutId: rivalsWorkout!.id, date: today, athleteId: demoAthlete.id }],
      ['POST', '/api/schedule', { workoutId: rivalsWorkout!.id, date: today, groupId: demoGroup!.id }],
      ['POST', '/api/schedule/copy', { ...week, groupId: demoGroup!.id, toDate: today }],
      ['POST', '/api/schedule/delete', { ...week, groupId: demoGroup!.id }],
      ['POST', '/api/schedule/delete', { ...week, athleteId: demoAthlete.id }],
      [
        'POST',
        `/api/programs/${rivalsProgram!.id}/applications`,
        { athleteId: demoAthlete.id, startDate: today },
      ],
      ['POST', '/api/programs/from-schedule', { name: 'Stolen', groupId: demoGroup!.id, ...week }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(method, path, { token: rivalsToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const demoProgram = before.demoPrograms[0]!;
    const sameProgram = await t.request('POST', `/api/programs/${demoProgram.id}/applications/preview`, {
      token: rivalsToken,
      body: { groupId: demoGroup!.id, startDate: today },
    });
    expect(sameProgram.status).toBe(404);
    expect(await demoSnapshot()).toEqual(before);
  });

  it("cannot read, start, log, finish or correct demo's workouts, nor read or record demo athletes' maxes", async () => {
    const before = await demoSnapshot();
    const demoAthlete = before.demoUsers.find((user) => user.email === 'athlete@demo.test')!;
    const [demoSet] = await t.db
      .select()
      .from(loggedSets)
      .where(eq(loggedSets.athleteId, demoAthlete.id))
      .limit(1);
    const [demoLog] = await t.db.select().from(workoutLogs).where(eq(workoutLogs.id, demoSet!.logId));
    const [rivalsExercise] = await t.db.select().from(exercises).where(eq(exercises.name, 'Hang Clean'));
    const setBody = {
      blockExerciseId: demoSet!.blockExerciseId,
      exerciseId: demoSet!.exerciseId,
      setNumber: 1,
      reps: 1,
      load: 500,
      loadUnit: 'lb',
      rpe: null,
      timeSeconds: null,
      distance: null,
      distanceUnit: null,
      velocityMph: null,
      done: true,
      changedAt: new Date().toISOString(),
    };
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/workout-logs/${demoLog!.id}`, undefined],
      [
        'PUT',
        `/api/workout-logs/${demoLog!.id}`,
        { entryId: demoLog!.entryId, startedAt: new Date().toISOString() },
      ],
      [
        'PUT',
        `/api/workout-logs/${uuidv7()}`,
        { entryId: demoLog!.entryId, startedAt: new Date().toISOString() },
      ],
      ['PUT', `/api/workout-logs/${demoLog!.id}/sets/${demoSet!.id}`, setBody],
      [
        'PUT',
        `/api/workout-logs/${demoLog!.id}/exercises/${demoSet!.blockExerciseId}`,
        { exerciseId: demoSet!.exerciseId, notes: 'Stolen', changedAt: new Date().toISOString() },
      ],
      [
        'POST',
        `/api/workout-logs/${demoLog!.id}/finish`,
        { finishedAt: new Date().toISOString(), durationSeconds: 60, sessionRpe: 1 },
      ],
      ['POST', `/api/workout-logs/${demoLog!.id}/corrections`, { sets: [{ id: demoSet!.id, reps: 0 }] }],
      ['GET', `/api/workout-logs/${demoLog!.id}/comments`, undefined],
      ['PUT', `/api/workout-logs/${demoLog!.id}/comments/${uuidv7()}`, { text: 'Stolen' }],
      [
        'PUT',
        `/api/workout-logs/${demoLog!.id}/comments/${uuidv7()}`,
        { setId: demoSet!.id, text: 'Stolen' },
      ],
      ['GET', `/api/athletes/${demoAthlete.id}/maxes`, undefined],
      [
        'POST',
        `/api/athletes/${demoAthlete.id}/maxes`,
        { exerciseId: rivalsExercise!.id, kind: 'one_rm', value: 999, unit: 'lb', testedOn: '2030-01-07' },
      ],
      ['GET', `/api/athletes/${demoAthlete.id}/history?exerciseId=${demoSet!.exerciseId}`, undefined],
      ['GET', `/api/athletes/${demoAthlete.id}/last-time?exerciseIds=${demoSet!.exerciseId}`, undefined],
      ['GET', `/api/athletes/${demoAthlete.id}/training`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(method, path, { token: rivalsToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // A rivals log id that is demo's own cannot be taken over by starting a rivals entry with it.
    const [rivalsEntry] = await t.db
      .select()
      .from(scheduleEntries)
      .where(
        eq(
          scheduleEntries.organizationId,
          (await t.db.select().from(organizations).where(eq(organizations.slug, 'rivals')))[0]!.id,
        ),
      )
      .limit(1);
    const taken = await t.request('PUT', `/api/workout-logs/${demoLog!.id}`, {
      token: rivalsToken,
      body: { entryId: rivalsEntry!.id, startedAt: new Date().toISOString() },
    });
    expect(taken.status).toBe(409);
    const lookup = await t.request('GET', `/api/workout-logs?entryId=${demoLog!.entryId}`, {
      token: rivalsToken,
    });
    expect(lookup.body).toEqual({ data: null });
    const grouped = await t.request('GET', `/api/completed-workouts?athleteId=${demoAthlete.id}`, {
      token: rivalsToken,
    });
    expect(grouped.body).toMatchObject({ total: 0 });
    expect(await demoSnapshot()).toEqual(before);
    const [after] = await t.db.select().from(workoutLogs).where(eq(workoutLogs.id, demoLog!.id));
    expect(after).toEqual(demoLog);
    const [setAfter] = await t.db.select().from(loggedSets).where(eq(loggedSets.id, demoSet!.id));
    expect(setAfter).toEqual(demoSet);
    // No comment reached demo's workouts (issue 23).
    expect(
      await t.db.select().from(workoutComments).where(eq(workoutComments.organizationId, before.demo.id)),
    ).toEqual([]);
  });

  it("cannot read or change demo's pitches and arm-sensor throws, nor read its athletes' throwing", async () => {
    const before = await demoSnapshot();
    const demoAthlete = before.demoUsers.find((user) => user.email === 'athlete@demo.test')!;
    const [demoGroup] = await t.db
      .select()
      .from(athleteGroups)
      .where(eq(athleteGroups.organizationId, before.demo.id));
    const [demoPitch] = await t.db
      .select()
      .from(pitches)
      .where(eq(pitches.athleteId, demoAthlete.id))
      .limit(1);
    const [demoThrow] = await t.db
      .select()
      .from(sensorThrows)
      .where(eq(sensorThrows.logId, demoPitch!.logId))
      .limit(1);
    const logPath = `/api/completed-workouts/${demoPitch!.logId}`;
    const pitch = { sequence: 1, pitchType: 'fastball', velocityMph: 99 };
    const sensorThrow = { sequence: 1, elbowTorqueNm: 150 };
    const pitchesBefore = await t.db.select().from(pitches).where(eq(pitches.logId, demoPitch!.logId));
    const throwsBefore = await t.db
      .select()
      .from(sensorThrows)
      .where(eq(sensorThrows.logId, demoPitch!.logId));
    const attempts: [string, string, unknown][] = [
      ['GET', `${logPath}/pitches`, undefined],
      ['POST', `${logPath}/pitches`, pitch],
      ['PUT', `${logPath}/pitches`, { pitches: [pitch] }],
      ['PUT', `${logPath}/pitches/${demoPitch!.id}`, pitch],
      ['DELETE', `${logPath}/pitches/${demoPitch!.id}`, undefined],
      ['GET', `${logPath}/sensor-throws`, undefined],
      ['POST', `${logPath}/sensor-throws`, sensorThrow],
      ['PUT', `${logPath}/sensor-throws`, { throws: [] }],
      ['PUT', `${logPath}/sensor-throws/${demoThrow!.id}`, sensorThrow],
      ['DELETE', `${logPath}/sensor-throws/${demoThrow!.id}`, undefined],
      ['GET', `/api/athletes/${demoAthlete.id}/throwing`, undefined],
      ['GET', `/api/athletes/${demoAthlete.id}/throwing/pitches`, undefined],
      ['GET', `/api/throwing/alerts?groupId=${demoGroup!.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(method, path, { token: rivalsToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await t.db.select().from(pitches).where(eq(pitches.logId, demoPitch!.logId))).toEqual(
      pitchesBefore,
    );
    expect(await t.db.select().from(sensorThrows).where(eq(sensorThrows.logId, demoPitch!.logId))).toEqual(
      throwsBefore,
    );
    expect(await demoSnapshot()).toEqual(before);
  });

  it("cannot import into demo's workouts, nor read, re-map or commit demo's imports", async () => {
    const before = await demoSnapshot();
    const demoAthlete = before.demoUsers.find((user) => user.email === 'athlete@demo.test')!;
    const [demoLog] = await t.db
      .select()
      .from(workoutLogs)
      .where(eq(workoutLogs.athleteId, demoAthlete.id))
      .limit(1);
    const pitchesOf = () => t.db.select().from(pitches).where(eq(pitches.logId, demoLog!.id));
    const pitchesBefore = await pitchesOf();
    const content = trackmanCsv(10);
    const [demoImport] = await t.db
      .insert(throwImports)
      .values({
        id: uuidv7(),
        organizationId: before.demo.id,
        kind: 'pitches',
        logId: demoLog!.id,
        fileName: 'trackman.csv',
        format: 'trackman',
        content,
        mapping: parseImport({ kind: 'pitches', content, workout: { date: demoLog!.date, timeZone: 'UTC' } })
          .mapping,
      })
      .returning();
    for (const kind of ['pitches', 'sensor-throws']) {
      const form = new FormData();
      form.set('file', new File([content], 'trackman.csv', { type: 'text/csv' }));
      form.set('logId', demoLog!.id);
      const upload = await t.app.request(`http://localhost/api/imports/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rivalsToken}` },
        body: form,
      });
      expect(upload.status, `POST /api/imports/${kind}`).toBe(404);
    }
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/imports/pitches/${demoImport!.id}`, undefined],
      ['PATCH', `/api/imports/pitches/${demoImport!.id}`, { mapping: { velocityMph: 'RelSpeed' } }],
      ['POST', `/api/imports/pitches/${demoImport!.id}/commit`, { skipInvalidRows: true }],
      ['GET', `/api/imports/sensor-throws/${demoImport!.id}`, undefined],
      ['POST', `/api/imports/sensor-throws/${demoImport!.id}/commit`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.request(method, path, { token: rivalsToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const [after] = await t.db.select().from(throwImports).where(eq(throwImports.id, demoImport!.id));
    expect(after).toEqual(demoImport);
    expect(await pitchesOf()).toEqual(pitchesBefore);
    expect(await demoSnapshot()).toEqual(before);
  });

  // Questionnaire trends (issue 26, S2): demo's questionnaires, athletes and groups are not found; its answers never show.
  it("cannot read demo's questionnaire trends, readiness, load or answers", async () => {
    const { demo, demoUsers } = await demoSnapshot();
    const [demoQuestionnaire] = await t.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.organizationId, demo.id))
      .limit(1);
    const [demoGroup] = await t.db
      .select()
      .from(athleteGroups)
      .where(eq(athleteGroups.organizationId, demo.id));
    const demoAthlete = demoUsers.find((user) => user.email === 'tyler.brooks@demo.test')!;
    const today = todayIn(demo.timeZone);
    const range = `from=${addCalendarDays(today, -30)}&to=${today}`;
    const attempts = [
      `/api/questionnaire-trends?questionnaireId=${demoQuestionnaire!.id}&athleteId=${demoAthlete.id}&${range}`,
      `/api/questionnaire-trends?questionnaireId=${demoQuestionnaire!.id}&groupId=${demoGroup!.id}&${range}`,
      `/api/questionnaire-trends/load?athleteId=${demoAthlete.id}`,
      `/api/questionnaire-answers/export?questionnaireId=${demoQuestionnaire!.id}&${range}`,
    ];
    for (const path of attempts) {
      const response = await t.request('GET', path, { token: rivalsToken });
      expect(response.status, path).toBe(404);
    }
    const readiness = await t.request<{ athletes: unknown[] }>('GET', '/api/questionnaire-readiness', {
      token: rivalsToken,
    });
    expect(readiness.status).toBe(200);
    expect(readiness.body.athletes).toEqual([]);
  });

  it('cannot change a demo user through POST /api/users/{userId}', async () => {
    const before = await demoSnapshot();
    for (const target of before.demoUsers) {
      const response = await t.request('POST', `/api/users/${target.id}`, {
        token: rivalsToken,
        body: { onboardingHidden: true, firebaseToken: 'stolen' },
      });
      expect(response.status).toBe(403);
    }
    const after = await demoSnapshot();
    expect(after).toEqual(before);
  });

  it('ignores any organisation named in the request', async () => {
    const { demo } = await demoSnapshot();
    const response = await t.request<{ data: { name: string } }>(
      'GET',
      `/api/settings?organizationId=${demo.id}`,
      {
        token: rivalsToken,
        headers: { 'x-organization-id': demo.id, host: 'demo.localhost' },
      },
    );
    expect(response.body.data.name).toBe('Rivals Baseball Club');
  });
});

describe('organisation isolation: questionnaires (issue 26)', () => {
  it("reads, changes, assigns and answers nothing of demo's questionnaires", async () => {
    const demoCoach = await t.signIn('coach@demo.test');
    const demoAthlete = await t.signIn('athlete@demo.test');
    const rivalsAthlete = await t.signIn('athlete@rivals.test');
    const { demo, demoUsers } = await demoSnapshot();
    const jamie = demoUsers.find((user) => user.email === 'athlete@demo.test')!;
    const [demoGroup] = await t.db
      .select()
      .from(athleteGroups)
      .where(eq(athleteGroups.organizationId, demo.id));
    const [rivalsJamie] = await t.db.select().from(users).where(eq(users.email, 'athlete@rivals.test'));
    const today = todayIn(demo.timeZone);
    const wellness = questionnaireTemplateBodies.wellness;
    const values = { fatigue: 4, sleep: 4, soreness: 3, stress: 4, mood: 5 };

    const made = await t.request<{ questionnaire: { id: string } }>('POST', '/api/questionnaires', {
      token: demoCoach,
      body: { ...wellness, name: 'Demo-only wellness' },
    });
    const demoQuestionnaire = made.body.questionnaire.id;
    const assigned = await t.request<{ assignment: { id: string } }>(
      'POST',
      '/api/questionnaire-assignments',
      {
        token: demoCoach,
        body: { questionnaireId: demoQuestionnaire, athleteId: jamie.id, repeat: 'daily', startsOn: today },
      },
    );
    const demoAssignment = assigned.body.assignment.id;
    const demoAnswer = uuidv7();
    const answered = await t.request('PUT', `/api/questionnaire-answers/${demoAnswer}`, {
      token: demoAthlete,
      body: { questionnaireId: demoQuestionnaire, version: 1, date: today, values },
    });
    expect(answered.status).toBe(201);
    const rivalsOwn = await t.request<{ questionnaire: { id: string } }>('POST', '/api/questionnaires', {
      token: rivalsToken,
      body: { ...wellness, anyDay: true },
    });
    const rivalsQuestionnaire = rivalsOwn.body.questionnaire.id;
    const demoRows = async () => ({
      questionnaires: await t.db
        .select()
        .from(questionnaires)
        .where(eq(questionnaires.organizationId, demo.id)),
      assignments: await t.db
        .select()
        .from(questionnaireAssignments)
        .where(eq(questionnaireAssignments.organizationId, demo.id)),
      answers: await t.db
        .select()
        .from(questionnaireAnswers)
        .where(eq(questionnaireAnswers.organizationId, demo.id)),
    });
    const before = await demoRows();

    for (const path of [
      '/api/questionnaires',
      '/api/questionnaires?archived=true',
      '/api/questionnaire-assignments',
    ]) {
      const listed = await t.request('GET', path, { token: rivalsToken });
      expect(listed.status, path).toBe(200);
      const text = JSON.stringify(listed.body);
      for (const id of [demoQuestionnaire, demoAssignment, demoAnswer, jamie.id, demo.id])
        expect(text, path).not.toContain(id);
    }
    const notFound: [string, string, unknown?][] = [
      ['GET', `/api/questionnaires/${demoQuestionnaire}`],
      ['GET', `/api/questionnaires/${demoQuestionnaire}?version=1`],
      ['PUT', `/api/questionnaires/${demoQuestionnaire}`, wellness],
      ['PATCH', `/api/questionnaires/${demoQuestionnaire}`, { archived: true }],
      ['DELETE', `/api/questionnaire-assignments/${demoAssignment}`],
    ];
    for (const [method, path, body] of notFound)
      expect((await t.request(method, path, { token: rivalsToken, body })).status, `${method} ${path}`).toBe(
        404,
      );

    const fieldsOf = async (method: string, path: string, body: unknown, token = rivalsToken) => {
      const response = await t.request<{ error?: { fields?: Record<string, string> } }>(method, path, {
        token,
        body,
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      return Object.keys(response.body.error?.fields ?? {});
    };
    const assignment = { repeat: 'daily', startsOn: today };
    expect(
      await fieldsOf('POST', '/api/questionnaire-assignments', {
        ...assignment,
        questionnaireId: demoQuestionnaire,
        athleteId: rivalsJamie!.id,
      }),
    ).toEqual(['questionnaireId']);
    expect(
      await fieldsOf('POST', '/api/questionnaire-assignments', {
        ...assignment,
        questionnaireId: rivalsQuestionnaire,
        athleteId: jamie.id,
      }),
    ).toEqual(['athleteId']);
    expect(
      await fieldsOf('POST', '/api/questionnaire-assignments', {
        ...assignment,
        questionnaireId: rivalsQuestionnaire,
        groupId: demoGroup!.id,
      }),
    ).toEqual(['groupId']);
    expect(
      await fieldsOf(
        'GET',
        `/api/questionnaires/due?from=${today}&to=${today}&athleteId=${jamie.id}`,
        undefined,
      ),
    ).toEqual(['athleteId']);
    expect(
      await fieldsOf(
        'PUT',
        `/api/questionnaire-answers/${uuidv7()}`,
        { questionnaireId: demoQuestionnaire, version: 1, date: today, values },
        rivalsAthlete,
      ),
    ).toEqual(['questionnaireId']);
    expect(
      await fieldsOf(
        'PUT',
        `/api/questionnaire-answers/${uuidv7()}`,
        { questionnaireId: rivalsQuestionnaire, version: 1, date: today, values, athleteId: jamie.id },
        rivalsToken,
      ),
    ).toEqual(['athleteId']);
    const dueForDemo = await t.request(
      'GET',
      `/api/questionnaires/due?from=${today}&to=${today}&athleteId=${jamie.id}`,
      {
        token: rivalsAthlete,
      },
    );
    expect(dueForDemo.status).toBe(403);
    // Demo's answer id, sent with the rival's own questionnaire: taken, and demo's answer untouched.
    const reused = await t.request('PUT', `/api/questionnaire-answers/${demoAnswer}`, {
      token: rivalsAthlete,
      body: { questionnaireId: rivalsQuestionnaire, version: 1, date: today, values },
    });
    expect(reused.status).toBe(409);
    expect(JSON.stringify(reused.body)).not.toContain(jamie.id);

    expect(await demoRows()).toEqual(before);
  });
});
