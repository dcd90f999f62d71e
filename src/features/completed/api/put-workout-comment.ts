import type { WorkoutComment } from '@contract/workout-comments';
import { workoutCommentResponseSchema } from '@contract/workout-comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { completedQueries } from './completed-queries';

export interface WorkoutCommentWrite {
  /** Made on the device when the comment was begun: sending it again leaves one comment (ADR 051). */
  commentId: string;
  setId: string | null;
  text: string;
}

/** PUT /api/workout-logs/{logId}/comments/{commentId}: the comment joins the thread in place, newest last. */
export function usePutWorkoutComment(logId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, setId, text }: WorkoutCommentWrite) =>
      api
        .put(`api/workout-logs/${logId}/comments/${commentId}`, { json: { setId, text } })
        .json(workoutCommentResponseSchema),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(completedQueries.comments(logId).queryKey, (thread: WorkoutComment[] = []) =>
        thread.some((comment) => comment.id === data.id)
          ? thread.map((comment) => (comment.id === data.id ? data : comment))
          : [...thread, data],
      );
    },
  });
}
