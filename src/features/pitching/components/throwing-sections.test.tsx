import '@/testing/dialog-polyfill';
import type { Pitch, PitchListResponse, SensorThrow, SensorThrowListResponse } from '@contract/pitching';
import { demoUsers, tokenFor } from '@mocks/data';
import { pitchingHandlers } from '@mocks/handlers/pitching';
import { completedWorkoutHandlers, demoLogId } from '@mocks/handlers/training';
import { server } from '@mocks/server';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

/** Another athlete's completed workout in the fakes, which has no pitches and no throws. */
const otherLogId = demoLogId.replace(/1$/, '2');

beforeEach(() => {
  server.use(...pitchingHandlers(), ...completedWorkoutHandlers());
});

/** A table's rows (below its column headers, when it has them) as "header | cell | …" text. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).queryAllByRole('cell')]
        .map((cell) => cell.textContent?.trim())
        .join(' | '),
    );
}

// The sections' code loads after the workout (lazily), recharts after them.
const section = (name: 'Pitches' | 'Arm sensor') => screen.findByRole('region', { name }, { timeout: 5000 });

describe('the pitches and the arm sensor of a completed workout', { timeout: 30_000 }, () => {
  it('shows a coach the pitches, what each chart draws in a table, and every pitch', async () => {
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${demoLogId}`);
    const pitches = await section('Pitches');
    expect(await within(pitches).findByTestId('pitches-overview')).toHaveTextContent(
      '24 pitches · 63% strikes · top 87.7 mph',
    );

    expect(rowsOf(within(pitches).getByRole('table', { name: 'Velocity per pitch type' }))).toEqual([
      'Fastball | 13 | 86.5 | 87.7',
      'Slider | 5 | 78.6 | 79.5',
      'Curveball | 3 | 73.5 | 73.7',
      'Changeup | 3 | 79.2 | 79.7',
    ]);
    expect(
      rowsOf(within(pitches).getByRole('table', { name: 'Average movement per pitch type, in inches' })),
    ).toEqual([
      'Fastball | -8.8 | 15.9',
      'Slider | 5.5 | 2.5',
      'Curveball | 6.7 | -11.5',
      'Changeup | -13.4 | 7.3',
    ]);
    expect(
      rowsOf(within(pitches).getByRole('table', { name: 'Pitch mix and strike rate per pitch type' })),
    ).toEqual([
      'Fastball | 13 | 54% | 54%',
      'Slider | 5 | 21% | 80%',
      'Curveball | 3 | 13% | 33%',
      'Changeup | 3 | 13% | 100%',
    ]);

    const every = rowsOf(within(pitches).getByRole('table', { name: 'Every pitch of the workout' }));
    expect(every).toHaveLength(24);
    // The spin axis as a clock time and in degrees; the heights, sides and extension in feet.
    expect(every[0]).toBe(
      '1Fastball | 86.1 | 2,210 | 1:00 · 210° | 15.0 | -8.1 | 5.8 | -1.9 | 6.1 | Called strike | ',
    );
    expect(every[4]).toMatch(/^5Curveball \| .* \| 7:15 · 38° \|/);
    // The charts load with recharts and are hidden from screen readers: the tables are their text.
    expect(await within(pitches).findByTestId('velocity-chart')).toHaveAttribute('aria-hidden', 'true');

    const sensor = await section('Arm sensor');
    expect(
      rowsOf(within(sensor).getByRole('table', { name: 'What the arm sensor measured in this workout' })),
    ).toEqual([
      'Throws | 24',
      'Average torque | 56.4 Nm',
      'Peak torque | 61.1 Nm',
      'Average arm speed | 4,740 deg/s',
      'Workload | 6.54',
    ]);
    const throws = rowsOf(within(sensor).getByRole('table', { name: 'Every throw the arm sensor measured' }));
    expect(throws).toHaveLength(24);
    // Throw 1 is matched to pitch 1 by its number.
    expect(throws[0]).toMatch(
      /^1 \| Fastball · 86\.1 mph \| \d\d:\d\d:\d\d \| 4,710 \| 55.7 \| 43 \| 162 \| 0\.27$/,
    );
    expect(within(sensor).queryByRole('note')).not.toBeInTheDocument();

    expect(within(pitches).getByRole('link', { name: 'Import pitches' })).toHaveAttribute(
      'href',
      `/app/completed/${demoLogId}/import?kind=pitches`,
    );
    expect(within(sensor).getByRole('link', { name: 'Import sensor data' })).toHaveAttribute(
      'href',
      `/app/completed/${demoLogId}/import?kind=sensor-throws`,
    );
  });

  it('shows an athlete its own pitches and throws, which it may add to', async () => {
    signInAs(demoUsers.athlete);
    renderApp(`/app/completed/${demoLogId}`);
    const pitches = await section('Pitches');
    expect(await within(pitches).findByTestId('pitches-overview')).toHaveTextContent('24 pitches');
    expect(within(pitches).getByRole('button', { name: 'Add pitch' })).toBeInTheDocument();
    expect(within(pitches).getByRole('button', { name: 'Delete pitch 1' })).toBeInTheDocument();
    const sensor = await section('Arm sensor');
    expect(
      await within(sensor).findByRole('table', { name: 'Every throw the arm sensor measured' }),
    ).toBeInTheDocument();
  });

  it('adds a pitch by its type and velocity, after saying which field is wrong', async () => {
    const added = recordBodies('POST', `/api/completed-workouts/${demoLogId}/pitches`);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/completed/${demoLogId}`);
    const pitches = await section('Pitches');
    await user.click(await within(pitches).findByRole('button', { name: 'Add pitch' }));
    const form = within(pitches).getByRole('form', { name: 'Add a pitch' });
    expect(form).toHaveTextContent('Pitch 25');

    await user.click(within(form).getByRole('button', { name: 'Add the pitch' }));
    expect(await within(form).findByText('Enter the velocity in mph')).toBeInTheDocument();
    const velocity = within(form).getByRole('textbox', { name: 'Velocity (mph)' });
    await user.type(velocity, '130');
    await user.click(within(form).getByRole('button', { name: 'Add the pitch' }));
    expect(await within(form).findByText('Velocity is at most 115 mph')).toBeInTheDocument();
    expect(velocity).toHaveAccessibleDescription('Velocity is at most 115 mph');

    // The optional fields are behind "More", checked by the same schema.
    await user.click(within(form).getByRole('button', { name: 'More' }));
    await user.type(within(form).getByRole('textbox', { name: 'Spin axis (° or clock)' }), '13:30');
    await user.click(within(form).getByRole('button', { name: 'Add the pitch' }));
    expect(
      await within(form).findByText('Enter the spin axis in degrees or as a clock time like 1:30'),
    ).toBeInTheDocument();
    expect(added).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'Spin axis (° or clock)' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Pitch type' }), 'Slider');
    await user.clear(velocity);
    await user.type(velocity, '81,5');
    await user.click(within(form).getByRole('button', { name: 'Add the pitch' }));
    expect(await within(form).findByText('Pitch 25 added: Slider, 81.5 mph.')).toBeInTheDocument();
    expect(added).toEqual([
      expect.objectContaining({
        sequence: 25,
        pitchType: 'slider',
        velocityMph: 81.5,
        spinAxisDegrees: null,
      }),
    ]);
    expect(within(pitches).getByTestId('pitches-overview')).toHaveTextContent('25 pitches');
    const every = rowsOf(within(pitches).getByRole('table', { name: 'Every pitch of the workout' }));
    expect(every.at(-1)).toMatch(/^25Slider \| 81.5 \| — \|/);
    // The form stays open for the next pitch, with its type kept.
    expect(within(form).getByRole('textbox', { name: 'Velocity (mph)' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Pitch type' })).toHaveValue('slider');
    expect(within(form).getByText('Pitch 26')).toBeInTheDocument();
  });

  it('deletes a pitch once asked', async () => {
    const deleted: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE') deleted.push(new URL(request.url).pathname);
    });
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/completed/${demoLogId}`);
    const pitches = await section('Pitches');
    await user.click(await within(pitches).findByRole('button', { name: 'Delete pitch 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete pitch 3?' });
    expect(dialog).toHaveTextContent('The slider at 79.5 mph is removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(within(pitches).getByRole('button', { name: 'Delete pitch 3' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete pitch 3?' })).getByRole('button', {
        name: 'Delete pitch',
      }),
    );
    await waitFor(() =>
      expect(within(pitches).getByTestId('pitches-overview')).toHaveTextContent('23 pitches'),
    );
    expect(deleted).toEqual([
      expect.stringMatching(new RegExp(`^/api/completed-workouts/${demoLogId}/pitches/`)),
    ]);
    expect(within(pitches).queryByRole('button', { name: 'Delete pitch 3' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when a workout has no pitches and no sensor data yet, with the ways to add them', async () => {
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${otherLogId}`);
    const pitches = await section('Pitches');
    expect(await within(pitches).findByText('No pitches yet')).toBeInTheDocument();
    expect(within(pitches).getByRole('button', { name: 'Add pitch' })).toBeInTheDocument();
    expect(within(pitches).getByRole('link', { name: 'Import pitches' })).toHaveAttribute(
      'href',
      `/app/completed/${otherLogId}/import?kind=pitches`,
    );
    expect(within(pitches).queryByRole('table')).not.toBeInTheDocument();
    const sensor = await section('Arm sensor');
    expect(await within(sensor).findByText('No sensor data yet')).toBeInTheDocument();
    expect(within(sensor).getByRole('link', { name: 'Import sensor data' })).toBeInTheDocument();
  });

  it('asks for the athlete’s height and weight when the workload cannot be computed', async () => {
    server.use(...pitchingHandlers({ missingBodyMeasures: true }));
    signInAs(demoUsers.coach);
    const { unmount } = renderApp(`/app/completed/${demoLogId}`);
    const sensor = await section('Arm sensor');
    const note = await within(sensor).findByRole('note');
    expect(note).toHaveTextContent('Add height and weight to Jamie Rivera’s profile to see workload.');
    expect(within(note).getByRole('link', { name: 'Jamie Rivera’s profile' })).toHaveAttribute(
      'href',
      `/app/users/${demoUsers.athlete.id}`,
    );
    expect(within(sensor).getByRole('rowheader', { name: 'Workload' }).nextSibling).toHaveTextContent('—');
    unmount();

    signInAs(demoUsers.athlete);
    renderApp(`/app/completed/${demoLogId}`);
    expect(await within(await section('Arm sensor')).findByRole('note')).toHaveTextContent(
      'Add height and weight to your profile to see workload.',
    );
  });

  it('matches each throw to its pitch by id, not by number: a removed pitch leaves its throw without one', async () => {
    const read = async <T,>(path: string) =>
      (await (
        await fetch(`${window.location.origin}/api/completed-workouts/${demoLogId}/${path}`, {
          headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}` },
        })
      ).json()) as T;
    const { pitches } = await read<PitchListResponse>('pitches');
    const sensorList = await read<SensorThrowListResponse>('sensor-throws');
    const pitchNumbered = (sequence: number) => pitches.find((pitch) => pitch.sequence === sequence)!;
    // Pitch 2 was removed after the throws were saved, and throw 3 was the pitch numbered 4 (another device's
    // pitch 3 came first).
    server.use(
      http.get(`*/api/completed-workouts/${demoLogId}/pitches`, () =>
        HttpResponse.json<PitchListResponse>({ pitches: pitches.filter((pitch) => pitch.sequence !== 2) }),
      ),
      http.get(`*/api/completed-workouts/${demoLogId}/sensor-throws`, () =>
        HttpResponse.json<SensorThrowListResponse>({
          ...sensorList,
          throws: sensorList.throws.map((thrown) =>
            thrown.sequence === 2
              ? { ...thrown, pitchId: null }
              : thrown.sequence === 3
                ? { ...thrown, pitchId: pitchNumbered(4).id }
                : thrown,
          ),
        }),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${demoLogId}`);
    const sensor = await section('Arm sensor');
    const table = await within(sensor).findByRole('table', { name: 'Every throw the arm sensor measured' });
    await waitFor(() => expect(rowsOf(table)[0]).toMatch(/^1 \| Fastball · 86\.1 mph \|/));
    const [, second, third] = rowsOf(table);
    expect(second).toMatch(/^2 \| — \|/);
    const fourth = pitchNumbered(4);
    expect(third).toContain(
      `3 | ${fourth.pitchType === 'fastball' ? 'Fastball' : 'Slider'} · ${fourth.velocityMph.toFixed(1)} mph |`,
    );
  });

  it('windows a workout of 1,000 pitches and throws: a few rows at a time, the header kept, the place told', async () => {
    const pitches: Pitch[] = Array.from({ length: 1000 }, (_, index) => ({
      id: `01900000-0000-7000-8000-${String(index + 1).padStart(12, '0')}`,
      logId: demoLogId,
      athleteId: demoUsers.athlete.id,
      date: '2026-03-14',
      sequence: index + 1,
      pitchType: 'fastball',
      velocityMph: 80 + (index % 10),
      spinRateRpm: null,
      spinAxisDegrees: null,
      inducedVerticalBreakIn: null,
      horizontalBreakIn: null,
      releaseHeightFt: null,
      releaseSideFt: null,
      extensionFt: null,
      result: null,
      strike: null,
      note: null,
      source: 'trackman',
      importId: null,
      updatedAt: '2026-03-14T20:00:00.000Z',
    }));
    const throws: SensorThrow[] = pitches.map((pitch, index) => ({
      id: `01900000-0000-7000-9000-${String(index + 1).padStart(12, '0')}`,
      logId: demoLogId,
      athleteId: demoUsers.athlete.id,
      date: '2026-03-14',
      sequence: pitch.sequence,
      pitchId: pitch.id,
      thrownAt: null,
      armSpeedDegPerS: 4500,
      elbowTorqueNm: 60,
      armSlotDegrees: 50,
      shoulderRotationDegrees: 165,
      workload: 0.3,
      source: 'mapped',
      importId: null,
      updatedAt: '2026-03-14T20:00:00.000Z',
    }));
    server.use(
      http.get(`*/api/completed-workouts/${demoLogId}/pitches`, () =>
        HttpResponse.json<PitchListResponse>({ pitches }),
      ),
      http.get(`*/api/completed-workouts/${demoLogId}/sensor-throws`, () =>
        HttpResponse.json<SensorThrowListResponse>({
          throws,
          workloadTotal: 300,
          missingBodyMeasures: false,
        }),
      ),
    );
    signInAs(demoUsers.coach);
    renderApp(`/app/completed/${demoLogId}`);
    const section_ = await section('Pitches');
    expect(await within(section_).findByTestId('pitches-overview')).toHaveTextContent('1000 pitches');
    const table = within(section_).getByRole('table', { name: 'Every pitch of the workout' });
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const drawn = within(table).getAllByRole('row');
    expect(drawn[0]).toHaveAttribute('aria-rowindex', '1');
    expect(within(drawn[0]!).getAllByRole('columnheader')[0]).toHaveTextContent('Pitch');
    expect(drawn[1]).toHaveAttribute('aria-rowindex', '2');
    expect(drawn.length).toBeLessThan(40);

    // Scrolled to the middle, the rows there are drawn, and say where they are.
    const box = within(section_).getByRole('group', { name: 'Every pitch, scrolls sideways and down' });
    box.scrollTop = 41 * 600;
    fireEvent.scroll(box);
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Delete pitch 601' })).toBeInTheDocument(),
    );
    const row601 = within(table).getByRole('button', { name: 'Delete pitch 601' }).closest('tr')!;
    expect(row601).toHaveAttribute('aria-rowindex', '602');
    expect(within(table).queryByRole('button', { name: 'Delete pitch 1' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);

    const sensor = await section('Arm sensor');
    const throwTable = await within(sensor).findByRole('table', {
      name: 'Every throw the arm sensor measured',
    });
    expect(throwTable).toHaveAttribute('aria-rowcount', '1001');
    expect(within(throwTable).getAllByRole('row').length).toBeLessThan(40);
  });

  it('says when the pitches cannot be loaded, and tries again', async () => {
    let failing = true;
    server.use(
      http.get(`*/api/completed-workouts/${demoLogId}/pitches`, () =>
        failing ? HttpResponse.error() : undefined,
      ),
    );
    // The server out of reach while offline: the client does not wait 2 s and 4 s to try again (spec 9).
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/completed/${demoLogId}`);
    const pitches = await section('Pitches');
    expect(await within(pitches).findByText('The pitches could not be loaded')).toBeInTheDocument();
    failing = false;
    await act(() => user.click(within(pitches).getByRole('button', { name: 'Try again' })));
    expect(await within(pitches).findByTestId('pitches-overview')).toHaveTextContent('24 pitches');
  });
});
