import type { QuestionnaireTemplate } from '@contract/questionnaires';

/** The ready-made questionnaires as the staff's screens name them. */
export const templateLabels: Record<QuestionnaireTemplate, string> = {
  wellness: 'Wellness',
  hooper: 'Hooper index',
  session_rpe: 'Session RPE',
};

/** One line under each template where staff choose one. */
export const templatePitches: Record<QuestionnaireTemplate, string> = {
  wellness: 'Fatigue, sleep, soreness, stress and mood from 1 to 5, each morning.',
  hooper: 'Sleep, fatigue, stress and soreness from 1 to 7; lower is better.',
  session_rpe: 'Effort and minutes after practice: the session’s load.',
};

export const isQuestionnaireTemplate = (value: unknown): value is QuestionnaireTemplate =>
  value === 'wellness' || value === 'hooper' || value === 'session_rpe';

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
