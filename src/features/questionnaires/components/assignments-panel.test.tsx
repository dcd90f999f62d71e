import '@/testing/dialog-polyfill';
import { errorCodes } from '@contract';
import { demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { demoQuestionnaireIds, questionnaireHandlers } from '@mocks/handlers/questionnaires';
import { server } from '@mocks/server';
import type { UserEvent } from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

beforeEach(() => {
  server.use(...questionnaireHandlers());
  signInAs(demoUsers.coach);
});

const assignmentRows = () =>
  within(screen.getByRole('list', { name: 'Assignments' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

async function openAssign() {
  const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
  await user.click(await screen.findByRole('button', { name: 'Assign' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Assign Daily wellness' }) };
}

async function pickWhom(user: UserEvent, dialog: HTMLElement, typed: string, option: string) {
  const picker = within(dialog).getByRole('combobox', { name: 'For' });
  await user.click(picker);
  await user.type(picker, typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(option) }));
}

describe('a questionnaire’s assignments', { timeout: 30_000 }, () => {
  it('lists for whom and when in words, and stops one after asking', async () => {
    const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    await waitFor(() =>
      expect(assignmentRows()).toEqual([
        'PitchersEvery day at 07:00 from 1 NovStop',
        'Tyler BrooksMondays and Thursdays at 08:30 from 2 Nov until 20 DecStop',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Stop asking Pitchers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop asking Pitchers?' });
    expect(dialog).toHaveTextContent('The answers already given stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(assignmentRows()).toHaveLength(1));
    expect(assignmentRows()[0]).toMatch(/^Tyler Brooks/);
  });

  it('assigns to a group on chosen weekdays with an end date and a time', async () => {
    const posts = recordBodies('POST', '/api/questionnaire-assignments');
    const { user, dialog } = await openAssign();
    await pickWhom(user, dialog, 'Posit', 'Position Players');
    await user.click(within(dialog).getByRole('radio', { name: /Weekly/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fri' }));
    const first = within(dialog).getByLabelText('First day');
    await user.clear(first);
    await user.type(first, '2026-12-01');
    await user.type(within(dialog).getByLabelText('Last day (optional)'), '2027-01-31');
    const time = within(dialog).getByLabelText('Time of day');
    await user.clear(time);
    await user.type(time, '06:45');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Daily wellness' })).toBeNull());
    expect(posts[0]).toEqual({
      questionnaireId: demoQuestionnaireIds.wellness,
      groupId: '3f1e2d3c-0000-4000-8000-000000000003',
      repeat: 'weekly',
      dates: [],
      startsOn: '2026-12-01',
      endsOn: '2027-01-31',
      weekdays: [0, 4],
      timeOfDay: '06:45',
    });
    await waitFor(() => expect(assignmentRows()).toHaveLength(3));
    expect(assignmentRows()[2]).toMatch(
      /^Position PlayersMondays and Fridays at 06:45 from 1 Dec until 31 Jan 2027/,
    );
  });

  it('asks for whom and the days before sending, then shows the server’s refusal beside the dates', async () => {
    server.use(
      http.post('*/api/questionnaire-assignments', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields: { 'dates.0': 'Choose a date on or after today' },
        }),
      ),
    );
    const { user, dialog } = await openAssign();
    await user.click(within(dialog).getByRole('radio', { name: /Weekly/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose an athlete or a group')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one day of the week')).toBeInTheDocument();

    await pickWhom(user, dialog, 'Tyl', 'Tyler Brooks');
    await user.click(within(dialog).getByRole('radio', { name: /On dates/ }));
    const date = within(dialog).getByLabelText('Date to add');
    await user.clear(date);
    await user.type(date, '2026-12-03');
    await user.click(within(dialog).getByRole('button', { name: 'Add date' }));
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add date' }));
    expect(
      within(within(dialog).getByRole('list', { name: 'Dates' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Tue 1 Dec', 'Thu 3 Dec']);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a date on or after today')).toBeInTheDocument();
    // Beside the dates, not in a message above the buttons.
    expect(within(dialog).queryByText('The questionnaire was not assigned.')).not.toBeInTheDocument();
  });
});
