import { errorCodes } from '@contract';
import { demoUsers } from '@mocks/data';
import { demoExercises } from '@mocks/library-data';
import { libraryHandlers } from '@mocks/handlers/library';
import { apiError } from '@mocks/handlers/respond';
import { workoutReaderHandlers } from '@mocks/handlers/workout-reader';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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

function csvFile(contents: string, name = 'program.csv'): File {
  const form = new NodeFormData();
  form.append('file', new NodeBlob([contents], { type: 'text/csv' }), name);
  return form.get('file') as File;
}

beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
  server.use(...workoutReaderHandlers(), ...libraryHandlers());
  signInAs(demoUsers.coach);
});
afterEach(() => vi.unstubAllGlobals());

const program = [
  'Week 1',
  'Day 1 – Lower',
  'A1. Trap bar deadlift 4x5 @ 80%',
  'A2. Plank 3 x 45s',
  'Med ball rotational throws 3 x 6',
  'Box jump 3 x ???',
  '',
  'Day 3 – Upper',
  'DB bench press 3 x 8-10',
  'Plank 2 x 60s',
  'Note: brace hard',
].join('\n');

const strongExport = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),W,135,5,0,0,,,',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),1,405,5,0,0,,,8',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Squat (Barbell),2,405,5,0,0,,,8.5',
  '2025-03-03 17:30:00,Leg Day,1h 5m,Plank,1,0,0,0,60,,,',
  '2025-03-05 18:00:00,Push,48m,Bench Press (Barbell),1,225,5,0,0,,,',
  '2025-03-05 18:00:00,Push,48m,Bench Press (Barbell),2,225,5,0,0,,,',
  '2025-03-07 17:45:00,Leg Day,1h,Squat (Barbell),1,415,3,0,0,,,9',
].join('\n');

/** The requests the mock API got at `POST path`: their form fields (a file by its name) or JSON, and their key. */
function recordPosts(path: string) {
  const posts: { body: unknown; idempotencyKey: string | null }[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== path) return;
    const idempotencyKey = request.headers.get('Idempotency-Key');
    const copy = request.clone();
    const body = request.headers.get('Content-Type')?.startsWith('multipart/')
      ? copy
          .formData()
          .then((form) =>
            Object.fromEntries(
              [...form].map(([field, value]) => [
                field,
                typeof value === 'string' ? value : `file ${value.name}`,
              ]),
            ),
          )
      : copy.json();
    void body.then((read: unknown) => posts.push({ body: read, idempotencyKey }));
  });
  return posts;
}

async function pasteAndRead(user: UserEvent, text = program) {
  await user.click(await screen.findByLabelText('Program text'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Read' }));
  await screen.findByRole('heading', { name: 'Check what was read' });
}

const exerciseRow = (name: string) => screen.getByRole('group', { name });
const choiceOf = (name: string) => within(exerciseRow(name)).getByRole('button', { name: /is saved as$/ });

async function choose(user: UserEvent, name: string, option: string | RegExp) {
  await user.click(choiceOf(name));
  await user.click(await screen.findByRole('option', { name: option }));
}

const workoutCard = (number: number) => screen.getByRole('region', { name: `Workout ${number}` });

describe('importing a program (/app/library/import)', { timeout: 30_000 }, () => {
  it('reads a pasted program, lets the coach choose the exercises, and saves it as a program', async () => {
    const reads = recordPosts('/api/workoutreader');
    const commits = recordPosts('/api/workoutreader/commit');
    const { user, router } = renderApp('/app/library');
    await user.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import a program' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Paste text' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Program text')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('A1. Back Squat 4x6 @ 75%'),
    );

    await pasteAndRead(user);
    // A form's text goes with CRLF line ends, as browsers send it.
    expect(reads).toEqual([
      { body: { text: program.replace(/\n/g, '\r\n') }, idempotencyKey: expect.any(String) as string },
    ]);
    expect(screen.getByText('2 workouts · 5 exercises · 1 line not read')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is saved yet/)).toBeInTheDocument();

    const problems = screen.getByRole('region', { name: 'Lines that could not be read' });
    expect(problems).toHaveTextContent('Line 6');
    expect(problems).toHaveTextContent('Box jump 3 x ???');
    expect(problems).toHaveTextContent('“???” is not reps, a time or a distance');

    // What each name becomes: the library's own, a close one at 85 % and more, else a new exercise.
    expect(choiceOf('Trap bar deadlift')).toHaveTextContent('Trap-bar deadlift · In your library');
    expect(choiceOf('Med ball rotational throws')).toHaveTextContent('Med-ball rotational throw · 96% alike');
    expect(choiceOf('DB bench press')).toHaveTextContent('Create as new exercise');
    expect(choiceOf('Plank')).toHaveTextContent('Create as new exercise');
    expect(exerciseRow('Plank')).toHaveTextContent('on 2 lines · Time');
    expect(within(exerciseRow('Plank')).getByLabelText('New exercise name')).toHaveValue('Plank');

    await choose(user, 'Med ball rotational throws', 'Create as new exercise');
    const newName = within(exerciseRow('Med ball rotational throws')).getByLabelText('New exercise name');
    expect(newName).toHaveValue('Med ball rotational throws');
    await user.clear(newName);
    await user.type(newName, 'Rotational med-ball throw');
    await choose(user, 'DB bench press', /^Dumbbell bench press/);
    expect(choiceOf('DB bench press')).toHaveTextContent('Dumbbell bench press · 70% alike');

    // The workouts as read: their blocks, and the sets in the editor's words.
    const lower = workoutCard(1);
    expect(within(lower).getByLabelText('Workout name')).toHaveValue('Week 1 · Day 1 – Lower');
    expect(lower).toHaveTextContent('A1Trap bar deadlift4 x 5 @ 80%');
    expect(lower).toHaveTextContent('A2Plank3 x 45 s');
    expect(lower).toHaveTextContent('Med ball rotational throws3 x 6');
    const upper = workoutCard(2);
    expect(upper).toHaveTextContent('DB bench press3 x 8-10');
    expect(upper).toHaveTextContent('Plank2 x 1 min');
    expect(upper).toHaveTextContent('brace hard');
    expect(within(lower).queryByLabelText('Day')).not.toBeInTheDocument();

    await user.clear(within(lower).getByLabelText('Workout name'));
    await user.type(within(lower).getByLabelText('Workout name'), 'Lower A');
    expect(screen.getByRole('button', { name: 'Save 2 workouts' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /A program/ }));
    expect(within(lower).getByLabelText('Day')).toHaveValue('1');
    expect(within(upper).getByLabelText('Day')).toHaveValue('3');

    // A program needs its name: nothing is sent without it.
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    expect(await screen.findByLabelText('Program name')).toHaveAccessibleDescription(
      'Enter a name for the program',
    );
    expect(commits).toEqual([]);
    await user.type(screen.getByLabelText('Program name'), 'Off-season block');
    await user.click(screen.getByRole('button', { name: 'Save program' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/app\/schedule\/programs\/[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('Off-season block is saved, with its 2 workouts.')).toBeInTheDocument();
    expect(commits).toHaveLength(1);
    expect(commits[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const set = (fields: object) => expect.objectContaining(fields) as unknown;
    expect(commits[0]!.body).toEqual({
      saveAs: 'program',
      programName: 'Off-season block',
      workouts: [
        {
          name: 'Lower A',
          category: 'lift',
          notes: null,
          day: 1,
          blocks: [
            {
              label: 'A',
              exercises: [
                {
                  key: 'trapbardeadlift',
                  notes: null,
                  sets: Array(4).fill(set({ reps: 5, percentOneRm: 80 })),
                },
                { key: 'plank', notes: null, sets: Array(3).fill(set({ timeSeconds: 45, reps: null })) },
              ],
            },
            {
              label: null,
              exercises: [
                { key: 'medballrotationalthrows', notes: null, sets: Array(3).fill(set({ reps: 6 })) },
              ],
            },
          ],
        },
        {
          name: 'Week 1 · Day 3 – Upper',
          category: 'lift',
          notes: null,
          day: 3,
          blocks: [
            {
              label: null,
              exercises: [
                { key: 'dbbenchpress', notes: null, sets: Array(3).fill(set({ reps: 8, repsMax: 10 })) },
              ],
            },
            {
              label: null,
              exercises: [
                { key: 'plank', notes: 'brace hard', sets: Array(2).fill(set({ timeSeconds: 60 })) },
              ],
            },
          ],
        },
      ],
      exercises: [
        { key: 'trapbardeadlift', exerciseId: demoExercises[0]!.id },
        { key: 'plank', create: { name: 'Plank', category: 'lift', measures: ['time'] } },
        {
          key: 'medballrotationalthrows',
          create: { name: 'Rotational med-ball throw', category: 'lift', measures: ['reps'] },
        },
        { key: 'dbbenchpress', exerciseId: demoExercises[2]!.id },
      ],
    });
  });

  it('asks which columns a sheet’s are, and reads the same file again with them', async () => {
    const reads = recordPosts('/api/workoutreader');
    const { user } = renderApp('/app/library/import');
    await user.click(await screen.findByRole('tab', { name: 'Upload a file' }));
    await user.upload(
      screen.getByLabelText('Choose a CSV or Excel file'),
      csvFile(
        [
          'Day,What,How many,Comments',
          '1,Trap-bar deadlift,4 x 5 @ 80%,',
          '1,Plank,3 x 45s,brace',
          '2,Long toss,2 x 25 pitches,',
        ].join('\n'),
      ),
    );
    expect(screen.getByText(/^program\.csv · /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(await screen.findByRole('heading', { name: 'Choose the columns' })).toHaveFocus();
    expect(
      screen.getByText(/did not say where the exercise names and the sets and reps/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check what was read' })).not.toBeInTheDocument();
    const readAgain = screen.getByRole('button', { name: 'Read again with these columns' });
    expect(readAgain).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Exercise$/ }));
    await user.click(await screen.findByRole('option', { name: /^What/ }));
    await user.click(screen.getByRole('button', { name: /Sets written out \(4 x 6 @ 75%\)$/ }));
    await user.click(await screen.findByRole('option', { name: /^How many/ }));
    expect(readAgain).toBeEnabled();
    await user.click(readAgain);

    expect(await screen.findByText('2 workouts · 3 exercises')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    expect(reads[0]!.body).toEqual({ file: 'file program.csv' });
    expect(reads[1]!.body).toEqual({ file: 'file program.csv', mapping: expect.any(String) as string });
    expect(JSON.parse((reads[1]!.body as { mapping: string }).mapping)).toEqual({
      week: null,
      day: 'Day',
      workout: null,
      exercise: 'What',
      prescription: 'How many',
      sets: null,
      reps: null,
      load: null,
      rpe: null,
      rest: null,
      notes: 'Comments',
    });
    expect(workoutCard(1)).toHaveTextContent('Trap-bar deadlift4 x 5 @ 80%');
    expect(workoutCard(2)).toHaveTextContent('Long toss2 x 25 pitches');
    // The columns can be changed again from the review.
    expect(screen.getByText('Change columns')).toBeInTheDocument();
  });

  it('shows a refusal of the save on the workout it is about, and keeps every change', async () => {
    const commits = recordPosts('/api/workoutreader/commit');
    const { user, router } = renderApp('/app/library/import');
    await pasteAndRead(user);
    await choose(user, 'DB bench press', /^Dumbbell bench press/);
    // Any exercise of the library can be found by name.
    await choose(user, 'Plank', 'Find another in your library…');
    await user.type(screen.getByRole('combobox', { name: 'Find the exercise for “Plank”' }), 'band');
    await user.click(await screen.findByRole('option', { name: /^Band external rotation/ }));
    expect(choiceOf('Plank')).toHaveTextContent('Band external rotation · From your library');
    const lowerName = within(workoutCard(1)).getByLabelText('Workout name');
    const upperName = within(workoutCard(2)).getByLabelText('Workout name');
    await user.clear(lowerName);
    await user.type(lowerName, 'Lower A');
    // A name the library has already: only the server knows.
    await user.clear(upperName);
    await user.type(upperName, 'Lower Body Strength A');
    await user.click(screen.getByRole('button', { name: 'Save 2 workouts' }));

    expect(
      await screen.findByText(/Check the highlighted fields\. 1 field needs a look\./),
    ).toBeInTheDocument();
    expect(upperName).toHaveAccessibleDescription(
      'A workout called Lower Body Strength A is in the library already',
    );
    expect(upperName).toHaveAttribute('aria-invalid', 'true');
    expect(upperName).toHaveFocus();
    expect(lowerName).toHaveValue('Lower A');
    expect(lowerName).not.toHaveAttribute('aria-invalid');
    expect(choiceOf('DB bench press')).toHaveTextContent('Dumbbell bench press · 70% alike');

    await user.clear(upperName);
    await user.type(upperName, 'Upper A');
    expect(upperName).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save 2 workouts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/library'));
    expect(await screen.findByText('2 workouts saved to the library.')).toBeInTheDocument();
    expect(
      commits.map(({ body }) => (body as { workouts: { name: string }[] }).workouts.map((w) => w.name)),
    ).toEqual([
      ['Lower A', 'Lower Body Strength A'],
      ['Lower A', 'Upper A'],
    ]);
    expect((commits[1]!.body as { exercises: unknown[] }).exercises[1]).toEqual({
      key: 'plank',
      exerciseId: demoExercises[5]!.id,
    });
    // Another body is another write: a key of its own.
    expect(commits[1]!.idempotencyKey).not.toBe(commits[0]!.idempotencyKey);
  });

  it('sends a save that lost its answer again under the same Idempotency-Key', async () => {
    const commits = recordPosts('/api/workoutreader/commit');
    server.use(http.post('*/api/workoutreader/commit', () => HttpResponse.error(), { once: true }));
    // The device has lost its connection: the save fails at once instead of being retried.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, router } = renderApp('/app/library/import');
    await pasteAndRead(user);
    await user.click(screen.getByRole('button', { name: 'Save 2 workouts' }));
    expect(await screen.findByText(/Your review is still here/)).toBeInTheDocument();
    expect(within(workoutCard(1)).getByLabelText('Workout name')).toHaveValue('Week 1 · Day 1 – Lower');

    onLine.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Save 2 workouts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/library'));
    expect(commits).toHaveLength(2);
    expect(commits[1]!.body).toEqual(commits[0]!.body);
    expect(commits[1]!.idempotencyKey).toBe(commits[0]!.idempotencyKey);
  });

  it('says an empty paste needs a program without asking the server, and shows the server’s limit', async () => {
    const reads = recordPosts('/api/workoutreader');
    const { user } = renderApp('/app/library/import');
    await user.click(await screen.findByRole('button', { name: 'Read' }));
    expect(await screen.findByText(/Paste your program first/)).toBeInTheDocument();
    expect(screen.getByLabelText('Program text')).toHaveAccessibleDescription(/Paste your program first/);
    expect(reads).toEqual([]);

    server.use(
      http.post(
        '*/api/workoutreader',
        () =>
          apiError(413, {
            code: errorCodes.payloadTooLarge,
            message: 'The file is larger than 2 MB: upload a few weeks at a time.',
            fields: { file: 'The file is larger than 2 MB: upload a few weeks at a time.' },
          }),
        { once: true },
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Upload a file' }));
    await user.upload(
      screen.getByLabelText('Choose a CSV or Excel file'),
      csvFile('Exercise,Sets x reps\nSquat,3x5'),
    );
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(
      await screen.findByText('The file is larger than 2 MB: upload a few weeks at a time.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check what was read' })).not.toBeInTheDocument();
  });

  it('adds an athlete’s Strong export to their history: checked first, added once', async () => {
    const posts = recordPosts('/api/workoutreader/history');
    const { user } = renderApp('/app/library/import');
    const expectLogStep = async () =>
      expect(
        await screen.findByRole('heading', { name: 'Add a workout log to an athlete’s history' }),
      ).toHaveFocus();
    const chooseTyler = async () => {
      await user.type(screen.getByRole('combobox', { name: 'Athlete' }), 'Tyler');
      await user.click(await screen.findByRole('option', { name: 'Tyler Brooks' }));
    };
    await user.click(await screen.findByRole('tab', { name: 'Upload a file' }));
    await user.upload(
      screen.getByLabelText('Choose a CSV or Excel file'),
      csvFile(strongExport, 'strong.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await expectLogStep();
    expect(screen.getByText('Strong export · 3 sessions · 7 sets')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Latest sessions' })).toHaveTextContent(
      'Leg Day · Squat (Barbell)',
    );
    await choose(user, 'Plank', 'Create as new exercise');

    // No athlete: the box says so, and nothing is asked of the server.
    await user.click(screen.getByRole('button', { name: 'Check what would be added' }));
    expect(await screen.findByText('Choose the athlete whose history this is')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await chooseTyler();
    await user.click(screen.getByRole('button', { name: 'Check what would be added' }));
    expect(
      await screen.findByText(
        /^3 sessions and 7 sets would be added to Tyler Brooks’s history, raising 2 maxes/,
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'New maxes' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add 3 sessions to the history' }));

    const added = await screen.findByRole('region', { name: 'Added to Tyler Brooks’s history' });
    expect(added).toHaveTextContent('3 sessions and 7 sets added to the history.');
    expect(within(added).getByRole('link', { name: 'Open Tyler Brooks’s training' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/users\/[0-9a-f-]+\?tab=training$/) as string,
    );
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]!.body).toMatchObject({ file: 'file strong.csv' });
    expect(posts[0]!.body).not.toHaveProperty('confirm');
    expect(posts[1]!.body).toMatchObject({ file: 'file strong.csv', confirm: 'true' });
    expect(posts[1]!.idempotencyKey).toEqual(expect.any(String));
    expect(posts[1]!.idempotencyKey).not.toBe(posts[0]!.idempotencyKey);
    const choices = JSON.parse((posts[1]!.body as { exercises: string }).exercises) as unknown[];
    expect(choices).toContainEqual({
      key: 'plank',
      create: { name: 'Plank', category: 'mobility', measures: ['time'] },
    });

    // The same file read again adds nothing.
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await expectLogStep();
    await chooseTyler();
    await choose(user, 'Plank', 'Create as new exercise');
    await user.click(screen.getByRole('button', { name: 'Check what would be added' }));
    expect(
      await screen.findByText('Nothing to add: the 3 sessions of this file were imported before.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
  });

  it('keeps the coach’s choices of exercise names when the program is read again', async () => {
    const { user } = renderApp('/app/library/import');
    await pasteAndRead(user);
    await choose(user, 'Med ball rotational throws', 'Create as new exercise');
    const newName = within(exerciseRow('Med ball rotational throws')).getByLabelText('New exercise name');
    await user.clear(newName);
    await user.type(newName, 'Rotational scoop toss');

    await user.click(screen.getByRole('button', { name: 'Change the text' }));
    await user.click(screen.getByLabelText('Program text'));
    await user.paste('\nDay 5 – Extra\nPlank 2 x 30s');
    await user.click(screen.getByRole('button', { name: 'Read' }));
    expect(await screen.findByText('3 workouts · 6 exercises · 1 line not read')).toBeInTheDocument();
    expect(choiceOf('Med ball rotational throws')).toHaveTextContent('Create as new exercise');
    expect(within(exerciseRow('Med ball rotational throws')).getByLabelText('New exercise name')).toHaveValue(
      'Rotational scoop toss',
    );
    // The reader's own choices are made afresh.
    expect(choiceOf('Trap bar deadlift')).toHaveTextContent('Trap-bar deadlift · In your library');
  });

  it('asks before leaving a review that is not saved', async () => {
    const { user, router } = renderApp('/app/library/import');
    await pasteAndRead(user);
    const main = screen.getByRole('main');
    await user.click(within(main).getByRole('link', { name: 'Workout library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/app/library/import');
    expect(screen.getByRole('heading', { name: 'Check what was read' })).toBeInTheDocument();

    await user.click(within(main).getByRole('link', { name: 'Workout library' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/library'));
  });

  it('sends an athlete who opens the address Home', async () => {
    signInAs(demoUsers.athlete);
    const { router } = renderApp('/app/library/import');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });
});
