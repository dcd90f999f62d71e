import type { AnswerValue, AnswerValues, Question } from '@contract/questionnaire-rules';

/** What a question's field holds: a number is kept as typed ("72,5" on a comma phone) until it is saved. */
export type FormAnswer = AnswerValue | undefined;
export type AnswerFormValues = Record<string, FormAnswer>;

/** The fields of a questionnaire, filled with an earlier answer of the day. */
export function formValuesOf(questions: readonly Question[], values: AnswerValues | null): AnswerFormValues {
  const form: AnswerFormValues = {};
  for (const question of questions) {
    const value = values?.[question.id] ?? null;
    if (question.kind === 'number') form[question.id] = typeof value === 'number' ? String(value) : '';
    else if (question.kind === 'text') form[question.id] = typeof value === 'string' ? value : '';
    else if (question.kind === 'multiple_choice') form[question.id] = Array.isArray(value) ? value : [];
    else form[question.id] = value;
  }
  return form;
}

/** The answers as the API takes them: blanks are no answer, typed numbers are numbers. */
export function answerValuesOf(questions: readonly Question[], form: AnswerFormValues): AnswerValues {
  const values: AnswerValues = {};
  for (const question of questions) {
    const value = form[question.id];
    if (question.kind === 'number' && typeof value === 'string') {
      const typed = value.trim().replace(',', '.');
      values[question.id] = typed === '' ? null : Number(typed);
    } else if (typeof value === 'string') {
      values[question.id] = value.trim() === '' ? null : value.trim();
    } else if (Array.isArray(value)) {
      values[question.id] = value.length === 0 ? null : value;
    } else {
      values[question.id] = value ?? null;
    }
  }
  return values;
}
