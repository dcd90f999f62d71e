import type { WorkoutComment } from '@contract/workout-comments';
import { workoutCommentLimits } from '@contract/workout-comments';
import { useFormats } from '@/lib/format/use-formats';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { v7 as uuidv7 } from 'uuid';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MessageIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { showFieldErrors, typedKeptOnDevice } from '@/lib/api/request-failure';
import {
  clearDeviceFormDraft,
  loadDeviceFormDraft,
  saveDeviceFormDraft,
} from '@/lib/form-drafts/device-form-draft';
import { usePutWorkoutComment } from '../api/put-workout-comment';

const roleWords = { admin: 'Coach', coach: 'Coach', athlete: 'Athlete' } as const;

/** One comment of a thread: who, their role, when, the words. */
function CommentItem({ comment }: { comment: WorkoutComment }) {
  const formats = useFormats();
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
            <time dateTime={comment.createdAt}>{formats.instant(comment.createdAt, 'dateTime')}</time>
            {comment.editedAt ? ' · edited' : ''}
          </span>
        </p>
        <p className="text-sm break-words whitespace-pre-line text-foreground">{comment.text}</p>
      </div>
    </li>
  );
}

/** A thread, oldest first so the newest is last, next to where it is typed. */
export function CommentThread({ comments, label }: { comments: readonly WorkoutComment[]; label: string }) {
  if (comments.length === 0) return null;
  return (
    <ol aria-label={label} className="space-y-3">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
    </ol>
  );
}

interface CommentDraft {
  commentId: string;
  text: string;
  /** Sent and not answered (no signal): sent again when the device is back online. */
  queued: boolean;
}

const readDraft = (saved: unknown): CommentDraft | null =>
  typeof saved === 'object' &&
  saved !== null &&
  'commentId' in saved &&
  'text' in saved &&
  typeof saved.commentId === 'string' &&
  typeof saved.text === 'string'
    ? { commentId: saved.commentId, text: saved.text, queued: 'queued' in saved && saved.queued === true }
    : null;

/** The device's draft of a comment, per workout and set: what was typed and the id it is sent with. */
export const commentDraftKey = (logId: string, setId: string | null) =>
  `workout-comment-${logId}-${setId ?? 'workout'}`;

interface CommentComposerProps {
  logId: string;
  setId: string | null;
  /** "Comment on set 2 of Back squat", the text box's name. */
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  /** After a comment was sent (a set's box closes). */
  onSent?: () => void;
  onCancel?: () => void;
}

/**
 * Writing a comment. The text and the comment's id are kept on this device as they are typed (ADR 051): a comment
 * sent with no signal stays in the box, marked, and is sent again with the same id when the device is back
 * online or the box opens again, so it is neither lost nor doubled.
 */
export function CommentComposer({
  logId,
  setId,
  label,
  placeholder,
  autoFocus = false,
  onSent,
  onCancel,
}: CommentComposerProps) {
  const draftKey = commentDraftKey(logId, setId);
  const [initial] = useState(() => loadDeviceFormDraft(draftKey, readDraft)?.values ?? null);
  const commentId = useRef(initial?.commentId ?? uuidv7());
  const [queued, setQueued] = useState(initial?.queued ?? false);
  const [failure, setFailure] = useState<string | null>(null);
  const put = usePutWorkoutComment(logId);
  const textId = useId();
  const errorId = useId();
  const form = useForm<{ text: string }>({ defaultValues: { text: initial?.text ?? '' } });
  const { register, handleSubmit, setError, reset, formState } = form;

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values: { text } }) => {
          if (text.trim() === '') clearDeviceFormDraft(draftKey);
          else saveDeviceFormDraft(draftKey, { commentId: commentId.current, text, queued: false });
          setQueued(false);
        },
      }),
    [form, draftKey],
  );

  const send = useCallback(
    (text: string) => {
      setFailure(null);
      put.mutate(
        { commentId: commentId.current, setId, text: text.trim() },
        {
          onSuccess: () => {
            clearDeviceFormDraft(draftKey);
            commentId.current = uuidv7();
            setQueued(false);
            reset({ text: '' });
            onSent?.();
          },
          onError: (error) => {
            if (!isApiRequestError(error)) {
              saveDeviceFormDraft(draftKey, { commentId: commentId.current, text, queued: true });
              setQueued(true);
            }
            setFailure(
              showFieldErrors(error, {
                setError,
                fieldOf: (path) => (path === 'text' ? 'text' : null),
                shouldFocus: true,
                keptMeanwhile: `${typedKeptOnDevice} It is sent when you are back online.`,
              }),
            );
          },
        },
      );
    },
    [put, setId, draftKey, reset, onSent, setError],
  );

  // A comment sent with no signal goes again, with its id, once the device is online.
  useEffect(() => {
    if (!queued) return;
    const resend = () => {
      const draft = loadDeviceFormDraft(draftKey, readDraft)?.values;
      if (draft?.queued && !put.isPending) send(draft.text);
    };
    if (navigator.onLine && !failure) resend();
    window.addEventListener('online', resend);
    return () => window.removeEventListener('online', resend);
  }, [queued, draftKey, put.isPending, send, failure]);

  const textError = formState.errors.text?.message;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => void handleSubmit(({ text }) => send(text))(event)}
      className="space-y-2"
    >
      {failure ? (
        <Alert tone={queued ? 'warning' : 'error'} role="status" title="The comment was not sent yet.">
          {failure}
        </Alert>
      ) : null}
      <label htmlFor={textId} className="sr-only">
        {label}
      </label>
      <textarea
        id={textId}
        rows={2}
        autoFocus={autoFocus}
        maxLength={workoutCommentLimits.textMax}
        placeholder={placeholder}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? errorId : undefined}
        {...register('text', {
          validate: (text) => text.trim() !== '' || 'Write a comment',
        })}
        className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
      />
      {textError ? (
        <p id={errorId} className="text-sm text-danger">
          {textError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isPending={put.isPending} pendingLabel="Sending…">
          Send
        </Button>
      </div>
    </form>
  );
}

/** The small action under a set that opens its comment box; it counts the set's comments. */
export function SetCommentButton({
  label,
  count,
  isOpen,
  onPress,
}: {
  label: string;
  count: number;
  isOpen: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={isOpen}
      onClick={onPress}
      className={`-my-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-xs font-semibold hover:bg-muted hover:text-primary-ink focus-visible:outline-2 focus-visible:outline-ring ${
        count > 0 || isOpen ? 'text-primary-ink' : 'text-muted-foreground'
      }`}
    >
      <MessageIcon className="size-4" />
      <span className="hidden sm:inline">Comment</span>
      {count > 0 ? <span className="tabular-nums">{count}</span> : null}
    </button>
  );
}

interface WorkoutCommentsCardProps {
  logId: string;
  comments: readonly WorkoutComment[] | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Comments made on sets, shown in place beside their sets. */
  setCommentCount: number;
  placeholder: string;
}

/** The whole workout's comments, newest last, with the box to write one under them. */
export function WorkoutCommentsCard({
  logId,
  comments,
  isError,
  onRetry,
  setCommentCount,
  placeholder,
}: WorkoutCommentsCardProps) {
  const onWorkout = comments?.filter((comment) => comment.setId === null) ?? [];
  return (
    <Card aria-labelledby="comments-title" className="space-y-4 px-4 py-4 sm:px-6">
      <div>
        <h2 id="comments-title" className="flex items-center gap-2 text-base font-semibold text-foreground">
          <MessageIcon className="size-5 text-primary" />
          Comments
        </h2>
        {setCommentCount > 0 ? (
          <p className="text-sm text-muted-foreground">
            {setCommentCount === 1 ? '1 more on a set above.' : `${setCommentCount} more on sets above.`}
          </p>
        ) : null}
      </div>
      {isError ? (
        <Alert tone="warning" role="status" title="The comments could not be loaded.">
          <Button variant="secondary" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : comments === undefined ? (
        <div aria-hidden="true" className="space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-3/4" />
        </div>
      ) : onWorkout.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No comments on this workout yet. Feedback and answers show here, newest last.
        </p>
      ) : (
        <CommentThread comments={onWorkout} label="Comments on the workout" />
      )}
      <CommentComposer logId={logId} setId={null} label="Comment on the workout" placeholder={placeholder} />
    </Card>
  );
}
