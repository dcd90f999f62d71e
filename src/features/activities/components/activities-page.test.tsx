import { errorCodes } from '@contract/error-codes';
import { demoGroups, demoPeople, demoUsers } from '@mocks/data';
import { createActivitiesFake, demoActivityId } from '@mocks/handlers/activities';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { applyLiveEvent } from '@/lib/live-events/live-event-invalidations';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

let fake: ReturnType<typeof createActivitiesFake>;
beforeEach(() => {
  fake = createActivitiesFake();
  server.use(...fake.handlers);
});

const feedOf = () => screen.findByRole('region', { name: 'Activity, newest first' });
const rowsOf = (feed: HTMLElement) => within(feed).getAllByRole('article');
const lastRequest = () => Object.fromEntries(fake.requests.at(-1) ?? []);
const tyler = demoPeople.find((person) => person.firstName === 'Tyler')!;

/** jsdom has no IntersectionObserver: this one says the sentinel came into view when the test scrolls. */
function stubIntersectionObserver() {
  const observed = new Set<IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        observed.add(this.callback);
      }
      disconnect() {
        observed.delete(this.callback);
      }
    },
  );
  return {
    scrollToTheEnd: () => {
      for (const callback of observed) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    },
  };
}

describe('the activity feed (/app/activities)', { timeout: 30_000 }, () => {
  it('shows a coach the feed newest first: who, what, when, likes and comments', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/activities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const rows = rowsOf(await feedOf());
    expect(rows).toHaveLength(20);
    const first = rows[0]!;
    expect(first).toHaveTextContent('Jamie Rivera');
    expect(first).toHaveTextContent('completed a workout');
    expect(first).toHaveTextContent('1 hour ago');
    expect(within(first).getByRole('link', { name: 'Workout 1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/completed\//),
    );
    expect(within(first).getByRole('button', { name: 'Like (1)', pressed: false })).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Comments (1)', expanded: false }));
    // Oldest first; another's comment has no delete button for a coach (an admin's moderation only).
    const thread = await within(first).findByRole('list', { name: 'Comments' });
    expect(thread).toHaveTextContent('Morgan Reyes');
    expect(thread).toHaveTextContent('Strong finish.');
    expect(within(thread).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('filters by kind, athlete and group, kept in the address, and clears them when nothing matches', async () => {
    signInAs(demoUsers.coach);
    const { user, router } = renderApp('/app/activities');
    await feedOf();

    await user.click(screen.getByRole('button', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Records' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ kind: 'record_set' }));
    expect(router.state.location.search).toMatchObject({ kind: 'record_set' });
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('region', { name: 'Activity, newest first' }))[0]).toHaveTextContent(
        'set a new record',
      ),
    );

    await user.type(screen.getByRole('combobox', { name: 'Athlete' }), 'Tyl');
    await user.click(await screen.findByRole('option', { name: 'Tyler Brooks' }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ kind: 'record_set', athleteId: tyler.id }));
    expect(router.state.location.search).toMatchObject({ athleteId: tyler.id });

    const otherGroup = demoGroups.find((group) => !tyler.groups.some((mine) => mine.id === group.id))!;
    await user.click(screen.getByRole('button', { name: /Group/ }));
    await user.click(await screen.findByRole('option', { name: otherGroup.name }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ groupId: otherGroup.id }));
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(rowsOf(await feedOf())).toHaveLength(20);
  });

  it('says when there is no activity yet', async () => {
    fake = createActivitiesFake({ count: 0 });
    server.use(...fake.handlers);
    signInAs(demoUsers.coach);
    renderApp('/app/activities');
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('loads the next page as the end comes into view, each activity once though new ones arrived on top', async () => {
    const observer = stubIntersectionObserver();
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/activities');
    const feed = await feedOf();
    expect(rowsOf(feed)).toHaveLength(20);

    // Someone finishes a workout meanwhile: page 2 now starts with the last activity of page 1.
    fake.activities.unshift({
      ...fake.activities[0]!,
      id: '0d7e00a0-0000-4000-8000-00000000ffff',
      title: 'Late one',
    });
    observer.scrollToTheEnd();
    await waitFor(() => expect(lastRequest()).toMatchObject({ page: '1' }));
    // 20 + 20, less the one both pages hold.
    await waitFor(() => expect(rowsOf(feed)).toHaveLength(39));
    const titles = rowsOf(feed).map((row) => row.getAttribute('aria-label'));
    expect(new Set(titles).size).toBe(titles.length);

    // The button does the same without scrolling.
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rowsOf(feed)).toHaveLength(45));
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('likes at once, and puts the like back with a toast when the server refuses', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/activities');
    const second = rowsOf(await feedOf())[1]!;
    await user.click(within(second).getByRole('button', { name: 'Like (0)', pressed: false }));
    expect(
      await within(second).findByRole('button', { name: 'Like (1)', pressed: true }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fake.likers.get(fake.activities[1]!.id)?.has(demoUsers.coach.id)).toBe(true));

    server.use(
      http.delete('*/api/activities/:activityId/like', () =>
        apiError(403, { code: errorCodes.forbidden, message: 'You do not have permission to do this.' }),
      ),
    );
    await user.click(within(second).getByRole('button', { name: 'Like (1)', pressed: true }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByText('Still liked')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Like (1)', pressed: true })).toBeInTheDocument();
  });

  it('sends a comment with its thread open, keeps the text when sending fails, and deletes one’s own', async () => {
    signInAs(demoUsers.coach);
    const { user } = renderApp('/app/activities');
    const second = rowsOf(await feedOf())[1]!;
    await user.click(within(second).getByRole('button', { name: 'Comments (0)' }));
    expect(await within(second).findByText('No comments yet. Say something.')).toBeInTheDocument();
    const box = within(second).getByRole('textbox', { name: /^Comment to / });

    await user.click(within(second).getByRole('button', { name: 'Send' }));
    expect(await within(second).findByText('Write a comment')).toBeInTheDocument();

    server.use(
      http.put(
        '*/api/activities/:activityId/comments/:commentId',
        () => apiError(409, { code: errorCodes.conflict, message: 'This activity was just removed.' }),
        { once: true },
      ),
    );
    await user.type(box, 'Great depth on every rep.');
    await user.click(within(second).getByRole('button', { name: 'Send' }));
    expect(await within(second).findByText('This activity was just removed.')).toBeInTheDocument();
    expect(box).toHaveValue('Great depth on every rep.');

    await user.click(within(second).getByRole('button', { name: 'Send' }));
    const thread = await within(second).findByRole('list', { name: 'Comments' });
    expect(thread).toHaveTextContent('Great depth on every rep.');
    expect(thread).toHaveTextContent('Casey Jordan');
    expect(box).toHaveValue('');
    expect(within(second).getByRole('button', { name: 'Comments (1)', expanded: true })).toBeInTheDocument();

    await user.click(within(thread).getByRole('button', { name: 'Delete your comment' }));
    await waitFor(() =>
      expect(within(second).getByRole('button', { name: 'Comments (0)' })).toBeInTheDocument(),
    );
    expect(fake.threads.get(fake.activities[1]!.id)).toEqual([]);
  });

  it('shows an athlete likes without a like button, and lets it answer only on its own activity', async () => {
    signInAs(demoUsers.athlete);
    const { user } = renderApp('/app/activities');
    const feed = await feedOf();
    expect(within(feed).queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Athlete' })).not.toBeInTheDocument();
    const own = rowsOf(feed)[0]!;
    expect(own).toHaveTextContent('1 like');
    await user.click(within(own).getByRole('button', { name: 'Comments (1)' }));
    expect(await within(own).findByText('Strong finish.')).toBeInTheDocument();
    expect(within(own).getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();

    const teammates = rowsOf(feed).find((row) => !row.textContent?.includes('Jamie Rivera'))!;
    await user.click(within(teammates).getByRole('button', { name: /^Comments/ }));
    expect(await within(teammates).findByText('No comments yet.')).toBeInTheDocument();
    expect(within(teammates).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('opens ?activity= pinned at the top with its comments, though it is not on the first page', async () => {
    signInAs(demoUsers.coach);
    const far = createActivitiesFake().activities[39]!;
    fake.threads.set(far.id, [
      {
        id: '0d7e00c0-0000-4000-8000-000000000099',
        activityId: far.id,
        author: { id: demoUsers.coach.id, firstName: 'Casey', lastName: 'Jordan', role: 'coach' },
        text: 'Look at this one.',
        createdAt: new Date().toISOString(),
      },
    ]);
    const { user, router } = renderApp(`/app/activities?activity=${far.id}`);
    const pinned = await screen.findByRole('region', { name: 'Opened activity' });
    expect(within(pinned).getByRole('article')).toHaveTextContent(far.title);
    expect(await within(pinned).findByText('Look at this one.')).toBeInTheDocument();
    expect(within(pinned).getByRole('button', { name: 'Comments (1)', expanded: true })).toBeInTheDocument();
    expect(demoActivityId).not.toBe(far.id);

    await user.click(within(pinned).getByRole('link', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('region', { name: 'Opened activity' })).not.toBeInTheDocument();
  });

  it('reads an open thread and the feed again when a live activity event says someone commented', async () => {
    signInAs(demoUsers.coach);
    const { user, queryClient } = renderApp('/app/activities');
    const second = rowsOf(await feedOf())[1]!;
    await user.click(within(second).getByRole('button', { name: 'Comments (0)' }));
    await within(second).findByText('No comments yet. Say something.');

    const activityId = fake.activities[1]!.id;
    fake.threads.set(activityId, [
      {
        id: '0d7e00c0-0000-4000-8000-000000000077',
        activityId,
        author: { id: demoUsers.admin.id, firstName: 'Morgan', lastName: 'Reyes', role: 'admin' },
        text: 'Nice pace.',
        createdAt: new Date().toISOString(),
      },
    ]);
    await applyLiveEvent(queryClient, {
      id: '1',
      kind: 'activity',
      data: {},
      at: new Date().toISOString(),
    });
    expect(await within(second).findByText('Nice pace.')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Comments (1)' })).toBeInTheDocument();
  });
});
