import { recordWorkoutLogChange } from '../../lib/live-events/change-events';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { v5 as uuidv5 } from 'uuid';
import { errorCodes } from '../../../contract/errors';
import type { PutWorkoutCommentRequest, WorkoutComment } from '../../../contract/workout-comments';
import { loggedSets, users, workoutComments, workoutLogs } from '../../db/schema';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, forbidden, invalidFields, notFound } from '../../lib/errors';
import { workoutCommented } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import type { TenantScope } from '../../lib/tenancy';
import { findOrCreateDirect } from '../../lib/chat/direct-conversation';
import { chatLiveEvent, writeMessage } from '../../lib/chat/write-message';

/** Namespace of the chat message a staff comment posts: uuid v5 of the comment id, so a repeat posts nothing. */
const commentMessageNamespace = '5b1f0c3e-8a57-4d0e-9a5c-2f1d6e7c4b90';
export const commentMessageId = (commentId: string) => uuidv5(commentId, commentMessageNamespace);

type CommentRow = typeof workoutComments.$inferSelect;
type Author = WorkoutComment['author'];

const formerUser: Author = {
  id: '00000000-0000-0000-0000-000000000000',
  firstName: 'Former',
  lastName: 'user',
  role: 'coach',
};
const conflict = (message: string) => new ApiError(409, errorCodes.conflict, message);

/**
 * Comments on completed workouts (issue 23, ADR 051): staff of the organisation comment on any athlete's
 * completed workout, an athlete on its own; another organisation's workout is not found. A comment's id is made
 * on the device, so a PUT sent again (after no signal, a reload) leaves one row.
 */
export class WorkoutCommentStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user'>,
  ) {}

  /** The completed log the viewer may comment on: an athlete's own only (another's 403, none 404). */
  private async commentableLog(logId: string) {
    const [log] = await this.tenant.selectFields(
      workoutLogs,
      { id: workoutLogs.id, athleteId: workoutLogs.athleteId, status: workoutLogs.status },
      { where: eq(workoutLogs.id, logId.toLowerCase()), limit: 1 },
    );
    if (!log) throw notFound('There is no such completed workout.');
    if (this.viewer.user.role === 'athlete' && log.athleteId !== this.viewer.user.id) {
      throw forbidden('Athletes comment on their own workouts only.');
    }
    return log;
  }

  async list(logId: string): Promise<WorkoutComment[]> {
    const log = await this.commentableLog(logId);
    const rows = await this.tenant.select(workoutComments, {
      where: eq(workoutComments.logId, log.id),
      orderBy: [asc(workoutComments.createdAt), asc(workoutComments.id)],
    });
    return await this.viewed(rows);
  }

  /**
   * Writes the comment with this id: 201 the first time; the same text again changes nothing (200); its author
   * may change the text (200, `editedAt` set). An id already used elsewhere (another workout, set or
   * organisation) is refused as taken, without saying whose.
   */
  async put(
    logId: string,
    commentId: string,
    request: Required<PutWorkoutCommentRequest>,
  ): Promise<{ comment: WorkoutComment; created: boolean }> {
    const log = await this.commentableLog(logId);
    if (log.status !== 'completed') throw conflict('Comments are for completed workouts: finish it first.');
    const id = commentId.toLowerCase();
    const setId = request.setId?.toLowerCase() ?? null;
    if (setId) {
      const [set] = await this.tenant.selectFields(
        loggedSets,
        { id: loggedSets.id },
        { where: and(eq(loggedSets.id, setId), eq(loggedSets.logId, log.id)), limit: 1 },
      );
      if (!set) throw invalidFields({ setId: 'This set is not part of the workout' });
    }
    const inserted = await this.tenant.transaction(async (scope) => {
      const [row] = await scope.insertMissing(workoutComments, {
        id,
        logId: log.id,
        setId,
        athleteId: log.athleteId,
        authorId: this.viewer.user.id,
        text: request.text,
      });
      if (row) {
        const posted = row.authorId === log.athleteId ? undefined : await this.postToChat(scope, row);
        // The comment's own notification tells the athlete; the chat message adds none (ADR 060).
        await notify(scope, await workoutCommented(scope, row, this.viewer.user), {
          actorId: row.authorId ?? undefined,
        });
        await recordWorkoutLogChange(scope, log, { kind: 'workout-comments' });
        if (posted) await scope.recordLiveEvents([posted]);
      }
      return row;
    });
    if (inserted) return { comment: (await this.viewed([inserted]))[0]!, created: true };

    const existing = await this.tenant.first(workoutComments, eq(workoutComments.id, id));
    if (!existing || existing.logId !== log.id || existing.setId !== setId) {
      throw conflict('This comment id is already taken: make a new one.');
    }
    if (existing.authorId !== this.viewer.user.id) throw forbidden('Only its author changes a comment.');
    if (existing.text === request.text)
      return { comment: (await this.viewed([existing]))[0]!, created: false };
    const [edited] = await this.tenant.transaction(async (scope) => {
      const changed = await scope.update(
        workoutComments,
        { text: request.text, editedAt: new Date() },
        eq(workoutComments.id, id),
      );
      await recordWorkoutLogChange(scope, log, { kind: 'workout-comments' });
      return changed;
    });
    return { comment: (await this.viewed([edited!]))[0]!, created: false };
  }

  /**
   * Staff's comment is also a message in their direct conversation with the athlete, about the completed workout,
   * so the athlete answers in the chat (ADR 060). Answers the conversation's live event for the caller to record.
   */
  private async postToChat(scope: TenantScope, comment: CommentRow) {
    const { conversation } = await findOrCreateDirect(scope, comment.authorId!, comment.athleteId);
    const { row } = await writeMessage(scope, conversation, comment.authorId!, {
      id: commentMessageId(comment.id),
      text: comment.text,
      uploadId: null,
      about: { kind: 'completed_workout', id: comment.logId },
    });
    await scope.update(
      workoutComments,
      { conversationId: conversation.id },
      eq(workoutComments.id, comment.id),
    );
    return chatLiveEvent(conversation, [comment.authorId!, comment.athleteId], row?.id);
  }

  private async viewed(rows: readonly CommentRow[]): Promise<WorkoutComment[]> {
    const authorIds = [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))];
    const people =
      authorIds.length === 0
        ? []
        : await this.tenant.selectFields(
            users,
            { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
            { where: inArray(users.id, authorIds) },
          );
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.map((row) => ({
      id: row.id,
      logId: row.logId,
      setId: row.setId,
      athleteId: row.athleteId,
      author: (row.authorId ? byId.get(row.authorId) : undefined) ?? formerUser,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
    }));
  }
}

export const workoutCommentsOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new WorkoutCommentStore(c.var.tenant, c.var.viewer);
