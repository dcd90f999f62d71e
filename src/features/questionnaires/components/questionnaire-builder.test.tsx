import '@/testing/dialog-polyfill';
import { errorCodes } from '@contract';
import { demoUsers } from '@mocks/data';
import { apiError } from '@mocks/handlers/respond';
import { demoQuestionnaireIds, questionnaireHandlers } from '@mocks/handlers/questionnaires';
import { server } from '@mocks/server';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

beforeEach(() => {
  server.use(...questionnaireHandlers());
  signInAs(demoUsers.coach);
});

interface SentQuestion {
  id: string;
  kind: string;
  prompt: string;
  options?: string[];
}
const questionsOf = (body: unknown) => (body as { questions: SentQuestion[] }).questions;
const questionCards = () => within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('region');

describe('the questionnaire builder', { timeout: 30_000 }, () => {
  it('starts from a template, adds a choice question, moves it up and creates it with the template’s ids', async () => {
    const posts = recordBodies('POST', '/api/questionnaires');
    const { user, router } = renderApp('/app/questionnaires/new?template=wellness');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Daily wellness');
    const startFrom = screen.getByRole('navigation', { name: 'Start from' });
    expect(within(startFrom).getByRole('link', { name: 'Wellness' })).toHaveAttribute('aria-current', 'page');
    expect(within(startFrom).getByRole('link', { name: 'Blank' })).not.toHaveAttribute('aria-current');
    expect(questionCards()).toHaveLength(5);
    expect(screen.getByRole('switch', { name: 'Add up the scale answers' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Name of the total' })).toHaveValue('Wellness score');

    await user.click(screen.getByRole('button', { name: 'Add a single choice question' }));
    const added = questionCards()[5]!;
    await user.type(within(added).getByRole('textbox', { name: 'Question' }), 'Where did you train?');
    await user.type(within(added).getByRole('textbox', { name: 'Answer 1' }), 'Field');
    await user.type(within(added).getByRole('textbox', { name: 'Answer 2' }), 'Gym');
    await user.click(within(added).getByRole('button', { name: 'Add an answer' }));
    await user.type(within(added).getByRole('textbox', { name: 'Answer 3' }), 'Home');
    await user.click(within(added).getByRole('button', { name: 'Move question 6 up' }));
    expect(within(questionCards()[4]!).getByRole('textbox', { name: 'Question' })).toHaveValue(
      'Where did you train?',
    );

    await user.click(screen.getByRole('button', { name: 'Create questionnaire' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/app\/questionnaires\/[0-9a-f-]{36}$/),
    );
    const sent = questionsOf(posts[0]);
    expect(sent.map((question) => question.id).slice(0, 4)).toEqual([
      'fatigue',
      'sleep',
      'soreness',
      'stress',
    ]);
    expect(sent[4]).toMatchObject({ kind: 'single_choice', options: ['Field', 'Gym', 'Home'] });
    expect(sent[4]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[5]!.id).toBe('mood');
    expect(posts[0]).toMatchObject({
      template: 'wellness',
      total: { label: 'Wellness score', better: 'higher' },
    });
  });

  it('checks a scale’s range before sending, beside the box', async () => {
    const posts = recordBodies('POST', '/api/questionnaires');
    const { user } = renderApp('/app/questionnaires/new');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Arm check');
    await user.click(screen.getByRole('button', { name: 'Add a scale question' }));
    const scale = questionCards()[0]!;
    await user.type(within(scale).getByRole('textbox', { name: 'Question' }), 'Arm soreness');
    await user.clear(within(scale).getByRole('textbox', { name: 'To' }));
    await user.type(within(scale).getByRole('textbox', { name: 'To' }), '1');
    await user.click(screen.getByRole('button', { name: 'Create questionnaire' }));
    expect(within(scale).getByRole('textbox', { name: 'To' })).toHaveAccessibleDescription(
      'Make the top of the range above its bottom',
    );
    expect(screen.getByText('1 field needs attention.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('says a new version will be made once answered, and puts the server’s field errors beside their boxes', async () => {
    server.use(
      http.put('*/api/questionnaires/:id', () =>
        apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields: { 'questions.2.maxLabel': 'Keep it under 40 characters', name: 'Choose another name' },
        }),
      ),
    );
    const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('heading', { level: 1, name: 'Daily wellness' })).toBeInTheDocument();
    expect(screen.getByText('Version 1 · 42 answers')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.type(name, ' (pitchers)');
    expect(screen.getByRole('note')).toHaveTextContent(
      'It has 42 answers: saving makes version 2. The answers given keep the questions they answered.',
    );
    await user.click(screen.getByRole('button', { name: 'Save questionnaire' }));
    const third = questionCards()[2]!;
    await waitFor(() =>
      expect(within(third).getByRole('textbox', { name: 'Highest means' })).toHaveAccessibleDescription(
        'Keep it under 40 characters',
      ),
    );
    expect(name).toHaveAccessibleDescription('Choose another name');
  });

  it('saves a new version and says so', async () => {
    const puts = recordBodies('PUT', `/api/questionnaires/${demoQuestionnaireIds.wellness}`);
    const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Remove question 5' }));
    await user.click(screen.getByRole('button', { name: 'Save questionnaire' }));
    expect(await screen.findByText('Version 2 · 42 answers')).toBeInTheDocument();
    expect(questionsOf(puts[0]).map((question) => question.id)).toEqual([
      'fatigue',
      'sleep',
      'soreness',
      'stress',
    ]);
    expect(
      await screen.findByText(/now version 2; earlier answers keep their questions/),
    ).toBeInTheDocument();
  });

  it('keeps the coach’s changes through a failed save and a reload, until they are discarded', async () => {
    // The device has lost its connection: the save fails at once instead of being retried.
    server.use(http.put('*/api/questionnaires/:id', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    await first.user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (pitchers)');
    await first.user.click(screen.getByRole('button', { name: 'Remove question 5' }));
    await first.user.click(screen.getByRole('button', { name: 'Save questionnaire' }));
    expect(await screen.findByText('The questionnaire was not saved.')).toBeInTheDocument();
    first.unmount();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    expect(await screen.findByText('Your unsaved changes are back.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Daily wellness (pitchers)');
    expect(questionCards()).toHaveLength(4);
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard my changes' }));
    expect(screen.queryByText('Your unsaved changes are back.')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Daily wellness');
    expect(questionCards()).toHaveLength(5);
    expect(screen.getByText('No changes')).toBeInTheDocument();
  });

  it('keeps a new questionnaire’s draft per template it starts from', async () => {
    const first = renderApp('/app/questionnaires/new?template=hooper');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await first.user.clear(name);
    await first.user.type(name, 'Hooper for pitchers');
    first.unmount();

    renderApp('/app/questionnaires/new');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.queryByText('Your unsaved changes are back.')).not.toBeInTheDocument();
    cleanup();
    renderApp('/app/questionnaires/new?template=hooper');
    expect(await screen.findByText('Your unsaved changes are back.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Hooper for pitchers');
  });

  it('archives after asking, and restores', async () => {
    const { user } = renderApp(`/app/questionnaires/${demoQuestionnaireIds.wellness}`);
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Daily wellness?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('This questionnaire is archived.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(screen.queryByText('This questionnaire is archived.')).not.toBeInTheDocument(),
    );
  });
});
