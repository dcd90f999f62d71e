import { and, eq, inArray } from 'drizzle-orm';
import { activityComments, athleteGroupMembers, users, workoutComments } from '../../db/schema';
import type { TenantScope } from '../tenancy';
import { spokenDay, type NewNotification } from './notify';

/* What each event tells whom (ADR 055). Each maker answers the notifications; the writer hands them to notify(). */

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count === 1 ? 'a' : count} ${count === 1 ? one : many}`;
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The schedule opened on a day. */
export const scheduleDayLink = (date: string) => `/app/schedule?view=day&date=${date}`;
export const completedWorkoutLink = (logId: string) => `/app/completed/${logId}`;

/** Workouts put on athletes' days: one notification per athlete and day, however many entries (a day's batch). */
export function workoutsScheduled(
  entries: readonly { athleteId: string; date: string; name: string }[],
  locale: string,
): NewNotification[] {
  const perDay = new Map<string, { athleteId: string; date: string; name: string; count: number }>();
  for (const { athleteId, date, name } of entries) {
    const key = `${athleteId}:${date}`;
    const day = perDay.get(key) ?? { athleteId, date, name, count: 0 };
    day.count += 1;
    perDay.set(key, day);
  }
  return [...perDay.values()].map(({ athleteId, date, name, count }) => ({
    userIds: [athleteId],
    kind: 'workout_scheduled',
    title: 'New in your schedule',
    // One workout is named; a day that gathered more says how many.
    body: (total) =>
      `${total === 1 ? name : capitalised(plural(total, 'workout'))} on ${spokenDay(date, locale)}`,
    link: scheduleDayLink(date),
    batchKey: `workout_scheduled:${athleteId}:${date}`,
    count,
  }));
}

/** A program applied: one notification per athlete for the whole program, not one per day of it. */
export function programScheduled(
  athleteIds: readonly string[],
  program: { name: string; startDate: string; endDate: string },
  locale: string,
): NewNotification[] {
  return [
    {
      userIds: athleteIds,
      kind: 'workout_scheduled',
      title: `${program.name} is in your schedule`,
      body: `From ${spokenDay(program.startDate, locale)} to ${spokenDay(program.endDate, locale)}`,
      link: scheduleDayLink(program.startDate),
    },
  ];
}

export function logCorrected(log: { id: string; athleteId: string }, correctedBy: string): NewNotification[] {
  return [
    {
      userIds: [log.athleteId],
      kind: 'log_corrected',
      title: 'A workout of yours was corrected',
      body: `${correctedBy} corrected what was logged.`,
      link: completedWorkoutLink(log.id),
    },
  ];
}

/** Everyone who may approve a sign-up: the organisation's approved admins and coaches. */
async function approvers(scope: TenantScope): Promise<string[]> {
  const staff = await scope.selectFields(
    users,
    { id: users.id },
    { where: and(inArray(users.role, ['admin', 'coach']), eq(users.status, 'approved')) },
  );
  return staff.map((person) => person.id);
}

export async function signupWaiting(
  scope: TenantScope,
  person: { firstName: string; lastName: string },
): Promise<NewNotification[]> {
  return [
    {
      userIds: await approvers(scope),
      kind: 'signup_waiting',
      title: 'A sign-up waits for approval',
      body: `${person.firstName} ${person.lastName} signed up.`,
      link: '/app/users?status=pending',
    },
  ];
}

export function accountApproved(userId: string, organizationName: string): NewNotification[] {
  return [
    {
      userIds: [userId],
      kind: 'account_approved',
      title: 'Your account is approved',
      body: `Welcome to ${organizationName}.`,
      link: '/app/dashboard',
    },
  ];
}

const approvedStaff = (roles: ('admin' | 'coach')[]) =>
  and(inArray(users.role, roles), eq(users.status, 'approved'));

/** The athlete's coaches: staff in the athlete's groups, or every coach when no group of theirs has staff. */
export async function coachesOf(scope: TenantScope, athleteId: string): Promise<string[]> {
  const groups = await scope.selectFields(
    athleteGroupMembers,
    { groupId: athleteGroupMembers.groupId },
    { where: eq(athleteGroupMembers.userId, athleteId) },
  );
  const members =
    groups.length === 0
      ? []
      : await scope.selectFields(
          athleteGroupMembers,
          { userId: athleteGroupMembers.userId },
          {
            where: inArray(
              athleteGroupMembers.groupId,
              groups.map((group) => group.groupId),
            ),
          },
        );
  const memberIds = [...new Set(members.map((member) => member.userId))];
  const groupStaff =
    memberIds.length === 0
      ? []
      : await scope.selectFields(
          users,
          { id: users.id },
          {
            where: and(inArray(users.id, memberIds), approvedStaff(['admin', 'coach'])),
          },
        );
  const coaches =
    groupStaff.length > 0
      ? groupStaff
      : await scope.selectFields(users, { id: users.id }, { where: approvedStaff(['coach']) });
  return coaches.map((person) => person.id);
}

/** Records of one finished workout, to the athlete's coaches, when the organisation turned it on. */
export async function recordsSet(
  scope: TenantScope,
  organization: { recordNotifications: boolean },
  log: { id: string; athleteId: string },
  recordTitles: readonly string[],
): Promise<NewNotification[]> {
  if (!organization.recordNotifications || recordTitles.length === 0) return [];
  const [athlete] = await scope.selectFields(
    users,
    { firstName: users.firstName, lastName: users.lastName },
    { where: eq(users.id, log.athleteId), limit: 1 },
  );
  const name = athlete ? `${athlete.firstName} ${athlete.lastName}` : 'An athlete';
  return [
    {
      userIds: await coachesOf(scope, log.athleteId),
      kind: 'record_set',
      title: `${name} set ${plural(recordTitles.length, 'record')}`,
      body: recordTitles.join('; '),
      link: completedWorkoutLink(log.id),
    },
  ];
}

/**
 * A comment on a completed workout: staff's goes to the athlete; the athlete's to the staff who commented on
 * that workout, else to the athlete's coaches.
 */
export async function workoutCommented(
  scope: TenantScope,
  comment: { logId: string; athleteId: string; text: string },
  author: { id: string; firstName: string; lastName: string; role: string },
): Promise<NewNotification[]> {
  let userIds: string[];
  if (author.id !== comment.athleteId) userIds = [comment.athleteId];
  else {
    const earlier = await scope.selectFields(
      workoutComments,
      { authorId: workoutComments.authorId },
      { where: eq(workoutComments.logId, comment.logId) },
    );
    const staff = earlier.flatMap((row) =>
      row.authorId && row.authorId !== author.id ? [row.authorId] : [],
    );
    userIds = staff.length > 0 ? [...new Set(staff)] : await coachesOf(scope, comment.athleteId);
  }
  const excerpt = comment.text.length > 140 ? `${comment.text.slice(0, 139)}…` : comment.text;
  return [
    {
      userIds,
      kind: 'workout_comment',
      title: `${author.firstName} ${author.lastName} commented on ${author.id === comment.athleteId ? 'their' : 'your'} workout`,
      body: excerpt,
      link: completedWorkoutLink(comment.logId),
    },
  ];
}

/** The activity feed opened on one activity with its comments. */
export const activityLink = (activityId: string) => `/app/activities?activity=${activityId}`;

type ReactedActivity = { id: string; kind: string; athleteId: string | null; title: string };
type Reactor = { id: string; firstName: string; lastName: string };

/** What an activity is to the athlete it is about: "your workout", "your record". */
const activityNoun = (kind: string) =>
  kind === 'workout_completed' ? 'workout' : kind === 'record_set' ? 'record' : 'activity';
const excerptOf = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Staff liked an activity: to the athlete it is about, one notification per activity that counts the likes
 * ("Pitcher Arm Care", then "3 likes on Pitcher Arm Care"), headed by the latest to like it.
 */
export function activityLiked(activity: ReactedActivity, liker: Reactor): NewNotification[] {
  if (!activity.athleteId || activity.athleteId === liker.id) return [];
  return [
    {
      userIds: [activity.athleteId],
      kind: 'activity_reaction',
      title: `${liker.firstName} ${liker.lastName} liked your ${activityNoun(activity.kind)}`,
      body: (count) => (count === 1 ? activity.title : `${count} likes on ${activity.title}`),
      link: activityLink(activity.id),
      batchKey: `activity_liked:${activity.id}`,
    },
  ];
}

/**
 * A comment on an activity, each its own notification: staff's to the athlete it is about; the athlete's answer
 * to the staff who commented on it before.
 */
export async function activityCommented(
  scope: TenantScope,
  activity: ReactedActivity,
  comment: { id: string; text: string },
  author: Reactor,
): Promise<NewNotification[]> {
  if (!activity.athleteId) return [];
  const answering = author.id === activity.athleteId;
  let userIds = [activity.athleteId];
  if (answering) {
    const earlier = await scope.selectFields(
      activityComments,
      { authorId: activityComments.authorId },
      { where: eq(activityComments.activityId, activity.id) },
    );
    userIds = [
      ...new Set(
        earlier.flatMap((row) => (row.authorId && row.authorId !== author.id ? [row.authorId] : [])),
      ),
    ];
  }
  if (userIds.length === 0) return [];
  const noun = activityNoun(activity.kind);
  return [
    {
      userIds,
      kind: 'activity_reaction',
      title: `${author.firstName} ${author.lastName} ${answering ? `answered on their ${noun}` : `commented on your ${noun}`}`,
      body: excerptOf(comment.text),
      link: activityLink(activity.id),
    },
  ];
}

/** A conversation opened in the chat. */
export const chatLink = (conversationId: string) => `/app/chat/${conversationId}`;

/** What a message without words shows: what it carries. */
const attachmentWords: Record<'image' | 'video' | 'audio' | 'pdf', string> = {
  image: 'Sent a photo',
  video: 'Sent a video',
  audio: 'Sent a voice message',
  pdf: 'Sent a file',
};

/**
 * A chat message, to the conversation's other members: one notification per conversation and person that folds a
 * burst ("3 new messages"), headed by the latest sender ("Sam Lee", or "Sam Lee in Varsity" for a team or group).
 */
export function messageSent(
  conversation: { id: string; kind: 'direct' | 'team' | 'group'; title: string },
  sender: { firstName: string; lastName: string },
  message: { text: string; attachmentKind: keyof typeof attachmentWords | null },
  recipientIds: readonly string[],
): NewNotification[] {
  const name = `${sender.firstName} ${sender.lastName}`;
  const words =
    message.text.length > 0
      ? message.text.length > 120
        ? `${message.text.slice(0, 119)}…`
        : message.text
      : attachmentWords[message.attachmentKind ?? 'pdf'];
  return [
    {
      userIds: recipientIds,
      kind: 'message',
      title: conversation.kind === 'direct' ? name : `${name} in ${conversation.title}`,
      body: (count) => (count === 1 ? words : `${count} new messages`),
      link: chatLink(conversation.id),
      batchKey: messageBatchKey(conversation.id),
    },
  ];
}

/** A conversation's message notifications fold under this key until read (then it is let go, ADR 060). */
export const messageBatchKey = (conversationId: string) => `message:${conversationId}`;

/** Today's answer screen of a questionnaire (the athlete's phone). */
export const questionnaireAnswerLink = (questionnaireId: string, date: string) =>
  `/app/questionnaires/answer/${questionnaireId}/${date}`;

/**
 * A questionnaire assigned: one notification per athlete it reaches, opening today's answer screen when it is due
 * today for that athlete, else the dashboard (where it shows on its days).
 */
export function questionnaireAssigned(
  questionnaire: { id: string; name: string },
  athletes: readonly { athleteId: string; dueToday: boolean }[],
  today: string,
): NewNotification[] {
  return athletes.map(({ athleteId, dueToday }) => ({
    userIds: [athleteId],
    kind: 'questionnaire',
    title: `New questionnaire: ${questionnaire.name}`,
    body: dueToday ? 'It is due today.' : 'It shows on your dashboard on the days it is due.',
    link: dueToday ? questionnaireAnswerLink(questionnaire.id, today) : '/app/dashboard',
  }));
}

/** A questionnaire due now (its assignment's time of day has come) and not answered yet: one per athlete. */
export function questionnairesDue(
  due: readonly { athleteId: string; questionnaireId: string; name: string }[],
  today: string,
): NewNotification[] {
  return due.map(({ athleteId, questionnaireId, name }) => ({
    userIds: [athleteId],
    kind: 'questionnaire',
    title: `${name} is due`,
    body: 'It takes under a minute: answer it before training.',
    link: questionnaireAnswerLink(questionnaireId, today),
  }));
}
