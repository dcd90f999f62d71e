import type { ActivityComment } from '@contract/activities';
import { activityCommentResponseSchema, activityLikesResponseSchema } from '@contract/activities';
import type { Activity } from '@contract/tracking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import type { FeedData } from './activity-queries';
import { activityQueries, updateActivityEverywhere } from './activity-queries';

/**
 * PUT or DELETE /api/activities/{id}/like. The button turns at once; a refusal puts every copy back as it was and
 * says why in a toast, and the server's answer sets the true count.
 */
export function useToggleLike(activityId: string) {
  const queryClient = useQueryClient();
  const { setNewNotification } = useNotificationActions();
  return useMutation({
    mutationFn: (like: boolean) => {
      const path = `api/activities/${activityId}/like`;
      return (like ? api.put(path) : api.delete(path)).json(activityLikesResponseSchema);
    },
    onMutate: async (like: boolean) => {
      await queryClient.cancelQueries({ queryKey: activityQueries.all() });
      const feeds = queryClient.getQueriesData<FeedData>({ queryKey: [...activityQueries.all(), 'feed'] });
      const one = queryClient.getQueryData<Activity>(activityQueries.one(activityId).queryKey);
      updateActivityEverywhere(queryClient, activityId, (activity) =>
        activity.likedByMe === like
          ? activity
          : { ...activity, likedByMe: like, likes: Math.max(activity.likes + (like ? 1 : -1), 0) },
      );
      return { feeds, one };
    },
    onError: (error, like, saved) => {
      for (const [queryKey, data] of saved?.feeds ?? []) queryClient.setQueryData(queryKey, data);
      if (saved?.one) queryClient.setQueryData(activityQueries.one(activityId).queryKey, saved.one);
      setNewNotification({
        status: 0,
        title: like ? 'Not liked' : 'Still liked',
        message: requestFailureMessage(error),
      });
    },
    onSuccess: ({ data }) =>
      updateActivityEverywhere(queryClient, activityId, (activity) => ({ ...activity, ...data })),
  });
}

/** PUT /api/activities/{id}/comments/{commentId}: the id made on the device, so sending again leaves one comment. */
export function usePutActivityComment(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      api
        .put(`api/activities/${activityId}/comments/${commentId}`, { json: { text } })
        .json(activityCommentResponseSchema),
    onSuccess: ({ data }) => {
      let added = false;
      queryClient.setQueryData<ActivityComment[]>(
        activityQueries.comments(activityId).queryKey,
        (thread = []) => {
          if (thread.some((comment) => comment.id === data.id)) {
            return thread.map((comment) => (comment.id === data.id ? data : comment));
          }
          added = true;
          return [...thread, data];
        },
      );
      if (added) {
        updateActivityEverywhere(queryClient, activityId, (activity) => ({
          ...activity,
          comments: activity.comments + 1,
        }));
      }
    },
  });
}

/** DELETE /api/activities/{id}/comments/{commentId}: one's own comment leaves the thread. */
export function useDeleteActivityComment(activityId: string) {
  const queryClient = useQueryClient();
  const { setNewNotification } = useNotificationActions();
  return useMutation({
    mutationFn: async (commentId: string) => {
      await api.delete(`api/activities/${activityId}/comments/${commentId}`);
      return commentId;
    },
    onSuccess: (commentId) => {
      queryClient.setQueryData<ActivityComment[]>(activityQueries.comments(activityId).queryKey, (thread) =>
        thread?.filter((comment) => comment.id !== commentId),
      );
      updateActivityEverywhere(queryClient, activityId, (activity) => ({
        ...activity,
        comments: Math.max(activity.comments - 1, 0),
      }));
    },
    onError: (error) =>
      setNewNotification({ status: 0, title: 'Not deleted', message: requestFailureMessage(error) }),
  });
}
