import type { ActivityComment } from '@contract/activities';
import {
  activityCommentListResponseSchema,
  activityCommentResponseSchema,
  activityLikesResponseSchema,
  activityResponseSchema,
  putActivityCommentRequestSchema,
} from '@contract/activities';
import { errorCodes } from '@contract/error-codes';
import type { Activity } from '@contract/tracking';
import { activityListResponseSchema, activityQuerySchema } from '@contract/tracking';
import { demoPeople, demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

const athletes = demoPeople.filter((person) => person.role === 'athlete' && person.status === 'approved');
const personRef = ({ id, firstName, lastName }: { id: string; firstName: string; lastName: string }) => ({
  id,
  firstName,
  lastName,
});
const idOf = (n: number) => `0d7e00a0-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The demo athlete's completed workout of yesterday, first in the feed. */
export const demoActivityId = idOf(1);
export const demoActivityLogId = '0d7e0001-0000-4000-8000-0000000000a1';

/** `count` activities, newest first an hour apart, taking turns among the demo's athletes; the first the demo athlete's. */
function demoActivities(count: number, now: number): Activity[] {
  return Array.from({ length: count }, (_, index): Activity => {
    const athlete = index === 0 ? demoUsers.athlete : athletes[index % athletes.length]!;
    const kind = index % 3 === 1 ? 'record_set' : 'workout_completed';
    return {
      id: idOf(index + 1),
      kind,
      actor: personRef(athlete),
      athlete: personRef(athlete),
      title: kind === 'record_set' ? `Back squat: best load ${100 + index} kg` : `Workout ${index + 1}`,
      workoutLogId: index === 0 ? demoActivityLogId : null,
      createdAt: new Date(now - (index + 1) * 3_600_000).toISOString(),
      likes: index === 0 ? 1 : 0,
      likedByMe: false,
      comments: index === 0 ? 1 : 0,
    };
  });
}

/**
 * `GET /api/activities[/{id}]`, likes and comments (issue 24), kept in memory as the server keeps them: staff see
 * every activity, an athlete its own and its groups' athletes'; staff like; staff comment on any, an athlete on
 * its own. Install a fresh copy per test (`server.use(...createActivitiesFake().handlers)`); `requests` holds the
 * list's queries as they were asked.
 */
export function createActivitiesFake({ count = 45, now = Date.now() } = {}) {
  const activities = demoActivities(count, now);
  const likers = new Map<string, Set<string>>([[demoActivityId, new Set([demoUsers.admin.id])]]);
  const threads = new Map<string, ActivityComment[]>([
    [
      demoActivityId,
      [
        {
          id: '0d7e00c0-0000-4000-8000-000000000001',
          activityId: demoActivityId,
          author: { ...personRef(demoUsers.admin), role: 'admin' },
          text: 'Strong finish.',
          createdAt: new Date(now - 1_800_000).toISOString(),
        },
      ],
    ],
  ]);
  const requests: URLSearchParams[] = [];

  const groupsOf = (athleteId: string | undefined) =>
    demoPeople.find((person) => person.id === athleteId)?.groups.map((group) => group.id) ?? [];
  const mayAthleteSee = (viewerId: string, activity: Activity) =>
    activity.athlete?.id === viewerId ||
    groupsOf(activity.athlete?.id).some((group) => groupsOf(viewerId).includes(group));
  const seenBy = (viewer: { id: string; role: string }, activity: Activity): Activity => {
    const liked = likers.get(activity.id) ?? new Set<string>();
    return {
      ...activity,
      likes: liked.size,
      likedByMe: liked.has(viewer.id),
      comments: threads.get(activity.id)?.length ?? 0,
    };
  };
  const find = (viewer: { id: string; role: string }, activityId: string) => {
    const activity = activities.find((one) => one.id === activityId);
    if (!activity || (viewer.role === 'athlete' && !mayAthleteSee(viewer.id, activity))) return null;
    return activity;
  };
  const notFound = () => apiError(404, { code: errorCodes.notFound, message: 'No such activity.' });
  const forbidden = (message: string) => apiError(403, { code: errorCodes.forbidden, message });

  const handlers = [
    apiRoute(
      { method: 'get', path: '/api/activities', responses: { 200: activityListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const searchParams = new URL(request.url).searchParams;
        requests.push(searchParams);
        const query = activityQuerySchema.safeParse(Object.fromEntries(searchParams));
        if (!query.success) return validationFailure(query.error);
        const { page, size, kind, athleteId, groupId } = query.data;
        const matching = activities
          .filter((activity) => viewer.role !== 'athlete' || mayAthleteSee(viewer.id, activity))
          .filter((activity) => !kind || activity.kind === kind)
          .filter((activity) => !athleteId || activity.athlete?.id === athleteId)
          .filter((activity) => !groupId || groupsOf(activity.athlete?.id).includes(groupId));
        return reply(200, {
          data: matching.slice(page * size, (page + 1) * size).map((activity) => seenBy(viewer, activity)),
          page,
          size,
          total: matching.length,
        });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/activities/{activityId}', responses: { 200: activityResponseSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const activity = find(viewer, params.activityId);
        return activity ? reply(200, { data: seenBy(viewer, activity) }) : notFound();
      },
    ),
    ...(['put', 'delete'] as const).map((method) =>
      apiRoute(
        {
          method,
          path: '/api/activities/{activityId}/like',
          responses: { 200: activityLikesResponseSchema },
        },
        ({ request, params, reply }) => {
          const viewer = requestUser(request);
          if (!viewer) return unauthorized();
          if (viewer.role === 'athlete') return forbidden('Only staff like an activity.');
          const activity = find(viewer, params.activityId);
          if (!activity) return notFound();
          const liked = likers.get(activity.id) ?? new Set<string>();
          if (method === 'put') liked.add(viewer.id);
          else liked.delete(viewer.id);
          likers.set(activity.id, liked);
          return reply(200, { data: { likes: liked.size, likedByMe: liked.has(viewer.id) } });
        },
      ),
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/activities/{activityId}/comments',
        responses: { 200: activityCommentListResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!find(viewer, params.activityId)) return notFound();
        return reply(200, { data: threads.get(params.activityId) ?? [] });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/activities/{activityId}/comments/{commentId}',
        responses: { 200: activityCommentResponseSchema, 201: activityCommentResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const activity = find(viewer, params.activityId);
        if (!activity) return notFound();
        if (viewer.role === 'athlete' && activity.athlete?.id !== viewer.id) {
          return forbidden('An athlete comments only on its own activity.');
        }
        const body = putActivityCommentRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const thread = threads.get(activity.id) ?? [];
        const existing = thread.find((comment) => comment.id === params.commentId);
        if (existing) return reply(200, { data: existing });
        const comment: ActivityComment = {
          id: params.commentId,
          activityId: activity.id,
          author: { ...personRef(viewer), role: viewer.role },
          text: body.data.text,
          createdAt: new Date().toISOString(),
        };
        threads.set(activity.id, [...thread, comment]);
        return reply(201, { data: comment });
      },
    ),
    apiRoute(
      {
        method: 'delete',
        path: '/api/activities/{activityId}/comments/{commentId}',
        responses: { 204: undefined },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const thread = threads.get(params.activityId) ?? [];
        const comment = thread.find((one) => one.id === params.commentId);
        if (comment && comment.author.id !== viewer.id)
          return forbidden('Only its author deletes a comment.');
        threads.set(
          params.activityId,
          thread.filter((one) => one.id !== params.commentId),
        );
        return reply(204, undefined);
      },
    ),
  ];
  return { handlers, activities, requests, threads, likers };
}

export const activityHandlersOfDemo = createActivitiesFake().handlers;
