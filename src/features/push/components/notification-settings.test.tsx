import { errorCodes } from '@contract/error-codes';
import { demoUsers } from '@mocks/data';
import { createNotificationsFake } from '@mocks/handlers/notifications';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

let fake: ReturnType<typeof createNotificationsFake>;

/** Every preferences body the screen sent, in order. */
function recordSaves(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'PUT' || !request.url.endsWith('/api/notifications/preferences')) return;
    void request
      .clone()
      .json()
      .then((body) => bodies.push(body));
  });
  return bodies;
}

async function openSettings() {
  const view = renderApp('/app/profile');
  const form = await screen.findByRole('form', { name: 'Notification settings' });
  return { ...view, form };
}

beforeEach(() => {
  fake = createNotificationsFake();
  server.use(...fake.handlers);
});

describe('notification settings on the profile', () => {
  it('gives an athlete a switch per kind it can get, and saves the ones turned off and the quiet hours', async () => {
    signInAs(demoUsers.athlete);
    const saves = recordSaves();
    const { user, form } = await openSettings();
    expect(within(form).getByRole('switch', { name: 'New workouts in my schedule' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Corrections to my workouts' })).toBeChecked();
    expect(within(form).queryByRole('switch', { name: 'Sign-ups waiting for approval' })).toBeNull();
    expect(within(form).queryByRole('switch', { name: 'Records my athletes set' })).toBeNull();
    expect(within(form).getByRole('switch', { name: 'Quiet hours' })).not.toBeChecked();
    expect(within(form).queryByLabelText('From')).toBeNull();

    await user.click(within(form).getByRole('switch', { name: 'New workouts in my schedule' }));
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    await user.type(within(form).getByLabelText('From'), '22:00');
    await user.type(within(form).getByLabelText('Until'), '07:00');
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText('Your notification settings are saved.')).toBeInTheDocument();
    expect(saves).toEqual([{ mutedKinds: ['workout_scheduled'], quietFrom: '22:00', quietUntil: '07:00' }]);
    expect(fake.preferences.get(demoUsers.athlete.id)).toEqual(saves[0]);
    expect(within(form).getByRole('switch', { name: 'New workouts in my schedule' })).not.toBeChecked();
    expect(within(form).getByText('All changes saved.')).toBeInTheDocument();
  });

  it('gives a coach the staff kinds and loads what was saved, keeping a kind it does not show', async () => {
    fake.preferences.set(demoUsers.coach.id, {
      mutedKinds: ['signup_waiting', 'message'],
      quietFrom: '21:30',
      quietUntil: '06:45',
    });
    signInAs(demoUsers.coach);
    const saves = recordSaves();
    const { user, form } = await openSettings();
    expect(within(form).getByRole('switch', { name: 'Sign-ups waiting for approval' })).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Records my athletes set' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Comments on completed workouts' })).toBeChecked();
    expect(within(form).queryByRole('switch', { name: 'New workouts in my schedule' })).toBeNull();
    expect(within(form).queryByRole('switch', { name: 'My account is approved' })).toBeNull();
    expect(within(form).getByRole('switch', { name: 'Quiet hours' })).toBeChecked();
    expect(within(form).getByLabelText('From')).toHaveValue('21:30');
    expect(within(form).getByLabelText('Until')).toHaveValue('06:45');

    await user.click(within(form).getByRole('switch', { name: 'Sign-ups waiting for approval' }));
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(saves).toEqual([{ mutedKinds: ['message'], quietFrom: null, quietUntil: null }]),
    );
  });

  it('asks for both quiet times, under the one missing, and sends nothing', async () => {
    signInAs(demoUsers.athlete);
    const saves = recordSaves();
    const { user, form } = await openSettings();
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    expect(within(form).getByLabelText('From')).toHaveAccessibleDescription(
      'Give both quiet times, or turn quiet hours off',
    );

    await user.type(within(form).getByLabelText('From'), '22:00');
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    expect(within(form).getByLabelText('Until')).toHaveAccessibleDescription(
      'Give both quiet times, or neither',
    );
    expect(within(form).getByLabelText('Until')).toBeInvalid();
    expect(within(form).getByLabelText('From')).toBeValid();
    expect(saves).toEqual([]);
  });

  it('puts a refusal on the field it names and keeps what was typed', async () => {
    signInAs(demoUsers.athlete);
    server.use(
      http.put('*/api/notifications/preferences', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields: { quietUntil: 'quietUntil must be a time like 07:00' },
        }),
      ),
    );
    const { user, form } = await openSettings();
    await user.click(within(form).getByRole('switch', { name: 'Comments on completed workouts' }));
    await user.click(within(form).getByRole('switch', { name: 'Quiet hours' }));
    await user.type(within(form).getByLabelText('From'), '23:00');
    await user.type(within(form).getByLabelText('Until'), '06:00');
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() =>
      expect(within(form).getByLabelText('Until')).toHaveAccessibleDescription(
        'quietUntil must be a time like 07:00',
      ),
    );
    expect(within(form).queryByText('Your notification settings were not saved.')).toBeNull();
    expect(within(form).getByLabelText('From')).toHaveValue('23:00');
    expect(within(form).getByLabelText('Until')).toHaveValue('06:00');
    expect(within(form).getByRole('switch', { name: 'Comments on completed workouts' })).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'Undo changes' })).toBeInTheDocument();
  });

  it('says above the switches that this app has no push yet, and still saves', async () => {
    signInAs(demoUsers.athlete);
    const { user, form } = await openSettings();
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Push notifications are not set up for this app yet.',
    );
    await user.click(within(form).getByRole('switch', { name: 'Corrections to my workouts' }));
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(fake.preferences.get(demoUsers.athlete.id)?.mutedKinds).toEqual(['log_corrected']),
    );
  });

  it('says so when the settings cannot be loaded, and reads them again on request', async () => {
    signInAs(demoUsers.athlete);
    // A refusal, which is not retried (a network error or a 5xx is, after seconds).
    let isRefused = true;
    server.use(
      http.get('*/api/notifications/preferences', () =>
        isRefused ? apiError(403, { code: errorCodes.forbidden, message: 'Not now.' }) : undefined,
      ),
    );
    const { user } = renderApp('/app/profile');
    expect(await screen.findByText('Your notification settings could not be loaded.')).toBeInTheDocument();
    isRefused = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).getByRole('switch', { name: 'New workouts in my schedule' })).toBeChecked();
  });
});
