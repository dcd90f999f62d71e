import type { DueResponse, QuestionnaireForm } from '@contract/questionnaires';
import type { AnswerValues } from '@contract/questionnaire-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addDaysTo } from '@/lib/schedule/calendar-range';
import type { DeviceAnswer } from '@/lib/questionnaire-sync/device-answers';
import { athleteToday, dueQueries, keptDueCovering } from '@/lib/questionnaire-sync/due-queries';
import { useDeviceAnswers } from '@/lib/questionnaire-sync/use-device-answers';
import { settingsQueries } from '@/lib/settings/settings-queries';

/** One questionnaire to answer on one day, with what the server and this device know of its answer. */
export interface QuestionnaireDay {
  questionnaire: QuestionnaireForm;
  date: string;
  /** Due on that date (with its time of day), or answerable any day. */
  timeOfDay: string | null;
  /** The day's answer the server holds. */
  serverAnswer: { id: string; values: AnswerValues } | null;
  /** The device's answer, newer than the server's while it waits or was refused. */
  deviceAnswer: DeviceAnswer | null;
}

/** Answered, as the athlete sees it: sent, or saved on the device and on its way. */
export const isAnswered = (day: QuestionnaireDay) =>
  day.deviceAnswer ? day.deviceAnswer.status !== 'refused' : day.serverAnswer !== null;

/** The due list covering `date` (from the server, or the newest this device kept), and the device's answers. */
export function useDueCovering(athleteId: string, date: string | null, { enabled = true } = {}) {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQueries.full());
  // Today is the organisation's: asked before its time zone is known, the week could start a day off and be read twice.
  const timeZoneKnown = settings.data !== undefined || settings.isError;
  const today = athleteToday(queryClient);
  const day = date ?? today;
  const from = day < today ? day : today;
  const due = useQuery({
    ...dueQueries.comingWeek(athleteId, from),
    enabled: enabled && timeZoneKnown,
    placeholderData: () => keptDueCovering(queryClient, athleteId, day),
  });
  const deviceAnswers = useDeviceAnswers(athleteId);
  return { due, deviceAnswers, day };
}

/** The questionnaires of one day: those due, in time-of-day order, then the any-day ones. */
export function questionnairesOfDay(
  due: DueResponse,
  deviceAnswers: readonly DeviceAnswer[],
  date: string,
): { dueToday: QuestionnaireDay[]; missedDayBefore: QuestionnaireDay[]; anyDay: QuestionnaireDay[] } {
  // The version asked for; an any-day one is answered in its newest.
  const byId = (id: string, version?: number) =>
    due.questionnaires.find(
      (questionnaire) =>
        questionnaire.id === id && questionnaire.version === (version ?? questionnaire.currentVersion),
    );
  const deviceAnswerOf = (questionnaireId: string, on = date) =>
    deviceAnswers.find((answer) => answer.questionnaireId === questionnaireId && answer.date === on) ?? null;
  const dueOn = (on: string) =>
    due.due
      .filter((item) => item.date === on)
      .sort((a, b) => a.timeOfDay.localeCompare(b.timeOfDay))
      .flatMap((item): QuestionnaireDay[] => {
        const questionnaire = byId(item.questionnaireId, item.version);
        return questionnaire
          ? [
              {
                questionnaire,
                date: on,
                timeOfDay: item.timeOfDay,
                serverAnswer: item.answer,
                deviceAnswer: deviceAnswerOf(item.questionnaireId, on),
              },
            ]
          : [];
      });
  const dueToday = dueOn(date);
  // The day before's that the server has no answer for: still answerable, and shown once answered from here.
  const missedDayBefore = dueOn(addDaysTo(date, -1)).filter(
    (day) => day.serverAnswer === null || day.deviceAnswer !== null,
  );
  const anyDay = due.answerable
    .filter((id) => !dueToday.some((day) => day.questionnaire.id === id))
    .flatMap((id): QuestionnaireDay[] => {
      const questionnaire = byId(id);
      const serverAnswer =
        due.otherAnswers.find((answer) => answer.questionnaireId === id && answer.date === date) ?? null;
      return questionnaire
        ? [{ questionnaire, date, timeOfDay: null, serverAnswer, deviceAnswer: deviceAnswerOf(id) }]
        : [];
    });
  return { dueToday, missedDayBefore, anyDay };
}
