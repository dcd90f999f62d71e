import { demoSettings, demoUsers } from '@mocks/data';
import { createQuestionnaireAnswersFake, demoQuestionnaireIds } from '@mocks/handlers/questionnaire-answers';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { loseConnection, regainConnection, freshPageState } from '@/testing/offline-cache';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceAnswerStorage,
  createMemoryDeviceAnswerStorage,
  forgetDeviceAnswersInMemory,
} from '@/lib/questionnaire-sync/device-answers';
import { todayIn } from '@/lib/schedule/calendar-range';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

const today = todayIn(demoSettings.timeZone);
let fake: ReturnType<typeof createQuestionnaireAnswersFake>;
let device: ReturnType<typeof createMemoryDeviceAnswerStorage>;

beforeEach(() => {
  fake = createQuestionnaireAnswersFake({ today });
  server.use(...fake.handlers);
  device = createMemoryDeviceAnswerStorage();
  configureDeviceAnswerStorage(device);
  signInAs(demoUsers.athlete);
});

afterEach(() => {
  regainConnection();
  freshPageState();
  stopTrackingSync();
  forgetDeviceAnswersInMemory();
  configureDeviceAnswerStorage(null);
});

const answerPath = (questionnaireId: string, date = today) =>
  `/app/questionnaires/answer/${questionnaireId}/${date}`;
const group = (name: RegExp) => screen.findByRole('radiogroup', { name });

describe('answering a questionnaire on the phone', { timeout: 20_000 }, () => {
  it('takes the wellness check in five taps and Submit, says Saved, and sends it', async () => {
    const { user, router } = renderApp(answerPath(demoQuestionnaireIds.wellness));
    expect(await screen.findByRole('heading', { name: 'Daily wellness' })).toBeInTheDocument();
    for (const [prompt, value] of [
      [/^Fatigue/, '4'],
      [/^Sleep quality/, '3'],
      [/^Muscle soreness/, '4'],
      [/^Stress/, '5'],
      [/^Mood/, '4'],
    ] as const) {
      await user.click(within(await group(prompt)).getByRole('radio', { name: value }));
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(fake.answers.size).toBe(1));
    expect([...fake.answers.values()][0]).toMatchObject({
      date: today,
      values: { fatigue: 4, sleep: 3, soreness: 4, stress: 5, mood: 4 },
      total: 20,
    });
  });

  it('shows each missing answer next to its question and focuses the first', async () => {
    const { user } = renderApp(answerPath(demoQuestionnaireIds.wellness));
    await user.click(within(await group(/^Fatigue/)).getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const sleep = await group(/^Sleep quality/);
    await waitFor(() => expect(sleep).toHaveAccessibleDescription('Answer this question'));
    expect(await group(/^Mood/)).toHaveAccessibleDescription('Answer this question');
    expect(await group(/^Fatigue/)).not.toHaveAccessibleDescription();
    expect(within(sleep).getAllByRole('radio')[0]).toHaveFocus();
    expect(device.answers.size).toBe(0);
  });

  it('with no signal keeps the answer on the device, says it will send, and reopens it to change', async () => {
    const { user, router } = renderApp(answerPath(demoQuestionnaireIds.sessionRpe));
    const effort = await group(/^How hard was your session/);
    loseConnection();
    await user.click(within(effort).getByRole('radio', { name: '7' }));
    await user.type(screen.getByRole('textbox', { name: /^How many minutes/ }), '90');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Will send when you’re back online.')).toBeInTheDocument();
    expect([...device.answers.values()]).toMatchObject([
      { status: 'pending', values: { effort: 7, minutes: 90 }, date: today },
    ]);
    expect(fake.puts).toHaveLength(0);

    // Reopened the same day (still offline): the answers are there to change.
    await router.navigate({ to: answerPath(demoQuestionnaireIds.sessionRpe) });
    const reopened = await group(/^How hard was your session/);
    expect(within(reopened).getByRole('radio', { name: '7' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^How many minutes/ })).toHaveValue('90');
    expect(screen.getByRole('button', { name: 'Submit changes' })).toBeInTheDocument();

    regainConnection();
    await waitFor(() => expect(fake.puts.map((put) => put.status)).toEqual([201]), { timeout: 5000 });
  });

  it('shows the server’s refusal next to the question it names', async () => {
    await device.put({
      id: '0e5a0003-0000-4000-8000-000000000001',
      userId: demoUsers.athlete.id,
      questionnaireId: demoQuestionnaireIds.injury,
      version: 1,
      date: today,
      values: { pain: true, trend: 'Same', weight: 500 },
      savedAt: '2026-11-27T07:00:00.000Z',
      status: 'refused',
      refusal: 'Enter at most 200',
      problems: { weight: 'Enter at most 200' },
    });
    renderApp(answerPath(demoQuestionnaireIds.injury));
    const weight = await screen.findByRole('textbox', { name: /^Body weight/ });
    expect(weight).toHaveAccessibleDescription(/Enter at most 200/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Not sent/);
    expect(screen.getByRole('radiogroup', { name: /^Any pain today/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Where does it hurt/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Anything your coach should know/ })).toBeInTheDocument();
  });
});
