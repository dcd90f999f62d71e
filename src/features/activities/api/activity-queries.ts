import type { ActivityComment } from '@contract/activities';
import { activityCommentListResponseSchema, activityResponseSchema } from '@contract/activities';
import type { Activity, ActivityListResponse } from '@contract/tracking';
import { activityListResponseSchema } from '@contract/tracking';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ActivityFeedFilters } from '../activity-search';
import { activityPageSize } from '../activity-search';

/*
 * Every key sits under ['activities'], which the live 'activity' event invalidates (ADR 056): the feed, the
 * pinned activity and each open comment thread are read again when someone likes or comments.
 */
export const activityQueries = {
  all: () => ['activities'] as const,
  feed: (filters: ActivityFeedFilters) =>
    infiniteQueryOptions({
      queryKey: [...activityQueries.all(), 'feed', filters] as const,
      queryFn: async ({ signal, pageParam }) =>
        api
          .get('api/activities', {
            signal,
            searchParams: { ...filters, page: pageParam, size: activityPageSize },
          })
          .json(activityListResponseSchema),
      initialPageParam: 0,
      getNextPageParam: (last: ActivityListResponse) =>
        (last.page + 1) * last.size < last.total && last.data.length > 0 ? last.page + 1 : undefined,
      staleTime: 30_000,
    }),
  one: (activityId: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'one', activityId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/activities/${activityId}`, { signal }).json(activityResponseSchema)).data,
      staleTime: 30_000,
    }),
  comments: (activityId: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'comments', activityId] as const,
      queryFn: async ({ signal }): Promise<ActivityComment[]> =>
        (
          await api
            .get(`api/activities/${activityId}/comments`, { signal })
            .json(activityCommentListResponseSchema)
        ).data,
      staleTime: 30_000,
    }),
};

export type FeedData = InfiniteData<ActivityListResponse>;

/**
 * The feed's pages as one list, each activity once: an activity arriving at the top while the feed is read moves
 * every later one a place down, so the next page starts with the last one already shown.
 */
export function uniqueActivities(data: FeedData | undefined): Activity[] {
  const seen = new Set<string>();
  const list: Activity[] = [];
  for (const page of data?.pages ?? []) {
    for (const activity of page.data) {
      if (seen.has(activity.id)) continue;
      seen.add(activity.id);
      list.push(activity);
    }
  }
  return list;
}

/** Changes one activity wherever it is shown: every loaded feed and its own (pinned) query. */
export function updateActivityEverywhere(
  queryClient: QueryClient,
  activityId: string,
  change: (activity: Activity) => Activity,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: [...activityQueries.all(), 'feed'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((activity) => (activity.id === activityId ? change(activity) : activity)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Activity>(activityQueries.one(activityId).queryKey, (activity) =>
    activity ? change(activity) : activity,
  );
}
