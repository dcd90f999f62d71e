import type { ScheduleItemResponse, User, Workout } from '@contract';
import { emptyPrescribedSet } from '@contract';
import type { Pitch } from '@contract/pitching';
import type { PitchInput } from '@contract/pitching';
import { pitchInputSchema, pitchListResponseSchema, pitchResponseSchema } from '@contract/pitching';
import { demoUsers, tokenFor } from '@mocks/data';
import { apiError, apiRoute, validationFailure } from '@mocks/handlers/respond';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { demoExercises, demoWorkouts } from '@mocks/library-data';
import { server } from '@mocks/server';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import type { DevicePitch } from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';
import { PitchPanel } from './pitch-panel';

/*
 * Pitches entered while tracking (issue 16), offline and exactly once, and those entered on another device. The
 * pitch routes' shared fake (mocks/handlers/pitching.ts) knows only the completed workouts' demo logs, so this file
 * fakes the routes tracking uses itself (the two the outbox writes, and the list the screen reads); the drift test
 * (server/mock-handlers.test.ts) does not see fakes defined in a test file.
 */

const longToss = demoExercises.find((exercise) => exercise.name === 'Long toss')!;

/** A bullpen of the throwing category: the demo library has no throwing workout. */
const bullpen: Workout = {
  ...demoWorkouts[0]!,
  id: '7a2d0b3c-0000-4000-8000-0000000000b1',
  name: 'Bullpen',
  category: 'throw',
  notes: null,
  blockCount: 1,
  exerciseCount: 1,
  blocks: [
    {
      id: '7a2d0b3c-1000-4000-8000-0000000000b1',
      label: null,
      rounds: 1,
      restSeconds: null,
      exercises: [
        {
          id: '7a2d0b3c-2000-4000-8000-0000000000b1',
          exerciseId: longToss.id,
          exercise: {
            id: longToss.id,
            name: longToss.name,
            category: longToss.category,
            measures: longToss.measures,
            unilateral: longToss.unilateral,
            videoUrl: longToss.videoUrl,
            archived: false,
          },
          notes: null,
          sets: [{ ...emptyPrescribedSet, pitchCount: 25 }],
        },
      ],
    },
  ],
};

/**
 * The pitch routes as the server answers them: upserts by id (counted per id), deletes that are always 204. A new
 * pitch whose number another device took is numbered after the log's last; a pitch keeps its number (issue 22).
 */
function createPitchFake() {
  const pitches = new Map<string, Pitch>();
  const puts = new Map<string, number>();
  /** The numbers each pitch's writes were sent with, in order. */
  const sentNumbers = new Map<string, number[]>();
  const deletes = new Map<string, number>();
  /** Lists read (the tracking screen reads the log's pitches, those entered on other devices included). */
  let listReads = 0;
  /** The server's own limits, which an app kept offline for weeks may not know. */
  let maxVelocity = 115;
  return {
    pitches,
    puts,
    sentNumbers,
    deletes,
    limitVelocityTo: (mph: number) => {
      maxVelocity = mph;
    },
    listReads: () => listReads,
    handlers: [
      apiRoute(
        {
          method: 'get',
          path: '/api/completed-workouts/{logId}/pitches',
          responses: { 200: pitchListResponseSchema },
        },
        ({ params, reply }) => {
          listReads += 1;
          const ofLog = [...pitches.values()].filter((pitch) => pitch.logId === params.logId);
          return reply(200, { pitches: ofLog.sort((a, b) => a.sequence - b.sequence) });
        },
      ),
      apiRoute(
        {
          method: 'put',
          path: '/api/completed-workouts/{logId}/pitches/{pitchId}',
          responses: { 200: pitchResponseSchema, 201: pitchResponseSchema },
        },
        async ({ request, params, reply }) => {
          puts.set(params.pitchId, (puts.get(params.pitchId) ?? 0) + 1);
          const body = pitchInputSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          if (body.data.velocityMph > maxVelocity) {
            return apiError(422, {
              code: 'VALIDATION_FAILED',
              message: 'Check the highlighted fields.',
              fields: { velocityMph: `Velocity is at most ${maxVelocity} mph` },
            });
          }
          sentNumbers.set(params.pitchId, [...(sentNumbers.get(params.pitchId) ?? []), body.data.sequence]);
          const existing = pitches.get(params.pitchId);
          const ofLog = [...pitches.values()].filter((pitch) => pitch.logId === params.logId);
          const sequence =
            existing?.sequence ??
            (ofLog.some((pitch) => pitch.sequence === body.data.sequence)
              ? Math.max(...ofLog.map((pitch) => pitch.sequence)) + 1
              : body.data.sequence);
          const existed = existing !== undefined;
          const pitch: Pitch = {
            ...body.data,
            sequence,
            id: params.pitchId,
            logId: params.logId,
            athleteId: demoUsers.athlete.id,
            date: demoToday(),
            source: 'manual',
            importId: null,
            updatedAt: new Date().toISOString(),
          };
          pitches.set(params.pitchId, pitch);
          return reply(existed ? 200 : 201, { pitch });
        },
      ),
      http.delete('*/api/completed-workouts/:logId/pitches/:pitchId', ({ params }) => {
        const pitchId = String(params.pitchId);
        deletes.set(pitchId, (deletes.get(pitchId) ?? 0) + 1);
        pitches.delete(pitchId);
        // Deleting one already gone is 204 too: a replay is harmless.
        return new HttpResponse(null, { status: 204 });
      }),
    ],
  };
}

let device: ReturnType<typeof createMemoryDeviceLogStorage>;
let pitchFake: ReturnType<typeof createPitchFake>;

beforeAll(() => {
  demoWorkouts.push(bullpen);
});
afterAll(() => {
  demoWorkouts.splice(demoWorkouts.indexOf(bullpen), 1);
});

beforeEach(() => {
  device = createMemoryDeviceLogStorage();
  configureDeviceLogStorage(device);
  server.use(...scheduleHandlers());
  server.use(...createTrackingFake().handlers);
  pitchFake = createPitchFake();
  server.use(...pitchFake.handlers);
});

afterEach(() => {
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
});

/** The coach puts the bullpen on the athlete's schedule today: the entry's id. */
async function scheduleTodaysBullpen(): Promise<string> {
  const response = await fetch(`${window.location.origin}/api/schedule`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ workoutId: bullpen.id, date: demoToday(), athleteId: demoUsers.athlete.id }),
  });
  const { data: entry } = (await response.json()) as ScheduleItemResponse;
  return entry.id;
}

/** The bullpen scheduled, and opened by the athlete on the tracking screen. */
async function openTodaysBullpen(user: User = demoUsers.athlete) {
  const entryId = await scheduleTodaysBullpen();
  signInAs(user);
  const view = renderApp(`/app/track/${entryId}`);
  return { ...view, entryId };
}

/** The coach's tablet: another device tracking the same workout, straight against the API. */
const tablet = {
  Authorization: `Bearer ${tokenFor(demoUsers.coach)}`,
  'Content-Type': 'application/json',
} as const;
const tabletLogId = '01900000-0000-7000-8000-00000000c0ac';
const tabletPitchId = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

let writesCut = false;
/**
 * The phone loses its connection: every write of tracking's (sets, pitches) fails as a lost network does. The
 * coach's tablet (another device) still reaches the server.
 */
function goOffline() {
  writesCut = true;
  const cut = ({ request }: { request: Request }) =>
    writesCut && request.headers.get('Authorization') !== tablet.Authorization
      ? HttpResponse.error()
      : undefined;
  server.use(
    http.put('*/api/workout-logs/*', cut),
    http.post('*/api/workout-logs/*', cut),
    http.put('*/api/completed-workouts/*', cut),
    http.delete('*/api/completed-workouts/*', cut),
  );
}
function comeBackOnline() {
  writesCut = false;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/**
 * The connection drops and comes back: the browser says so (`offline`, `online`), the outbox sends, and the
 * screen reads the log again, its pitches included.
 */
function reconnect() {
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** The tablet starts the entry's workout before the phone does. */
async function startOnTablet(entryId: string) {
  const response = await fetch(`${window.location.origin}/api/workout-logs/${tabletLogId}`, {
    method: 'PUT',
    headers: tablet,
    body: JSON.stringify({ entryId, startedAt: new Date().toISOString() }),
  });
  expect(response.status).toBe(201);
}

async function pitchOnTablet(logId: string, pitchId: string, pitch: PitchInput) {
  const response = await fetch(
    `${window.location.origin}/api/completed-workouts/${logId}/pitches/${pitchId}`,
    {
      method: 'PUT',
      headers: tablet,
      body: JSON.stringify(pitch),
    },
  );
  expect(response.ok).toBe(true);
}

async function removeOnTablet(logId: string, pitchId: string) {
  const response = await fetch(
    `${window.location.origin}/api/completed-workouts/${logId}/pitches/${pitchId}`,
    {
      method: 'DELETE',
      headers: tablet,
    },
  );
  expect(response.status).toBe(204);
}

/** The id of the phone's only log, and the server's copy of one of its pitches. */
const phoneLogId = () => [...device.logs.values()][0]!.logId;
const serverPitch = (sequence: number) =>
  [...pitchFake.pitches.values()].find((pitch) => pitch.sequence === sequence)!;

/** A page load: what the tab had in memory is gone; the device's storage is as it was. */
function reloadPage(path: string) {
  cleanup();
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  return renderApp(path);
}

const panel = () => screen.getByRole('region', { name: 'Pitches' });
const pitchNumbers = () =>
  within(within(panel()).getByRole('list', { name: 'Pitches entered' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));
const pitchRow = (sequence: number) => within(panel()).getByRole('listitem', { name: `Pitch ${sequence}` });
const velocityField = () => within(panel()).getByLabelText('Velocity (mph)');
const typeButton = (name: string) => within(panel()).getByRole('radio', { name });

const putBodies = () =>
  [...pitchFake.pitches.values()]
    .sort((a, b) => a.sequence - b.sequence)
    .map(({ sequence, pitchType, velocityMph, result, strike, spinRateRpm }) => ({
      sequence,
      pitchType,
      velocityMph,
      result,
      strike,
      spinRateRpm,
    }));

describe('entering pitches while tracking', { timeout: 20_000 }, () => {
  it('adds, removes, keeps them across an offline reload and sends each pitch exactly once', async () => {
    const { user, entryId } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(within(panel()).getByRole('status')).toHaveTextContent('0 pitches');
    // The fastball is chosen until another type is.
    expect(typeButton('Fastball')).toBeChecked();

    await user.type(velocityField(), '88.5{Enter}');
    await user.click(typeButton('Slider'));
    await user.click(within(panel()).getByRole('button', { name: 'Details' }));
    await user.click(within(panel()).getByRole('radio', { name: 'Called strike' }));
    await user.type(within(panel()).getByLabelText('Spin rate (rpm)'), '1750');
    await user.type(velocityField(), '79');
    await user.click(within(panel()).getByRole('button', { name: 'Add pitch' }));
    // The last type stays selected; the pitch's own details are cleared, the velocity field is ready.
    expect(typeButton('Slider')).toBeChecked();
    expect(within(panel()).getByRole('radio', { name: 'Called strike' })).not.toBeChecked();
    expect(velocityField()).toHaveValue(null);
    expect(velocityField()).toHaveFocus();

    await user.click(typeButton('Changeup'));
    await user.type(velocityField(), '81{Enter}');

    expect(pitchNumbers()).toEqual(['Pitch 3', 'Pitch 2', 'Pitch 1']);
    expect(pitchRow(2)).toHaveTextContent(/Slider.*Called strike · 1,750 rpm.*79\.0 mph/);
    expect(pitchRow(1)).toHaveTextContent(/Fastball.*88\.5 mph/);
    expect(within(panel()).getByRole('status')).toHaveTextContent('3 pitches');
    await screen.findByText('All changes saved');

    await user.click(within(pitchRow(3)).getByRole('button', { name: 'Remove pitch 3' }));
    expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']);
    await screen.findByText('All changes saved');

    goOffline();
    await user.type(velocityField(), '90{Enter}');
    // Numbered after every pitch there was: the removed pitch 3 keeps its number.
    expect(pitchNumbers()).toEqual(['Pitch 4', 'Pitch 2', 'Pitch 1']);
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();

    reloadPage(`/app/track/${entryId}`);
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();
    expect(pitchNumbers()).toEqual(['Pitch 4', 'Pitch 2', 'Pitch 1']);
    expect(within(panel()).getByRole('status')).toHaveTextContent('3 pitches');
    // The new page's last type is the newest pitch's.
    expect(typeButton('Changeup')).toBeChecked();

    comeBackOnline();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    expect(putBodies()).toEqual([
      {
        sequence: 1,
        pitchType: 'fastball',
        velocityMph: 88.5,
        result: null,
        strike: null,
        spinRateRpm: null,
      },
      {
        sequence: 2,
        pitchType: 'slider',
        velocityMph: 79,
        result: 'called_strike',
        strike: true,
        spinRateRpm: 1750,
      },
      { sequence: 4, pitchType: 'changeup', velocityMph: 90, result: null, strike: null, spinRateRpm: null },
    ]);
    // Every pitch was sent once, the removed one included; its removal once.
    expect([...pitchFake.puts.values()]).toEqual([1, 1, 1, 1]);
    const [removedId] = [...pitchFake.puts.keys()].filter((id) => !pitchFake.pitches.has(id));
    expect([...pitchFake.deletes.entries()]).toEqual([[removedId, 1]]);
  });

  it('says which pitch the server refused, sends the others, and sends the corrected one', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');
    // An app kept offline for weeks may check older limits than the server's, which are the truth.
    pitchFake.limitVelocityTo(110);

    goOffline();
    await user.type(velocityField(), '88{Enter}');
    await user.type(velocityField(), '112.5{Enter}');
    await user.type(velocityField(), '90{Enter}');
    expect(await screen.findByText(/^3 changes waiting/)).toBeInTheDocument();

    comeBackOnline();
    const refusal = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(refusal).toHaveTextContent(/^One change was not accepted by the server:/);
    expect(within(refusal).getByRole('listitem')).toHaveTextContent('Pitch 2: Velocity is at most 110 mph');
    await screen.findByText('All changes saved');
    expect(putBodies().map((pitch) => [pitch.sequence, pitch.velocityMph])).toEqual([
      [1, 88],
      [3, 90],
    ]);
    expect(pitchRow(2)).toHaveTextContent('Not accepted by the server');

    // Corrected: the same pitch (its id, its number), sent again with the new body.
    await user.click(within(pitchRow(2)).getByRole('button', { name: 'Edit pitch 2' }));
    const form = within(panel()).getByRole('form', { name: 'Edit pitch 2' });
    expect(within(form).getByLabelText('Velocity (mph)')).toHaveValue(112.5);
    await user.clear(within(form).getByLabelText('Velocity (mph)'));
    await user.type(within(form).getByLabelText('Velocity (mph)'), '92.5');
    await user.click(within(form).getByRole('button', { name: 'Save pitch 2' }));
    expect(pitchRow(2)).toHaveTextContent('92.5 mph');

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(putBodies().map((pitch) => [pitch.sequence, pitch.velocityMph])).toEqual([
      [1, 88],
      [2, 92.5],
      [3, 90],
    ]);
    expect([...pitchFake.puts.values()]).toEqual([1, 2, 1]);
  });

  it('offers the import of a device file into the log being tracked, once its start reached the server', async () => {
    const { user, entryId } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const importLink = await within(panel()).findByRole('link', { name: 'Import the file' });
    expect(within(panel()).getByText(/Thrown on a Rapsodo or TrackMan\?/)).toBeInTheDocument();
    const address = new URL(importLink.getAttribute('href')!, window.location.origin);
    expect(address.pathname).toBe(`/app/completed/${phoneLogId()}/import`);
    expect(Object.fromEntries(address.searchParams)).toEqual({ kind: 'pitches', entry: entryId });
  });

  it('checks a pitch on the device before adding it', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(within(panel()).getByRole('button', { name: 'Add pitch' }));
    expect(within(panel()).getByText('Enter the velocity in mph')).toBeInTheDocument();
    await user.type(velocityField(), '130{Enter}');
    expect(within(panel()).getByText('Velocity is at most 115 mph')).toBeInTheDocument();
    expect(velocityField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel()).getByText('No pitches yet.')).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'More types' }));
    await user.click(typeButton('Splitter'));
    await user.clear(velocityField());
    await user.type(velocityField(), '84{Enter}');
    expect(pitchRow(1)).toHaveTextContent(/Splitter.*84\.0 mph/);
    // Fewer types again: the chosen one stays in sight.
    await user.click(within(panel()).getByRole('button', { name: 'More types' }));
    expect(typeButton('Splitter')).toBeChecked();
    expect(within(panel()).queryByRole('radio', { name: 'Sweeper' })).not.toBeInTheDocument();
  });

  it('loads a workout stored on the device before pitches existed, and takes pitches for it', async () => {
    const { user, entryId } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');
    // The record as the app before issue 16 stored it: no `pitches`.
    for (const stored of device.logs.values()) delete stored.pitches;

    const { user: again } = reloadPage(`/app/track/${entryId}`);
    expect(await screen.findByRole('region', { name: 'Pitches' })).toBeInTheDocument();
    expect(within(panel()).getByRole('status')).toHaveTextContent('0 pitches');
    await again.type(velocityField(), '87{Enter}');
    await screen.findByText('All changes saved');
    expect(putBodies()).toMatchObject([{ sequence: 1, pitchType: 'fastball', velocityMph: 87 }]);
  });

  it('shows no pitches panel for a lifting workout', async () => {
    signInAs(demoUsers.athlete);
    const today = (await (
      await fetch(`${window.location.origin}/api/schedule/today`, {
        headers: { Authorization: `Bearer ${tokenFor(demoUsers.athlete)}` },
      })
    ).json()) as { data: { id: string; name: string }[] };
    const lift = today.data.find((item) => item.name === 'Lower Body Strength A')!;
    const { user } = renderApp(`/app/track/${lift.id}`);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByRole('listitem', { name: 'Set 1 of Trap-bar deadlift' });
    expect(screen.queryByRole('region', { name: 'Pitches' })).not.toBeInTheDocument();
  });
});

describe('pitches entered on another device', { timeout: 20_000 }, () => {
  it('shows the pitches of a workout begun on another device, and numbers the next one after them', async () => {
    const entryId = await scheduleTodaysBullpen();
    await startOnTablet(entryId);
    await pitchOnTablet(tabletLogId, tabletPitchId(1), {
      sequence: 1,
      pitchType: 'fastball',
      velocityMph: 86,
    });
    await pitchOnTablet(tabletLogId, tabletPitchId(2), {
      sequence: 2,
      pitchType: 'slider',
      velocityMph: 78.5,
    });

    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/track/${entryId}`);
    await screen.findByRole('region', { name: 'Pitches' });
    await waitFor(() => expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']));
    expect(pitchRow(2)).toHaveTextContent(/Slider.*78\.5 mph/);
    expect(pitchRow(1)).toHaveTextContent(/Fastball.*86\.0 mph/);
    expect(within(panel()).getByRole('status')).toHaveTextContent('2 pitches');

    await user.type(velocityField(), '87{Enter}');
    expect(pitchNumbers()).toEqual(['Pitch 3', 'Pitch 2', 'Pitch 1']);
    await screen.findByText('All changes saved');
    expect(putBodies().map((pitch) => [pitch.sequence, pitch.velocityMph])).toEqual([
      [1, 86],
      [2, 78.5],
      [3, 87],
    ]);
    // The tablet's pitches were sent by the tablet only; the phone sent its own, once.
    expect([...pitchFake.puts.values()]).toEqual([1, 1, 1]);
  });

  it('shows a pitch added or changed on another device once the screen reads the log again', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.type(velocityField(), '88{Enter}');
    await screen.findByText('All changes saved');

    // The coach's tablet, on the same workout, corrects the phone's pitch and adds the next one.
    const logId = phoneLogId();
    await pitchOnTablet(logId, serverPitch(1).id, { sequence: 1, pitchType: 'sinker', velocityMph: 88.5 });
    await pitchOnTablet(logId, tabletPitchId(2), { sequence: 2, pitchType: 'curveball', velocityMph: 74 });
    reconnect();
    await waitFor(() => expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']));
    expect(pitchRow(2)).toHaveTextContent(/Curveball.*74\.0 mph/);
    expect(pitchRow(1)).toHaveTextContent(/Sinker.*88\.5 mph/);

    await user.type(velocityField(), '89{Enter}');
    expect(pitchNumbers()).toEqual(['Pitch 3', 'Pitch 2', 'Pitch 1']);
    await screen.findByText('All changes saved');
    // Taking the server's pitches sent nothing back: each was written once, by the device that entered it.
    expect(Object.fromEntries(pitchFake.puts)).toEqual({
      [serverPitch(1).id]: 2,
      [tabletPitchId(2)]: 1,
      [serverPitch(3).id]: 1,
    });
  });

  it('keeps a pitch typed here and not sent yet when the server answers without it', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.type(velocityField(), '88{Enter}');
    await screen.findByText('All changes saved');

    goOffline();
    await user.type(velocityField(), '90{Enter}');
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();
    // Meanwhile the tablet changes pitch 1; the server's list has that change and not the phone's pitch 2.
    await pitchOnTablet(phoneLogId(), serverPitch(1).id, {
      sequence: 1,
      pitchType: 'cutter',
      velocityMph: 87,
    });
    const reads = pitchFake.listReads();
    reconnect();
    await waitFor(() => expect(pitchRow(1)).toHaveTextContent(/Cutter.*87\.0 mph/));
    expect(pitchFake.listReads()).toBeGreaterThan(reads);
    expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']);
    expect(pitchRow(2)).toHaveTextContent(/Fastball.*90\.0 mph/);
    expect(screen.getByText(/^1 change waiting/)).toBeInTheDocument();

    comeBackOnline();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    expect(putBodies().map((pitch) => [pitch.sequence, pitch.pitchType, pitch.velocityMph])).toEqual([
      [1, 'cutter', 87],
      [2, 'fastball', 90],
    ]);
    expect(pitchFake.puts.get(serverPitch(2).id)).toBe(1);
  });

  it('does not bring back a pitch removed here while its removal waits, and lets one removed elsewhere go', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    for (const mph of ['88', '89', '90']) await user.type(velocityField(), `${mph}{Enter}`);
    await screen.findByText('All changes saved');
    const [first, , third] = [serverPitch(1), serverPitch(2), serverPitch(3)];

    goOffline();
    await user.click(within(pitchRow(3)).getByRole('button', { name: 'Remove pitch 3' }));
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();
    // The tablet removes pitch 1; the server still has pitch 3, whose removal has not reached it.
    await removeOnTablet(phoneLogId(), first.id);
    reconnect();
    await waitFor(() => expect(pitchNumbers()).toEqual(['Pitch 2']));
    expect(within(panel()).getByRole('status')).toHaveTextContent('1 pitch');

    comeBackOnline();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    expect(pitchNumbers()).toEqual(['Pitch 2']);
    expect(putBodies().map((pitch) => pitch.sequence)).toEqual([2]);
    expect(Object.fromEntries(pitchFake.deletes)).toEqual({ [third.id]: 1, [first.id]: 1 });

    // Numbers already used stay used, here and elsewhere.
    await user.type(velocityField(), '91{Enter}');
    expect(pitchNumbers()).toEqual(['Pitch 4', 'Pitch 2']);
    await screen.findByText('All changes saved');
    expect([...pitchFake.puts.values()]).toEqual([1, 1, 1, 1]);
  });

  it("shows the number the server gave the phone's pitch 1 when the tablet's pitch 1 got there first", async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await screen.findByText('All changes saved');
    goOffline();
    await user.type(velocityField(), '88{Enter}');
    expect(pitchNumbers()).toEqual(['Pitch 1']);
    // Meanwhile the coach's tablet, online, enters its own pitch 1 of the same bullpen.
    await pitchOnTablet(phoneLogId(), tabletPitchId(1), {
      sequence: 1,
      pitchType: 'curveball',
      velocityMph: 73,
    });

    // The phone's pitch reaches the server; before its answer comes, the athlete changes the pitch's type, and
    // the connection drops again after that answer.
    let release = () => {};
    const answerHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let phoneWrites = 0;
    let cutAfterFirst = true;
    server.use(
      http.put('*/api/completed-workouts/*', async ({ request }) => {
        if (request.headers.get('Authorization') === tablet.Authorization) return undefined;
        phoneWrites += 1;
        if (phoneWrites === 1) {
          await answerHeld;
          return undefined;
        }
        return cutAfterFirst ? HttpResponse.error() : undefined;
      }),
    );
    comeBackOnline();
    await waitFor(() => expect(phoneWrites).toBe(1));
    // The screen has read the tablet's pitch by now: two pitches numbered 1, for a moment.
    const phonesRow = within(panel())
      .getAllByRole('listitem', { name: 'Pitch 1' })
      .find((row) => row.textContent.includes('88.0'))!;
    await user.click(within(phonesRow).getByRole('button', { name: 'Edit pitch 1' }));
    await user.click(typeButton('Slider'));
    await user.click(within(panel()).getByRole('button', { name: 'Save pitch 1' }));
    release();

    // The answer numbers it 2: the phone shows that at once, with its change still waiting.
    await waitFor(() => expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']));
    expect(pitchRow(2)).toHaveTextContent(/Slider.*88\.0 mph/);
    expect(pitchRow(1)).toHaveTextContent(/Curveball.*73\.0 mph/);
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();

    // The waiting change goes with the server's number, and the next pitch comes after both.
    cutAfterFirst = false;
    comeBackOnline();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    const phonePitch = [...pitchFake.pitches.values()].find((pitch) => pitch.velocityMph === 88)!;
    expect(pitchFake.sentNumbers.get(phonePitch.id)).toEqual([1, 2]);
    expect(phonePitch).toMatchObject({ sequence: 2, pitchType: 'slider' });
    await user.type(velocityField(), '90{Enter}');
    expect(pitchNumbers()).toEqual(['Pitch 3', 'Pitch 2', 'Pitch 1']);
  });

  it('does not take away a pitch whose write the server answered while the list was on its way', async () => {
    const { user } = await openTodaysBullpen();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.type(velocityField(), '88{Enter}');
    await screen.findByText('All changes saved');
    await pitchOnTablet(phoneLogId(), serverPitch(1).id, {
      sequence: 1,
      pitchType: 'cutter',
      velocityMph: 87,
    });
    goOffline();
    await user.type(velocityField(), '90{Enter}');
    expect(await screen.findByText(/^1 change waiting/)).toBeInTheDocument();

    // The server reads the list before the phone's pitch 2 reaches it, and its answer comes after pitch 2's.
    let release = () => {};
    const answerHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let listRead = false;
    server.use(
      http.get('*/api/completed-workouts/:logId/pitches', async ({ params }) => {
        if (listRead) return undefined;
        listRead = true;
        const pitches = [...pitchFake.pitches.values()].filter((pitch) => pitch.logId === params.logId);
        await answerHeld;
        return HttpResponse.json({ pitches });
      }),
    );
    reconnect();
    await waitFor(() => expect(listRead).toBe(true));
    comeBackOnline();
    await screen.findByText('All changes saved', {}, { timeout: 4000 });
    release();

    await waitFor(() => expect(pitchRow(1)).toHaveTextContent(/Cutter.*87\.0 mph/));
    expect(pitchNumbers()).toEqual(['Pitch 2', 'Pitch 1']);
    expect(pitchRow(2)).toHaveTextContent(/Fastball.*90\.0 mph/);
  });
});

describe('a long session of pitches', () => {
  it('draws a window of the list at a time, each row telling its place in the whole', async () => {
    const pitches: Record<string, DevicePitch> = {};
    for (let sequence = 1; sequence <= 600; sequence += 1) {
      const id = `01900000-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
      pitches[id] = {
        ...pitchInputSchema.parse({ sequence, pitchType: 'fastball', velocityMph: 80 + (sequence % 10) }),
        id,
        removed: false,
      };
    }
    render(
      <PitchPanel logId="01900000-0000-7000-8000-00000000c0ad" pitches={pitches} rejected={[]} isLocked />,
    );
    expect(within(panel()).getByRole('status')).toHaveTextContent('600 pitches');
    const drawn = within(within(panel()).getByRole('list', { name: 'Pitches entered' })).getAllByRole(
      'listitem',
    );
    expect(drawn.length).toBeLessThan(30);
    expect(drawn[0]).toHaveAccessibleName('Pitch 600');
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '600');

    // Scrolled down, the older pitches are drawn in their place.
    const box = within(panel()).getByRole('list', { name: 'Pitches entered' }).parentElement!;
    box.scrollTop = 52 * 400;
    fireEvent.scroll(box);
    await waitFor(() => expect(pitchRow(200)).toHaveAttribute('aria-posinset', '401'));
    expect(within(panel()).queryByRole('listitem', { name: 'Pitch 600' })).not.toBeInTheDocument();
  });
});
