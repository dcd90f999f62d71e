import { TZDate } from '@date-fns/tz';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, organizations, questionnaireReminders, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { todayIn } from '../calendar-days';
import { QuestionnaireReminders } from './reminders';

/*
 * The demo seeds Daily wellness daily at 07:30 on its groups, answered today by everyone but Jamie (the demo
 * athlete) and Diego (seed-questionnaires.ts): those two are reminded once its time has come, once.
 */
let t: TestContext;
let waiting: { id: string; email: string }[];
/** Today in the demo's zone at a time of day, as the sweep's clock. */
let at: (hours: number, minutes: number) => Date;

const remindersOf = async (userIds: string[]) =>
  await t.db
    .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'questionnaire')));

beforeAll(async () => {
  t = await createTestContext();
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const timeZone = demo!.timeZone;
  const [year, month, day] = todayIn(timeZone).split('-').map(Number) as [number, number, number];
  at = (hours, minutes) => new TZDate(year, month - 1, day, hours, minutes, timeZone);
  waiting = await t.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['athlete@demo.test', 'diego.martinez@demo.test']));
});
afterAll(() => t.close());

describe('reminders of questionnaires due', () => {
  it('waits for the time of day, then reminds who has not answered, once, however many processes sweep', async () => {
    expect(await new QuestionnaireReminders(t.db, () => at(7, 0)).sweep()).toBe(0);

    // Two processes sweep the same minute: the reminders table lets one of them send each reminder.
    const sent = await Promise.all([
      new QuestionnaireReminders(t.db, () => at(7, 31)).sweep(),
      new QuestionnaireReminders(t.db, () => at(7, 31)).sweep(),
    ]);
    expect(sent[0] + sent[1]).toBe(2);
    const ids = waiting.map((athlete) => athlete.id);
    const reminded = await remindersOf(ids);
    expect(reminded.map((row) => row.title)).toEqual(['Daily wellness is due', 'Daily wellness is due']);
    expect(reminded.every((row) => row.link?.startsWith('/app/questionnaires/answer/'))).toBe(true);

    // A deleted reminder is not sent again, and nobody who answered was reminded.
    await t.db.delete(notifications).where(inArray(notifications.userId, ids));
    expect(await new QuestionnaireReminders(t.db, () => at(12, 0)).sweep()).toBe(0);
    expect(await remindersOf(ids)).toEqual([]);
    const rows = await t.db.select().from(questionnaireReminders);
    expect(new Set(rows.map((row) => row.athleteId))).toEqual(new Set(ids));
  });
});
