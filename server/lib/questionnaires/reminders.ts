import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  organizations,
  questionnaireAnswers,
  questionnaireAssignments,
  questionnaireReminders,
  questionnaires,
} from '../../db/schema';
import { todayIn } from '../calendar-days';
import { questionnairesDue } from '../notifications/makers';
import { notify } from '../notifications/notify';
import { TenantScope } from '../tenancy';
import { dueBetween } from './due';

/**
 * Reminds athletes of a questionnaire when its assignment's time of day has come in the organisation's zone and it
 * is not answered yet (ADR 070). Every process sweeps each minute; `questionnaire_reminders` (one row per athlete,
 * questionnaire and date, inserted `on conflict do nothing`) makes the reminder go out once, however many
 * processes sweep and even when the athlete has deleted the notification.
 */
export class QuestionnaireReminders {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Answers how many reminders were sent. */
  async sweep(): Promise<number> {
    // Only organisations with a live assignment: most minutes of most organisations have nothing to do.
    const withAssignments = await this.db
      .selectDistinct({ id: organizations.id, timeZone: organizations.timeZone })
      .from(questionnaireAssignments)
      .innerJoin(organizations, eq(organizations.id, questionnaireAssignments.organizationId))
      .where(isNull(questionnaireAssignments.stoppedAt));
    let sent = 0;
    for (const organization of withAssignments)
      sent += await this.remindIn(organization.id, organization.timeZone);
    return sent;
  }

  private async remindIn(organizationId: string, timeZone: string): Promise<number> {
    const now = this.now();
    const today = todayIn(timeZone, now);
    const clock = format(now, 'HH:mm', { in: tz(timeZone) });
    const tenant = new TenantScope(this.db, organizationId);
    const due = (
      await dueBetween(tenant, {
        from: today,
        to: today,
        stoppedOn: (stoppedAt) => todayIn(timeZone, stoppedAt),
      })
    ).filter((item) => item.timeOfDay <= clock);
    if (due.length === 0) return 0;
    const answered = await tenant.selectFields(
      questionnaireAnswers,
      { athleteId: questionnaireAnswers.athleteId, questionnaireId: questionnaireAnswers.questionnaireId },
      { where: eq(questionnaireAnswers.date, today) },
    );
    const answeredKeys = new Set(answered.map((row) => `${row.athleteId}:${row.questionnaireId}`));
    const waiting = due.filter((item) => !answeredKeys.has(`${item.athleteId}:${item.questionnaireId}`));
    if (waiting.length === 0) return 0;
    return await tenant.transaction(async (scope) => {
      const claimed = await scope.insertMissing(
        questionnaireReminders,
        waiting.map((item) => ({
          questionnaireId: item.questionnaireId,
          athleteId: item.athleteId,
          date: today,
        })),
      );
      if (claimed.length === 0) return 0;
      const names = await scope.selectFields(
        questionnaires,
        { id: questionnaires.id, name: questionnaires.name },
        { where: inArray(questionnaires.id, [...new Set(claimed.map((row) => row.questionnaireId))]) },
      );
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      await notify(
        scope,
        questionnairesDue(
          claimed.map((row) => ({
            athleteId: row.athleteId,
            questionnaireId: row.questionnaireId,
            name: nameOf.get(row.questionnaireId) ?? 'A questionnaire',
          })),
          today,
        ),
      );
      return claimed.length;
    });
  }

  /** Sweeps every `everyMs` (not keeping the process alive); a failed sweep is tried again next time. */
  start(everyMs = 60 * 1000): void {
    this.timer ??= setInterval(() => {
      this.sweep().catch((error: unknown) => console.error('Reminding of questionnaires failed:', error));
    }, everyMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
