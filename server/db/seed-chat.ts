import { and, asc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { directKeyOf } from '../lib/chat/direct-conversation';
import type { Database } from './client';
import {
  athleteGroups,
  chatMessages,
  conversationMembers,
  conversationReads,
  conversations,
  organizations,
  users,
  workoutLogs,
} from './schema';

type Line = { from: 'coach' | 'athlete'; text: string; hoursAgo: number; aboutWorkout?: true };

/** A coach and an athlete over the past days: how a buyer sees the chat used (plain rows, no notifications). */
const directLines: Line[] = [
  {
    from: 'coach',
    text: 'Morning Jamie — how did the shoulder feel after Tuesday’s bullpen?',
    hoursAgo: 120,
  },
  { from: 'athlete', text: 'A little tight at the end but fine this morning.', hoursAgo: 119 },
  { from: 'coach', text: 'Good. Keep the band work before every throwing day this week.', hoursAgo: 118 },
  { from: 'athlete', text: 'Will do. Should I still long toss Thursday?', hoursAgo: 96 },
  { from: 'coach', text: 'Yes, cap it at 150 ft and stop if anything pinches.', hoursAgo: 95 },
  { from: 'athlete', text: 'Got it 👍', hoursAgo: 94 },
  {
    from: 'coach',
    text: 'Nice work on this one — bar speed on the last sets was the best yet.',
    hoursAgo: 50,
    aboutWorkout: true,
  },
  { from: 'athlete', text: 'Thanks! The last set felt heavy though.', hoursAgo: 49 },
  { from: 'coach', text: 'That’s the point of the top set. We’ll add 5 lb next week.', hoursAgo: 48 },
  { from: 'athlete', text: 'Can we move Friday’s lift to the morning? Exam at 3.', hoursAgo: 26 },
  { from: 'coach', text: 'Sure, come in at 7. I’ll have the rack ready.', hoursAgo: 25 },
  { from: 'coach', text: 'And bring your throwing log for the week.', hoursAgo: 3 },
];

const teamLines: { from: string; text: string; hoursAgo: number }[] = [
  { from: 'coach@demo.test', text: 'Pitchers: bullpens move to 3:30 this week, field 2.', hoursAgo: 72 },
  { from: 'tyler.brooks@demo.test', text: 'Do we bring our own weighted balls?', hoursAgo: 71 },
  { from: 'coach@demo.test', text: 'No, the set in the shed is ours now.', hoursAgo: 70 },
  { from: 'noah.kim@demo.test', text: 'Running 5 min late today, sorry coach.', hoursAgo: 30 },
];

const hoursAgo = (now: number, hours: number) => new Date(now - hours * 3_600_000);

/** The demo organisation's chat: a coach–athlete conversation and the first athlete group's team conversation. */
export async function seedChat(db: Database, slug: string, firstGroupName: string): Promise<void> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  if (!organization) return;
  const organizationId = organization.id;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.email, ['coach@demo.test', 'athlete@demo.test', ...teamLines.map((line) => line.from)]),
      ),
    );
  const idOf = (email: string) => people.find((person) => person.email === email)?.id;
  const coachId = idOf('coach@demo.test');
  const athleteId = idOf('athlete@demo.test');
  if (!coachId || !athleteId) return;
  const now = Date.now();

  const [completed] = await db
    .select({ id: workoutLogs.id })
    .from(workoutLogs)
    .where(and(eq(workoutLogs.athleteId, athleteId), eq(workoutLogs.status, 'completed')))
    .orderBy(asc(workoutLogs.date))
    .limit(1);
  const directId = uuidv7();
  const directLast = hoursAgo(now, directLines.at(-1)!.hoursAgo);
  await db.insert(conversations).values({
    id: directId,
    organizationId,
    kind: 'direct',
    directKey: directKeyOf(coachId, athleteId),
    createdBy: coachId,
    createdAt: hoursAgo(now, directLines[0]!.hoursAgo + 1),
    lastMessageAt: directLast,
  });
  await db
    .insert(conversationMembers)
    .values([coachId, athleteId].map((userId) => ({ organizationId, conversationId: directId, userId })));
  await db.insert(chatMessages).values(
    directLines.map((line) => ({
      id: uuidv7(),
      organizationId,
      conversationId: directId,
      senderId: line.from === 'coach' ? coachId : athleteId,
      text: line.text,
      aboutKind: line.aboutWorkout && completed ? 'completed_workout' : null,
      aboutId: line.aboutWorkout && completed ? completed.id : null,
      createdAt: hoursAgo(now, line.hoursAgo),
    })),
  );
  // The coach has read everything; the athlete has the last two to read (an unread count on first sign-in).
  await db.insert(conversationReads).values([
    { organizationId, conversationId: directId, userId: coachId, readUpTo: directLast },
    { organizationId, conversationId: directId, userId: athleteId, readUpTo: hoursAgo(now, 26) },
  ]);

  const [group] = await db
    .select({ id: athleteGroups.id })
    .from(athleteGroups)
    .where(and(eq(athleteGroups.organizationId, organizationId), eq(athleteGroups.name, firstGroupName)));
  if (!group) return;
  const teamId = uuidv7();
  const spoken = teamLines.filter((line) => idOf(line.from));
  const teamLast = hoursAgo(now, spoken.at(-1)?.hoursAgo ?? 80);
  await db.insert(conversations).values({
    id: teamId,
    organizationId,
    kind: 'team',
    athleteGroupId: group.id,
    createdAt: hoursAgo(now, 80),
    lastMessageAt: teamLast,
  });
  if (spoken.length === 0) return;
  await db.insert(chatMessages).values(
    spoken.map((line) => ({
      id: uuidv7(),
      organizationId,
      conversationId: teamId,
      senderId: idOf(line.from)!,
      text: line.text,
      createdAt: hoursAgo(now, line.hoursAgo),
    })),
  );
  await db
    .insert(conversationReads)
    .values({ organizationId, conversationId: teamId, userId: coachId, readUpTo: teamLast });
}
