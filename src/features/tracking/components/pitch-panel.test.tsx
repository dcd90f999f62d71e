import type { ScheduleItemResponse, User, Workout } from '@contract';
import { emptyPrescribedSet } from '@contract';
import type { Pitch } from '@contract/pitching';
import { pitchInputSchema, pitchResponseSchema } from '@contract/pitching';
import { demoUsers, tokenFor } from '@mocks/data';
import { apiError, apiRoute, validationFailure } from '@mocks/handlers/respond';
import { demoToday, scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { demoExercises, demoWorkouts } from '@mocks/library-data';
import { server } from '@mocks/server';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

/*
 * Pitches entered while tracking (issue 16), offline and exactly once. The pitch routes' shared fake
 * (mocks/handlers/pitching.ts) is another part of issue 16, so this file fakes the two routes the outbox uses
 * itself; the drift test (server/mock-handlers.test.ts) does not see fakes defined in a test file.
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

/** The pitch routes as the server answers them: upserts by id (counted per id), deletes that are always 204. */
function createPitchFake() {
  const pitches = new Map<string, Pitch>();
  const puts = new Map<string, number>();
  const deletes = new Map<string, number>();
  /** The server's own limits, which an app kept offline for weeks may not know. */
  let maxVelocity = 115;
  return {
    pitches,
    puts,
    deletes,
    limitVelocityTo: (mph: number) => {
      maxVelocity = mph;
    },
    handlers: [
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
          const existed = pitches.has(params.pitchId);
          const pitch: Pitch = {
            ...body.data,
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

/** The coach puts the bullpen on the athlete's schedule today; the athlete opens it on the tracking screen. */
async function openTodaysBullpen(user: User = demoUsers.athlete) {
  const response = await fetch(`${window.location.origin}/api/schedule`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ workoutId: bullpen.id, date: demoToday(), athleteId: demoUsers.athlete.id }),
  });
  const { data: entry } = (await response.json()) as ScheduleItemResponse;
  signInAs(user);
  const view = renderApp(`/app/track/${entry.id}`);
  return { ...view, entryId: entry.id };
}

let writesCut = false;
/** The phone loses its connection: every write of tracking's (sets, pitches) fails as a lost network does. */
function goOffline() {
  writesCut = true;
  const cut = () => (writesCut ? HttpResponse.error() : undefined);
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
