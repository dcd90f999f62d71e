import { z } from 'zod';
import { pageQuerySchema, queryIntegerSchema } from './paging';

/**
 * Notifications (issue 24, ADR 055): to one user, made by the server when something happens that is about them.
 * `GET /api/notifications?user={id}` is the spec's path; a user reads only its own.
 */

export const notificationKinds = [
  /** Workouts or a program scheduled for the athlete: one notification per day's batch. */
  'workout_scheduled',
  /** Staff corrected one of the athlete's logged workouts. */
  'log_corrected',
  /** To staff: someone signed up and waits for approval. */
  'signup_waiting',
  /** To the person: their account was approved. */
  'account_approved',
  /** To the athlete's coaches: the athlete set a record (when the organisation turns it on). */
  'record_set',
  /** A comment on a completed workout, to the other side. */
  'workout_comment',
  /** To the athlete: staff liked or commented on its activity (one notification per activity's batch of likes). */
  'activity_reaction',
  /** A chat message (issue 25). */
  'message',
  /** To the athlete: a questionnaire was assigned, or one is due today at its time (issue 26). */
  'questionnaire',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationPaging = { defaultSize: 20, maxSize: 100 } as const;

export const notificationListQuerySchema = z.object({
  user: z.uuid({ error: 'user must be a user id (UUID)' }),
  page: pageQuerySchema,
  size: queryIntegerSchema(
    z
      .int({ error: 'size must be a whole number' })
      .min(1, 'size must be at least 1')
      .max(notificationPaging.maxSize, `size must be at most ${notificationPaging.maxSize}`),
    notificationPaging.defaultSize,
  ),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** Spec 3: 1 success or information (the default), 0 an error. */
  status: z.int(),
  /** The app path it opens, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  /** When it was made or last folded into (a day's batch): the list's order, newest first. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  page: z.int(),
  size: z.int(),
  total: z.int(),
  /** Unread notifications of the user in all (the bell's count), not only on this page. */
  unread: z.int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationParamSchema = z.object({
  id: z.uuid({ error: 'id must be a notification id (UUID)' }),
});

/** PATCH /api/notifications/{id}: read or unread. */
export const patchNotificationRequestSchema = z.object({
  read: z.boolean({ error: 'read must be true or false' }),
});

export const notificationResponseSchema = z.object({ data: notificationSchema });
/** POST /api/notifications/read-all and DELETE: what is unread afterwards. */
export const notificationCountResponseSchema = z.object({ data: z.object({ unread: z.int() }) });

export const notificationPreferencesSchema = z
  .object({
    /** Kinds that stay in the app and do not push. */
    mutedKinds: z.array(z.enum(notificationKinds)),
    /** "HH:mm" in the organisation's time zone; both null: no quiet hours. */
    quietFrom: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'quietFrom must be a time like 22:00')
      .nullable(),
    quietUntil: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'quietUntil must be a time like 07:00')
      .nullable(),
  })
  .superRefine((preferences, context) => {
    // Quiet hours are a span: both ends, or none.
    if ((preferences.quietFrom === null) === (preferences.quietUntil === null)) return;
    const missing = preferences.quietFrom === null ? 'quietFrom' : 'quietUntil';
    context.addIssue({ code: 'custom', message: 'Give both quiet times, or neither', path: [missing] });
  });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
