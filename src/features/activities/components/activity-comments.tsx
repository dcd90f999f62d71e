import type { ActivityComment } from '@contract/activities';
import { activityCommentLimits, putActivityCommentRequestSchema } from '@contract/activities';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { v7 as uuidv7 } from 'uuid';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { showFieldErrors } from '@/lib/api/request-failure';
import { timeAgo } from '@/lib/format/time-ago';
import { activityQueries } from '../api/activity-queries';
import { useDeleteActivityComment, usePutActivityComment } from '../api/activity-reactions';

const roleWords = { admin: 'Coach', coach: 'Coach', athlete: 'Athlete' } as const;

interface ActivityCommentsProps {
  activityId: string;
  viewerId: string;
  /** An admin removes anyone's comment (moderation); others only their own. */
  isAdmin: boolean;
  /** Staff comment on any activity; an athlete only answers on its own. */
  canComment: boolean;
  /** The athlete the activity is about, named in the box's label. */
  aboutName: string | null;
}

/** An activity's thread, oldest first as a conversation reads, with the box to write one under it. */
export function ActivityComments({
  activityId,
  viewerId,
  isAdmin,
  canComment,
  aboutName,
}: ActivityCommentsProps) {
  const comments = useQuery(activityQueries.comments(activityId));
  return (
    <div className="space-y-3">
      {comments.isPending ? (
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-3/4" />
        </div>
      ) : comments.isError ? (
        <Alert tone="warning" role="status" title="The comments could not be loaded.">
          <Button variant="secondary" className="mt-2" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {canComment ? 'No comments yet. Say something.' : 'No comments yet.'}
        </p>
      ) : (
        <ol aria-label="Comments" className="space-y-3">
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              activityId={activityId}
              isMine={comment.author.id === viewerId}
              canDelete={isAdmin || comment.author.id === viewerId}
            />
          ))}
        </ol>
      )}
      {canComment ? (
        <CommentForm activityId={activityId} label={aboutName ? `Comment to ${aboutName}` : 'Comment'} />
      ) : null}
    </div>
  );
}

function CommentItem({
  comment,
  activityId,
  isMine,
  canDelete,
}: {
  comment: ActivityComment;
  activityId: string;
  isMine: boolean;
  canDelete: boolean;
}) {
  const remove = useDeleteActivityComment(activityId);
  return (
    <li className="flex gap-3">
      <Avatar
        firstName={comment.author.firstName}
        lastName={comment.author.lastName}
        className="size-8 text-xs"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-foreground">
            {comment.author.firstName} {comment.author.lastName}
          </span>
          <span className="text-xs text-muted-foreground">
            {roleWords[comment.author.role]} ·{' '}
            <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
          </span>
        </p>
        <p className="text-sm break-words whitespace-pre-line text-foreground">{comment.text}</p>
      </div>
      {canDelete ? (
        <button
          type="button"
          aria-label={isMine ? 'Delete your comment' : `Delete ${comment.author.firstName}'s comment`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(comment.id)}
          className="-my-1 flex size-10 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
        >
          <TrashIcon className="size-4" />
        </button>
      ) : null}
    </li>
  );
}

type CommentValues = { text: string };

/**
 * Writing a comment. Its id is made when it is begun and kept until it is sent, so a comment sent again after a
 * lost answer is one comment; a failed send keeps the text and says why.
 */
function CommentForm({ activityId, label }: { activityId: string; label: string }) {
  const commentId = useRef(uuidv7());
  const [failure, setFailure] = useState<string | null>(null);
  const put = usePutActivityComment(activityId);
  const textId = useId();
  const errorId = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<CommentValues>({
    resolver: zodResolver(putActivityCommentRequestSchema),
    defaultValues: { text: '' },
  });
  const textError = formState.errors.text?.message;

  const send = ({ text }: CommentValues) => {
    setFailure(null);
    put.mutate(
      { commentId: commentId.current, text },
      {
        onSuccess: () => {
          commentId.current = uuidv7();
          reset({ text: '' });
        },
        onError: (error) =>
          setFailure(
            showFieldErrors(error, {
              setError,
              fieldOf: (path) => (path === 'text' ? 'text' : null),
              shouldFocus: true,
              keptMeanwhile: 'What you typed is still here: send it again.',
            }),
          ),
      },
    );
  };

  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => void handleSubmit(send)(event)}
      className="space-y-2"
    >
      {failure ? (
        <Alert role="status" title="The comment was not sent.">
          {failure}
        </Alert>
      ) : null}
      <label htmlFor={textId} className="sr-only">
        {label}
      </label>
      <div className="flex flex-col items-end gap-2 sm:flex-row">
        <textarea
          id={textId}
          rows={1}
          maxLength={activityCommentLimits.textMax}
          placeholder="Write a comment…"
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? errorId : undefined}
          {...register('text')}
          className="block min-h-11 w-full min-w-0 resize-y rounded-lg border border-border bg-surface px-3 py-2.5 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        />
        <Button type="submit" isPending={put.isPending} pendingLabel="Sending…">
          Send
        </Button>
      </div>
      {textError ? (
        <p id={errorId} className="text-sm text-danger">
          {textError}
        </p>
      ) : null}
    </form>
  );
}
