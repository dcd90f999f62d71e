import '@/testing/dialog-polyfill';
import { demoUsers } from '@mocks/data';
import { completedWorkoutHandlers, demoLogId } from '@mocks/handlers/training';
import { createWorkoutCommentsFake } from '@mocks/handlers/workout-comments';
import { server } from '@mocks/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recordBodies } from '@/testing/record-bodies';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const commentPath = new RegExp(`^/api/workout-logs/${demoLogId}/comments/[0-9a-f-]{36}$`);

/** The comment ids the page sent, in order, from the PUTs' paths. */
function recordCommentIds(): string[] {
  const ids: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'PUT' && commentPath.test(path)) ids.push(path.split('/').at(-1)!);
  });
  return ids;
}

beforeEach(() => {
  server.use(...createWorkoutCommentsFake().handlers, ...completedWorkoutHandlers());
});

describe('comments on a completed workout', { timeout: 30_000 }, () => {
  it('lets a coach comment on a set in two taps; the comment shows under that set with its author', async () => {
    const sent = recordBodies('PUT', commentPath);
    signInAs(demoUsers.coach);
    const { user } = renderApp(`/app/completed/${demoLogId}`);

    // The workout's thread is there already, newest last, with who wrote it.
    const thread = await screen.findByRole('list', { name: 'Comments on the workout' }, { timeout: 5000 });
    expect(thread).toHaveTextContent(/Casey Jordan\s*Coach ·/);
    expect(thread).toHaveTextContent('Good session. Keep the hips down on the first pull.');

    await user.click(await screen.findByRole('button', { name: 'Comment on set 3 of Trap-bar deadlift' }));
    const box = screen.getByRole('textbox', { name: 'Comment on set 3 of Trap-bar deadlift' });
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('placeholder', 'Feedback for Jamie…');
    await user.type(box, 'That was the rep of the day. Same bar speed next week.');
    const setForm = screen.getByRole('form', { name: 'Comment on set 3 of Trap-bar deadlift' });
    await user.click(within(setForm).getByRole('button', { name: 'Send' }));

    const onSet = await screen.findByRole('list', { name: 'Comments on set 3 of Trap-bar deadlift' });
    expect(onSet).toHaveTextContent(/Casey Jordan\s*Coach ·.*That was the rep of the day/);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: 'That was the rep of the day. Same bar speed next week.' });
    expect((sent[0] as { setId: string }).setId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('textbox', { name: 'Comment on set 3 of Trap-bar deadlift' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Comment on set 3 of Trap-bar deadlift' })).toHaveTextContent(
      '1',
    );
    expect(screen.getByRole('region', { name: 'Comments' })).toHaveTextContent('1 more on a set above.');
  });

  it('lets the athlete answer on the workout; an empty answer is refused under the box', async () => {
    signInAs(demoUsers.athlete);
    const { user } = renderApp(`/app/completed/${demoLogId}`);
    const box = await screen.findByRole('textbox', { name: 'Comment on the workout' });
    expect(box).toHaveAttribute('placeholder', 'Answer your coach, or ask a question…');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a comment')).toBeInTheDocument();

    await user.type(box, 'Will do, hips felt high on set 4.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const thread = screen.getByRole('list', { name: 'Comments on the workout' });
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
    expect(within(thread).getAllByRole('listitem')[1]).toHaveTextContent(
      /Jamie Rivera\s*Athlete ·.*Will do, hips felt high on set 4\./,
    );
    expect(box).toHaveValue('');
  });

  it('keeps a comment typed with no signal on the device and sends it once, with its id, when back online', async () => {
    const ids = recordCommentIds();
    server.use(http.put(`*/api/workout-logs/${demoLogId}/comments/:commentId`, () => HttpResponse.error()));
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signInAs(demoUsers.coach);
    const first = renderApp(`/app/completed/${demoLogId}`);
    const box = await screen.findByRole('textbox', { name: 'Comment on the workout' });
    await first.user.type(box, 'Typed in the bullpen, no signal.');
    await first.user.click(screen.getByRole('button', { name: 'Send' }));
    const form = screen.getByRole('form', { name: 'Comment on the workout' });
    expect(await within(form).findByRole('status')).toHaveTextContent(
      /not sent yet.*kept on this device.*sent when you are back online/,
    );
    first.unmount();

    // A reload: the text is back, and going online sends it with the same id.
    server.resetHandlers();
    server.use(...createWorkoutCommentsFake().handlers, ...completedWorkoutHandlers());
    renderApp(`/app/completed/${demoLogId}`);
    expect(await screen.findByRole('textbox', { name: 'Comment on the workout' })).toHaveValue(
      'Typed in the bullpen, no signal.',
    );
    offline.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Comments on the workout' })).toHaveTextContent(
        'Typed in the bullpen, no signal.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Comment on the workout' })).toHaveValue('');
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
  });
});
