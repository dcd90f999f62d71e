import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { libraryHandlers } from '@mocks/handlers/library';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { recordBodies } from '@/testing/record-bodies';

beforeEach(() => {
  server.use(...libraryHandlers());
  signInAs(demoUsers.coach);
});

const rows = (name: string) => within(screen.getByRole('region', { name })).getAllByRole('row').slice(1);
const rowNames = (name: string) =>
  rows(name).map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');

describe('the workout library (/app/library)', { timeout: 20_000 }, () => {
  it('lists the workouts, and the exercises on their tab, with the address saying which', async () => {
    const { user, router } = renderApp('/app/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workout library' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames('Workouts')).toEqual(['Lower Body Strength A', 'Pitcher Arm Care']));
    const lower = rows('Workouts')[0]!;
    expect(lower).toHaveTextContent('Lift');
    expect(lower).toHaveTextContent('3 exercises · 2 blocks');
    expect(lower).toHaveTextContent(
      'Trap-bar deadlift, Rear-foot elevated split squat, Med-ball rotational throw',
    );

    expect(screen.getByRole('link', { name: 'Workouts' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Exercises' }));
    expect(router.state.location.search).toEqual({ tab: 'exercises' });
    expect(screen.getByRole('link', { name: 'Exercises' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Workouts' })).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(7));
    const deadlift = rows('Exercises').find((row) => row.textContent?.includes('Trap-bar deadlift'))!;
    expect(deadlift).toHaveTextContent('In 1 workout');
    expect(within(deadlift).getByRole('list', { name: 'Measures' })).toHaveTextContent('Reps');
    expect(screen.getByRole('link', { name: 'New exercise' })).toBeInTheDocument();
  });

  it('searches as you type and filters by category chip, and says when nothing matches', async () => {
    const { user, router } = renderApp('/app/library?tab=exercises');
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(7));
    await user.type(screen.getByRole('searchbox', { name: 'Search exercises' }), 'band');
    await waitFor(() => expect(rowNames('Exercises')).toEqual(['Band external rotation']));
    expect(router.state.location.search).toMatchObject({ q: 'band' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search exercises' }));
    await user.click(screen.getByRole('button', { name: 'Lift' }));
    expect(screen.getByRole('button', { name: 'Lift' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(rowNames('Exercises')).toEqual([
        'Dumbbell bench press',
        'Rear-foot elevated split squat',
        'Trap-bar deadlift',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Hitting' }));
    expect(await screen.findByText('No exercises here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(7));
  });

  it('shows archived exercises under their filter and restores one', async () => {
    const { user } = renderApp('/app/library?tab=exercises');
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(7));
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    await waitFor(() => expect(rowNames('Exercises')).toEqual(['Old barbell curl']));
    await user.click(screen.getByRole('button', { name: 'Actions for Old barbell curl' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    expect(await screen.findByText('Old barbell curl is back in the library.')).toBeInTheDocument();
    expect(await screen.findByText('No archived exercises here')).toBeInTheDocument();
  });

  it('duplicates and archives a workout from its menu', async () => {
    const duplicates = recordBodies('POST', '/api/workouts/7a2d0b3c-0000-4000-8000-000000000002/duplicate');
    const { user } = renderApp('/app/library');
    await waitFor(() => expect(rowNames('Workouts')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Actions for Pitcher Arm Care' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(
      await screen.findByText('Pitcher Arm Care (copy) is a copy to change as you like.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(rowNames('Workouts')).toEqual([
        'Lower Body Strength A',
        'Pitcher Arm Care',
        'Pitcher Arm Care (copy)',
      ]),
    );
    expect(duplicates).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions for Pitcher Arm Care (copy)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('Pitcher Arm Care (copy) is archived.')).toBeInTheDocument();
    await waitFor(() => expect(rowNames('Workouts')).toEqual(['Lower Body Strength A', 'Pitcher Arm Care']));
  });

  it('archives instead of deleting an exercise a workout uses, and says so first', async () => {
    const { user } = renderApp('/app/library?tab=exercises');
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(7));
    await user.click(screen.getByRole('button', { name: 'Actions for Trap-bar deadlift' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Archive Trap-bar deadlift?' });
    expect(ask).toHaveTextContent('It is used by 1 workout, so it is archived instead of deleted');
    await user.click(within(ask).getByRole('button', { name: 'Archive exercise' }));
    expect(
      await screen.findByText(
        'Trap-bar deadlift is used by 1 workout, so it is archived instead of deleted.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowNames('Exercises')).toHaveLength(6));
  });

  it('completes the tour’s library step when opened', async () => {
    const saves = recordBodies('POST', `/api/users/${demoUsers.coach.id}`);
    renderApp('/app/library');
    await screen.findByRole('heading', { level: 1, name: 'Workout library' });
    await waitFor(() =>
      expect(saves.at(-1)).toMatchObject({ onboardingSteps: { NAVIGATE_TO_WORKOUT_LIBRARY: true } }),
    );
  });

  it('is not for athletes: no navigation item, and the address says who it is for', async () => {
    signInAs(demoUsers.athlete);
    renderApp('/app/library');
    expect(await screen.findByText('This screen is for coaches and administrators')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Workout library' })).not.toBeInTheDocument();
  });
});

describe('an exercise (/app/library/exercises/…)', { timeout: 20_000 }, () => {
  it('makes a new exercise with a video that plays in place, and refuses a link that is not https', async () => {
    const { user, router } = renderApp('/app/library/exercises/new');
    await user.type(await screen.findByLabelText('Name'), 'Copenhagen plank');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mobility');
    await user.type(screen.getByLabelText('Video link (optional)'), 'http://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));
    expect(await screen.findByText('Use a secure link (https://)')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Video link (optional)'));
    await user.type(screen.getByLabelText('Video link (optional)'), 'https://youtu.be/dQw4w9WgXcQ');
    expect(screen.getByTitle('Video: Copenhagen plank')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));
    expect(await screen.findByText('Copenhagen plank is in the library.')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ tab: 'exercises', q: 'Copenhagen plank' });
  });

  it('names a duplicate name as the problem and keeps what was typed', async () => {
    const { user } = renderApp('/app/library/exercises/new');
    await user.type(await screen.findByLabelText('Name'), 'long TOSS');
    await user.selectOptions(screen.getByLabelText('Category'), 'Throw');
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));
    expect(await screen.findByText('There is already one called Long toss')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('long TOSS');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits an exercise and lists the workouts that use it', async () => {
    const { user } = renderApp('/app/library/exercises/5f1c7c1e-0000-4000-8000-000000000002');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rear-foot elevated split squat' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lower Body Strength A' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Instructions/), 'Back knee to the pad.');
    await user.click(screen.getByRole('button', { name: 'Save exercise' }));
    expect(await screen.findByText('Exercise saved.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Instructions/)).toHaveValue('Back knee to the pad.');
  });
});
