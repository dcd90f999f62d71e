import { server } from '@mocks/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '@/lib/api/api-client';
import { resetRequestActivity } from '@/lib/api/request-activity';
import { GlobalLoadingIndicator } from './global-loading-indicator';

beforeEach(resetRequestActivity);

/** Holds the answer to `path` until `answer` is called; `received` resolves once the server has the call. */
function heldAnswer(path: string) {
  let answer: () => void = () => undefined;
  let receive: () => void = () => undefined;
  const received = new Promise<void>((resolve) => (receive = resolve));
  server.use(
    http.get(`*/${path}`, () => {
      receive();
      return new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({}))));
    }),
  );
  return Object.assign(() => answer(), { received });
}

describe('global loading indicator (spec 9)', () => {
  it('shows a progress bar while a call runs, and goes when it is done', async () => {
    const answer = heldAnswer('api/workouts');
    render(<GlobalLoadingIndicator />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const call = api.get('api/workouts').json();
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer();
    await call;
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });

  it('stays hidden for the calls spec 9 leaves out', async () => {
    const answer = heldAnswer('api/notifications');
    render(<GlobalLoadingIndicator />);
    const call = api.get('api/notifications', { searchParams: { user: '5a0c8a8e' } }).json();
    // A call is counted before it is sent: once the server has it, a counted one would show.
    await act(() => answer.received);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    answer();
    await call;
  });

  it('sits fixed at the top of the window, out of the layout', async () => {
    const answer = heldAnswer('api/workouts');
    render(<GlobalLoadingIndicator />);
    const call = api.get('api/workouts').json();
    expect(await screen.findByRole('progressbar')).toHaveClass('fixed', 'top-0');
    answer();
    await call;
  });
});
