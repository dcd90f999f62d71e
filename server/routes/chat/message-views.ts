import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ChatMessageItem, ChatPerson, MessageAbout, MessageAboutKind } from '../../../contract/chat';
import { recordKindLabels } from '../../../contract/tracking';
import {
  conversationReads,
  exercises,
  personalRecords,
  scheduleEntries,
  uploads,
  users,
  workoutLogs,
} from '../../db/schema';
import type { MessageRow } from '../../lib/chat/write-message';
import { completedWorkoutLink, scheduleDayLink } from '../../lib/notifications/makers';
import type { TenantScope } from '../../lib/tenancy';
import { attachmentView } from '../../lib/uploads/attachment-view';
import type { FileLinks } from '../../lib/uploads/file-links';

export interface ChatViewer {
  id: string;
  role: 'admin' | 'coach' | 'athlete';
  locale: string;
}

/** The people by id, in one query: members and senders of every conversation on the screen. */
export async function peopleById(
  tenant: TenantScope,
  ids: Iterable<string>,
): Promise<Map<string, ChatPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const people = await tenant.selectFields(
    users,
    { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
    { where: inArray(users.id, unique) },
  );
  return new Map(people.map((person) => [person.id, person]));
}

const shortDay = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

interface Pointed {
  athleteId: string;
  label: string;
  link: string;
}

/** What messages point at, with words and a link, in at most one query per kind (ADR 060). */
async function pointedAt(
  tenant: TenantScope,
  rows: readonly MessageRow[],
  locale: string,
): Promise<Map<string, Pointed>> {
  const idsOf = (kind: MessageAboutKind) => [
    ...new Set(rows.flatMap((row) => (row.aboutKind === kind && row.aboutId ? [row.aboutId] : []))),
  ];
  const found = new Map<string, Pointed>();
  const entryIds = idsOf('workout');
  if (entryIds.length > 0) {
    const entries = await tenant.selectFields(
      scheduleEntries,
      {
        id: scheduleEntries.id,
        athleteId: scheduleEntries.athleteId,
        name: scheduleEntries.name,
        date: scheduleEntries.date,
      },
      { where: inArray(scheduleEntries.id, entryIds) },
    );
    for (const entry of entries) {
      found.set(`workout:${entry.id}`, {
        athleteId: entry.athleteId,
        label: `${entry.name} · ${shortDay(entry.date, locale)}`,
        link: scheduleDayLink(entry.date),
      });
    }
  }
  const logIds = idsOf('completed_workout');
  if (logIds.length > 0) {
    const logs = await tenant.selectFields(
      workoutLogs,
      {
        id: workoutLogs.id,
        athleteId: workoutLogs.athleteId,
        date: workoutLogs.date,
        name: sql<string>`(select e.name from ${scheduleEntries} e where e.id = "workout_logs"."entry_id")`,
      },
      { where: inArray(workoutLogs.id, logIds) },
    );
    for (const log of logs) {
      found.set(`completed_workout:${log.id}`, {
        athleteId: log.athleteId,
        label: `${log.name} · ${shortDay(log.date, locale)}`,
        link: completedWorkoutLink(log.id),
      });
    }
  }
  const recordIds = idsOf('record');
  if (recordIds.length > 0) {
    const records = await tenant.selectFields(
      personalRecords,
      {
        id: personalRecords.id,
        athleteId: personalRecords.athleteId,
        kind: personalRecords.kind,
        achievedAt: personalRecords.achievedAt,
        exercise: sql<string>`(select x.name from ${exercises} x where x.id = "personal_records"."exercise_id")`,
      },
      { where: inArray(personalRecords.id, recordIds) },
    );
    for (const record of records) {
      found.set(`record:${record.id}`, {
        athleteId: record.athleteId,
        label: `${record.exercise}: ${recordKindLabels[record.kind]} · ${shortDay(record.achievedAt.toISOString().slice(0, 10), locale)}`,
        link: `/app/users/${record.athleteId}?tab=training`,
      });
    }
  }
  return found;
}

/**
 * Messages as one viewer sees them, in a constant number of queries for any number of messages and
 * conversations: senders, attachments (links signed for the viewer), what they point at, and who has read them.
 */
export async function messageViews(
  tenant: TenantScope,
  viewer: ChatViewer,
  rows: readonly MessageRow[],
  membersOf: (conversationId: string) => readonly string[],
  links: FileLinks,
  people?: Map<string, ChatPerson>,
): Promise<ChatMessageItem[]> {
  if (rows.length === 0) return [];
  // Senders the caller knows already (the members) are not read again; a former member's name still is.
  const unknown = rows.flatMap((row) => (row.senderId && !people?.has(row.senderId) ? [row.senderId] : []));
  const uploadIds = [...new Set(rows.flatMap((row) => (row.uploadId ? [row.uploadId] : [])))];
  const conversationIds = [...new Set(rows.map((row) => row.conversationId))];
  // Independent reads go together: a page costs one round trip for all of them, not one each.
  const [others, attached, reads, about] = await Promise.all([
    peopleById(tenant, unknown),
    uploadIds.length === 0
      ? []
      : tenant.select(uploads, {
          where: and(inArray(uploads.id, uploadIds), eq(uploads.status, 'complete')),
        }),
    tenant.select(conversationReads, { where: inArray(conversationReads.conversationId, conversationIds) }),
    pointedAt(tenant, rows, viewer.locale),
  ]);
  const senders = new Map([...(people ?? []), ...others]);
  const uploadById = new Map(attached.map((upload) => [upload.id, upload]));

  return await Promise.all(
    rows.map(async (row): Promise<ChatMessageItem> => {
      const upload = row.uploadId ? uploadById.get(row.uploadId) : undefined;
      const members = new Set(membersOf(row.conversationId));
      let aboutView: MessageAbout | null = null;
      if (row.aboutKind && row.aboutId) {
        const pointed = about.get(`${row.aboutKind}:${row.aboutId}`);
        // An athlete sees words only for their own training; anyone sees that the message points somewhere.
        const visible = pointed && (viewer.role !== 'athlete' || pointed.athleteId === viewer.id);
        aboutView = {
          kind: row.aboutKind as MessageAboutKind,
          id: row.aboutId,
          label: visible ? pointed.label : null,
          link: visible ? pointed.link : null,
        };
      }
      return {
        id: row.id,
        conversationId: row.conversationId,
        sender: (row.senderId ? senders.get(row.senderId) : undefined) ?? null,
        text: row.text,
        attachment: upload ? await attachmentView(upload, viewer.id, links) : null,
        about: aboutView,
        createdAt: row.createdAt.toISOString(),
        readBy: reads
          .filter(
            (read) =>
              read.conversationId === row.conversationId &&
              read.userId !== row.senderId &&
              members.has(read.userId) &&
              read.readUpTo >= row.createdAt,
          )
          .map((read) => read.userId),
      };
    }),
  );
}
