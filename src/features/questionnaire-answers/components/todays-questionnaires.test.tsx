import { demoSettings, demoUsers } from '@mocks/data';
import { createQuestionnaireAnswersFake, demoQuestionnaireIds } from '@mocks/handlers/questionnaire-answers';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceAnswerStorage,
  createMemoryDeviceAnswerStorage,
  forgetDeviceAnswersInMemory,
} from '@/lib/questionnaire-sync/device-answers';
import { addDaysTo, todayIn } from '@/lib/schedule/calendar-range';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

const today = todayIn(demoSettings.timeZone);
let device: ReturnType<typeof createMemoryDeviceAnswerStorage>;

beforeEach(() => {
  device = createMemoryDeviceAnswerStorage();
  configureDeviceAnswerStorage(device);
});

afterEach(() => {
  stopTrackingSync();
  forgetDeviceAnswersInMemory();
  configureDeviceAnswerStorage(null);
});

const widgetHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const isBefore = (first: HTMLElement, second: HTMLElement) =>
  (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** The athlete's dashboard with the week's questionnaires held back; the returned function lets them through. */
function openDashboardWhileTheWeekIsRead(): () => void {
  let answer: () => void = () => {};
  const weekRead = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get('*/api/questionnaires/due', async () => {
      await weekRead;
    }),
    ...createQuestionnaireAnswersFake({ today }).handlers,
  );
  signInAs(demoUsers.athlete);
  renderApp('/app/dashboard');
  return answer;
}

describe('today’s questionnaires on the dashboard', { timeout: 20_000 }, () => {
  it('come first for an athlete: due ones with their time, then the any-day ones, each with Answer', async () => {
    server.use(...createQuestionnaireAnswersFake({ today }).handlers);
    signInAs(demoUsers.athlete);
    const { user, router } = renderApp('/app/dashboard');
    const due = await screen.findByRole('list', { name: 'Questionnaires due today' }, { timeout: 5000 });
    expect(
      isBefore(
        screen.getByRole('heading', { name: 'Questionnaires', level: 2 }),
        screen.getByRole('heading', { name: 'Today', level: 2 }),
      ),
    ).toBe(true);
    const rows = within(due).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Daily wellnessDue 7:00\s?AMAnswer$/),
      expect.stringMatching(/^Injury checkDue 6:00\s?PMAnswer$/),
    ]);
    const anyDay = screen.getByRole('list', { name: 'Questionnaires to answer any day' });
    expect(within(anyDay).getByText('Session RPE')).toBeInTheDocument();
    expect(within(anyDay).getByText('After practice')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 answered today')).toBeInTheDocument();

    await user.click(within(due).getByRole('link', { name: 'Answer Daily wellness' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/app/questionnaires/answer/${demoQuestionnaireIds.wellness}/${today}`,
      ),
    );
  });

  it('hold their place, shown loading, while the week is read, so Today is not pushed down', async () => {
    const answer = openDashboardWhileTheWeekIsRead();
    await screen.findByText('Loading today’s questionnaires', {}, { timeout: 5000 });
    expect(
      isBefore(
        screen.getByRole('heading', { name: 'Questionnaires', level: 2 }),
        screen.getByRole('heading', { name: 'Today', level: 2 }),
      ),
    ).toBe(true);
    answer();
    await screen.findByRole('list', { name: 'Questionnaires due today' }, { timeout: 5000 });
    expect(screen.queryByText('Loading today’s questionnaires')).not.toBeInTheDocument();
    // The next start draws the loading card in the shape shown: the rows of each list.
    const rowsOf = (name: string) =>
      screen.queryByRole('list', { name })
        ? within(screen.getByRole('list', { name })).getAllByRole('listitem').length
        : 0;
    expect(
      JSON.parse(localStorage.getItem(`questionnaires-card-shape:${demoUsers.athlete.id}`) ?? ''),
    ).toEqual({
      dueToday: rowsOf('Questionnaires due today'),
      missedDayBefore: rowsOf('Questionnaires missed yesterday'),
      anyDay: rowsOf('Questionnaires to answer any day'),
    });
  });

  it('do not hold a place on a device that last showed no questionnaires, and come when the week has some', async () => {
    localStorage.setItem(`questionnaires-card-shape:${demoUsers.athlete.id}`, 'null');
    const answer = openDashboardWhileTheWeekIsRead();
    await screen.findByRole('heading', { name: 'Today', level: 2 }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Questionnaires', level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading today’s questionnaires')).not.toBeInTheDocument();
    answer();
    await screen.findByRole('list', { name: 'Questionnaires due today' }, { timeout: 5000 });
  });

  it('count an answer waiting on the device as answered', async () => {
    server.use(...createQuestionnaireAnswersFake({ today }).handlers);
    await device.put({
      id: '0e5a0003-0000-4000-8000-000000000002',
      userId: demoUsers.athlete.id,
      questionnaireId: demoQuestionnaireIds.wellness,
      version: 1,
      date: today,
      values: { fatigue: 4, sleep: 3, soreness: 4, stress: 5, mood: 4 },
      savedAt: new Date().toISOString(),
      status: 'pending',
      refusal: null,
      problems: {},
    });
    // The loop would send it at once; here the sending fails, as with no signal.
    server.use(http.put('*/api/questionnaire-answers/:id', () => HttpResponse.error()));
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    const due = await screen.findByRole('list', { name: 'Questionnaires due today' }, { timeout: 5000 });
    expect(await screen.findByText('1 of 2 answered today')).toBeInTheDocument();
    expect(within(due).getByRole('link', { name: 'Change Daily wellness' })).toBeInTheDocument();
    expect(within(due).getByText('Answered · will send when you’re back online')).toBeInTheDocument();
  });

  it("offer yesterday's missed one, which can still be answered today", async () => {
    const yesterday = addDaysTo(today, -1);
    server.use(...createQuestionnaireAnswersFake({ today }).handlers);
    signInAs(demoUsers.athlete);
    const { user, router } = renderApp('/app/dashboard');
    const missed = await screen.findByRole('list', { name: 'Questionnaires missed yesterday' });
    expect(
      within(missed)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Daily wellnessYou can still answer it todayAnswer']);
    // Today's count is today's alone.
    expect(screen.getByText('0 of 2 answered today')).toBeInTheDocument();
    await user.click(within(missed).getByRole('link', { name: 'Answer yesterday’s Daily wellness' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/app/questionnaires/answer/${demoQuestionnaireIds.wellness}/${yesterday}`,
      ),
    );
  });

  it('show no card when nothing is assigned, nor to staff', async () => {
    server.use(...createQuestionnaireAnswersFake({ today, nothingAssigned: true }).handlers);
    signInAs(demoUsers.athlete);
    const { queryClient, unmount } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Today', level: 2 });
    await waitFor(() => expect(queryClient.isFetching({ queryKey: ['questionnaires'] })).toBe(0));
    await waitFor(() =>
      expect(queryClient.getQueriesData({ queryKey: ['questionnaires', 'due'] })).not.toHaveLength(0),
    );
    expect(widgetHeadings()).not.toContain('Questionnaires');
    unmount();

    signInAs(demoUsers.coach);
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Today', level: 2 });
    expect(widgetHeadings()).not.toContain('Questionnaires');
  });
});
