import type { QueryClient } from '@tanstack/react-query';
import { errorCodes } from '@contract';
import { demoUsers } from '@mocks/data';
import {
  importHandlers,
  mappedPitchCsv,
  rapsodoCsv,
  sensorThrowCsv,
  trackmanCsv,
} from '@mocks/handlers/imports';
import { completedWorkoutHandlers, demoLogId } from '@mocks/handlers/training';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

/*
 * jsdom's File and FormData are not the ones the fetch of the tests (Node's) sends, and the bridge between them
 * loses a file's bytes and name. The tests hand the screen Node's own, as a browser's fetch gets its own.
 */
let NodeFormData: typeof FormData;
let NodeBlob: typeof Blob;
beforeAll(async () => {
  NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  NodeBlob = (await new Response('').blob()).constructor as typeof Blob;
});

function csvFile(contents: string | Uint8Array<ArrayBuffer>, name = 'session.csv', type = 'text/csv'): File {
  const form = new NodeFormData();
  form.append('file', new NodeBlob([contents], { type }), name);
  return form.get('file') as File;
}

beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
  server.use(...importHandlers(), ...completedWorkoutHandlers());
});
afterEach(() => vi.unstubAllGlobals());

const importPath = (kind = 'pitches') => `/app/completed/${demoLogId}/import?kind=${kind}`;

async function upload(user: UserEvent, file: File) {
  await user.upload(await screen.findByLabelText('Choose a CSV file'), file);
}

/** The rows of the "as they will be saved" table, cells joined with " | ". */
function savedRows() {
  const table = within(screen.getByRole('region', { name: /as they will be saved/ })).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()).join(' | '));
}

async function chooseField(user: UserEvent, trigger: string, field: string) {
  await user.click(await screen.findByRole('button', { name: trigger }));
  await user.click(
    await screen.findByRole('option', { name: new RegExp(`^${field.replace(/[()]/g, '\\$&')}`) }),
  );
}

/** Invalidated by the commit, or already read again by the completed workout's screen it returned to. */
const wasReadAgain = (queryClient: QueryClient, queryKey: readonly unknown[]) => {
  const state = queryClient.getQueryState(queryKey);
  return state?.isInvalidated === true || (state?.dataUpdateCount ?? 0) > 1;
};

describe('importing a device file into a completed workout', { timeout: 30_000 }, () => {
  it('reads a Rapsodo export, shows what it became, keeps it through a reload and imports it', async () => {
    signInAs(demoUsers.coach);
    const first = renderApp(importPath());
    expect(await screen.findByRole('heading', { level: 1, name: 'Import pitches' })).toBeInTheDocument();
    expect(screen.getByText(/Lower Body Strength A/, { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('· Jamie Rivera')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a CSV file')).toHaveAccessibleDescription(
      /Rapsodo or TrackMan pitching exports, or any CSV; up to 5 MB and 20,000 rows\./,
    );

    await upload(first.user, csvFile(rapsodoCsv(12), 'rapsodo-2026-11-23.csv'));
    expect(await screen.findByText('Rapsodo pitching export')).toBeInTheDocument();
    expect(first.router.state.location.search.importId).toMatch(/^[0-9a-f-]{36}$/);

    // The preview's id is in the address: a reload reads the same preview again.
    const address = first.router.state.location.href;
    first.unmount();
    const { user, router, queryClient } = renderApp(address);
    queryClient.setQueryData(['pitching', demoLogId, 'pitches'], { pitches: [] });
    expect(await screen.findByText('12 rows, all ready')).toBeInTheDocument();
    expect(screen.getByText('Rapsodo pitching export')).toBeInTheDocument();
    expect(screen.getByText('rapsodo-2026-11-23.csv')).toBeInTheDocument();

    const rows = savedRows();
    expect(rows[0]).toBe(
      '# | Pitch type | Velocity (mph) | Spin rate (rpm) | Spin axis | Induced vertical break (in) | Horizontal break (in) | Release height (ft) | Release side (ft) | Extension (ft) | Strike',
    );
    expect(rows[1]).toBe('1 | Fastball | 88.4 | 2284 | 210 | 17.2 | 8.9 | 5.8 | -1.62 | 6.31 | Yes');
    expect(rows[2]).toMatch(/^2 \| Slider \| 78.8 \| 2458 \|/);
    expect(rows).toHaveLength(13);
    // A known device's columns are folded away, but can be checked and changed.
    expect(screen.getByText('Columns: 11 of 14 used')).toBeInTheDocument();
    expect(screen.queryByText(/Importing replaces/)).not.toBeInTheDocument();

    const commits = recordBodies('POST', /\/api\/imports\/pitches\/[^/]+\/commit$/);
    await user.click(screen.getByRole('button', { name: 'Import 12 pitches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/completed/${demoLogId}`));
    expect(await screen.findByText('12 pitches imported')).toBeInTheDocument();
    expect(commits).toEqual([{ skipInvalidRows: false, confirmMismatch: false }]);
    // The workout's pitches are read again when its screen shows them.
    expect(wasReadAgain(queryClient, ['pitching', demoLogId, 'pitches'])).toBe(true);
  });

  it('asks for the columns of a file of no known device, keeps the choice for the next file, and imports', async () => {
    signInAs(demoUsers.coach);
    const patches = recordBodies('PATCH', /\/api\/imports\/pitches\/[^/]+$/);
    const first = renderApp(importPath());
    const { user } = first;
    await upload(user, csvFile(mappedPitchCsv(6), 'bullpen.csv'));

    expect(await screen.findByText('Choose the columns')).toBeInTheDocument();
    expect(screen.getByText('6 rows in the file')).toBeInTheDocument();
    expect(screen.getByText('Choose a column for Pitch type and Velocity (mph).')).toBeInTheDocument();
    expect(screen.getByText(/Your choices are kept for your organisation’s next files/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import pitches' })).toBeDisabled();
    expect(screen.getByText('Choose the columns above first.')).toBeInTheDocument();
    // Each column shows its first values, to recognise it by.
    expect(screen.getByRole('button', { name: 'Leave out Velo' })).toHaveAccessibleDescription(
      'e.g. 87.0, 86.6, 86.2',
    );

    await chooseField(user, 'Leave out Pitch', 'Pitch type');
    expect(await screen.findByText('Choose a column for Velocity (mph).')).toBeInTheDocument();
    await chooseField(user, 'Leave out Velo', 'Velocity (mph)');
    expect(await screen.findByText('6 rows, all ready')).toBeInTheDocument();
    expect(patches.at(-1)).toMatchObject({
      mapping: { pitchType: 'Pitch', velocityMph: 'Velo', spinRateRpm: null },
    });
    expect(savedRows()[1]).toBe('1 | Fastball | 87');

    // Spin goes in too; a field takes one column, so choosing it for another column moves it.
    await chooseField(user, 'Leave out Spin', 'Spin rate (rpm)');
    await waitFor(() => expect(savedRows()[1]).toBe('1 | Fastball | 87 | 2200'));

    await user.click(screen.getByRole('button', { name: 'Import 6 pitches' }));
    expect(await screen.findByText('6 pitches imported')).toBeInTheDocument();

    // The organisation's next file of the same shape is read with these columns.
    first.unmount();
    renderApp(importPath());
    await upload(user, csvFile(mappedPitchCsv(4), 'bullpen-2.csv'));
    expect(await screen.findByText('Your organisation’s mapping')).toBeInTheDocument();
    expect(screen.getByText('4 rows, all ready')).toBeInTheDocument();
  });

  it('lists the rows that do not parse, and imports the others only when told to leave them out', async () => {
    signInAs(demoUsers.coach);
    const commits = recordBodies('POST', /\/api\/imports\/pitches\/[^/]+\/commit$/);
    const { user } = renderApp(importPath());
    await upload(user, csvFile(rapsodoCsv(42, { badSpinOn: [10, 30] })));

    expect(await screen.findByText('42 rows: 40 ready, 2 with problems')).toBeInTheDocument();
    const problems = screen.getByRole('region', { name: '2 rows with problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 14: Enter a number for Spin rate', 'Line 34: Enter a number for Spin rate']);

    const importButton = screen.getByRole('button', { name: 'Import 40 pitches' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(
      'Tick the box to leave out the 2 rows with problems, or fix the file and choose it again.',
    );
    await user.click(screen.getByLabelText('Leave out the 2 rows with problems'));
    expect(importButton).toBeEnabled();
    await user.click(importButton);
    expect(await screen.findByText('40 pitches imported; 2 rows left out')).toBeInTheDocument();
    expect(commits).toEqual([{ skipInvalidRows: true, confirmMismatch: false }]);
  });

  it('shows the server’s refusal of rows (422) and keeps the preview', async () => {
    signInAs(demoUsers.coach);
    server.use(
      http.post('*/api/imports/pitches/:importId/commit', () =>
        HttpResponse.json(
          {
            error: {
              code: errorCodes.validation,
              message: '2 rows do not parse: nothing was saved. Fix the file or leave them out.',
            },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp(importPath());
    await upload(user, csvFile(rapsodoCsv(12)));
    await user.click(await screen.findByRole('button', { name: 'Import 12 pitches' }));
    expect(await screen.findByText('Nothing was imported.')).toBeInTheDocument();
    expect(
      screen.getByText('2 rows do not parse: nothing was saved. Fix the file or leave them out.'),
    ).toBeInTheDocument();
    expect(savedRows()).toHaveLength(13);
  });

  it('refuses an empty file, a binary renamed to .csv and one too large, beside the file field', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp(importPath());
    const field = await screen.findByLabelText('Choose a CSV file');

    await upload(user, csvFile('', 'empty.csv'));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/The file is empty\.$/));
    expect(field).toHaveAttribute('aria-invalid', 'true');

    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    await upload(user, csvFile(png, 'photo.csv'));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/This is not a CSV file\./));

    server.use(
      http.post('*/api/imports/pitches', () =>
        HttpResponse.json(
          {
            error: {
              code: errorCodes.payloadTooLarge,
              message: 'The file has 20,001 rows; an import takes at most 20,000 rows.',
            },
          },
          { status: 413 },
        ),
      ),
    );
    await upload(user, csvFile(trackmanCsv(3), 'season.csv'));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /The file has 20,001 rows; an import takes at most 20,000 rows\./,
      ),
    );
    // A refused file is not sent again as it is.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('keeps the chosen file through a lost connection, and sends it again', async () => {
    signInAs(demoUsers.coach);
    // The phone is offline: the send fails at once instead of being retried.
    server.use(http.post('*/api/imports/pitches', () => HttpResponse.error(), { once: true }));
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = renderApp(importPath());
    await upload(user, csvFile(rapsodoCsv(12), 'rapsodo.csv'));
    expect(
      await screen.findByText('The file could not be sent. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^rapsodo\.csv ·/)).toBeInTheDocument();

    offline.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('12 rows, all ready')).toBeInTheDocument();

    // A commit lost the same way keeps the preview, and goes through when tried again.
    server.use(
      http.post('*/api/imports/pitches/:importId/commit', () => HttpResponse.error(), { once: true }),
    );
    offline.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Import 12 pitches' }));
    expect(
      await screen.findByText(/The import did not reach the server: nothing was saved/),
    ).toBeInTheDocument();
    expect(savedRows()).toHaveLength(13);
    offline.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Import 12 pitches' }));
    expect(await screen.findByText('12 pitches imported')).toBeInTheDocument();
  });

  it('warns that the import replaces what the workout holds', async () => {
    server.use(...importHandlers({ existing: { [demoLogId]: { pitches: 12 } } }));
    signInAs(demoUsers.athlete);
    const { user } = renderApp(importPath());
    await upload(user, csvFile(rapsodoCsv(40)));
    expect(
      await screen.findByText('Importing replaces the 12 pitches saved for this workout.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 40 pitches' })).toBeEnabled();
  });

  it('warns before Import that the file is another player’s of another day, and imports only when confirmed', async () => {
    server.use(
      ...importHandlers({
        mismatches: [
          {
            kind: 'player',
            inFile: ['Tyler Brooks'],
            message: "The file is Tyler Brooks's; this workout is Jamie Rivera's.",
          },
          {
            kind: 'date',
            inFile: ['2026-03-14'],
            message: "The file's pitches are dated 14 March 2026; this workout is on 23 November 2026.",
          },
        ],
      }),
    );
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(importPath());
    await upload(user, csvFile(rapsodoCsv(12)));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('This file may not belong to this workout');
    expect(warning).toHaveTextContent("The file is Tyler Brooks's; this workout is Jamie Rivera's.");
    expect(warning).toHaveTextContent(
      "The file's pitches are dated 14 March 2026; this workout is on 23 November 2026.",
    );
    // Said before the preview's table, so it is read before anything else of the file.
    expect(
      warning.compareDocumentPosition(screen.getByRole('heading', { name: /Check the preview/ })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const importButton = screen.getByRole('button', { name: 'Import 12 pitches' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(/names another player or day: tick the box/);
    const commits = recordBodies('POST', /\/api\/imports\/pitches\/[^/]+\/commit$/);
    await user.click(
      screen.getByRole('checkbox', { name: /This file belongs to this workout: import it anyway/ }),
    );
    await user.click(importButton);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/completed/${demoLogId}`));
    expect(commits).toEqual([{ skipInvalidRows: false, confirmMismatch: true }]);
  });

  it('goes back to tracking when opened from the pitch panel', async () => {
    const entryId = '01900000-0000-7000-8000-0000000e7700';
    signInAs(demoUsers.coach);
    const { user, router } = renderApp(`${importPath()}&entry=${entryId}`);
    expect(
      await screen.findByRole('link', { name: /Back to tracking Lower Body Strength A/ }),
    ).toHaveAttribute('href', `/app/track/${entryId}`);
    await upload(user, csvFile(rapsodoCsv(4)));
    await user.click(await screen.findByRole('button', { name: 'Import 4 pitches' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/track/${entryId}`));
  });

  it('imports only the chosen pitcher of a TrackMan game file', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp(importPath());
    await upload(user, csvFile(trackmanCsv(9, ['Jamie Rivera', 'Tyler Brooks', 'Sam Ortiz'])));
    expect(await screen.findByText('TrackMan export')).toBeInTheDocument();
    expect(
      screen.getByText('The file has the pitches of 3 pitchers: choose whose to import.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 9 pitches' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /^Choose the pitcher/ }));
    await user.click(await screen.findByRole('option', { name: 'Jamie Rivera' }));
    expect(await screen.findByText('3 rows, all ready')).toBeInTheDocument();
    expect(
      savedRows()
        .slice(1)
        .map((row) => row.split(' | ').slice(0, 3).join(' | ')),
    ).toEqual(['1 | Fastball | 90.1', '4 | Slider | 81.3', '7 | Fastball | 88.9']);
    await user.click(screen.getByRole('button', { name: 'Import 3 pitches' }));
    expect(await screen.findByText('3 pitches imported')).toBeInTheDocument();
  });

  it('imports an arm sensor’s throws, its torque column chosen by hand', async () => {
    signInAs(demoUsers.coach);
    const { user, queryClient } = renderApp(importPath('sensor-throws'));
    queryClient.setQueryData(['pitching', demoLogId, 'sensor-throws'], { throws: [] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import arm-sensor throws' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a CSV file')).toHaveAccessibleDescription(
      /A CSV export of your arm sensor/,
    );

    await upload(user, csvFile(sensorThrowCsv(8), 'motus.csv'));
    expect(await screen.findByText('8 rows, all ready')).toBeInTheDocument();
    expect(savedRows()[0]).toBe('# | Time | Arm speed (deg/s) | Arm slot (°) | Shoulder rotation (°)');
    // A sensor numbers throws, not pitches.
    await chooseField(user, 'Leave out Throw', 'Throw number');
    expect(await screen.findByRole('button', { name: 'Throw number Throw' })).toBeInTheDocument();
    await chooseField(user, 'Leave out Torque', 'Elbow varus torque (Nm)');
    await waitFor(() => expect(savedRows()[1]).toMatch(/^1 \| \d\d:10:00 \| 1180 \| 52 \| 48 \| 171$/));
    await user.click(screen.getByRole('button', { name: 'Import 8 throws' }));
    expect(await screen.findByText('8 throws imported')).toBeInTheDocument();
    expect(wasReadAgain(queryClient, ['pitching', demoLogId, 'sensor-throws'])).toBe(true);
  });

  it('tells an athlete that someone else’s workout was not found', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/completed/0d7e9999-0000-4000-8000-000000000001/import?kind=pitches');
    expect(await screen.findByText('This workout was not found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a CSV file')).not.toBeInTheDocument();
  });
});
