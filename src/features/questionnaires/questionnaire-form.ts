import type {
  QuestionnaireItem,
  QuestionnaireTemplate,
  SaveQuestionnaireRequest,
} from '@contract/questionnaires';
import { questionnaireTemplates, saveQuestionnaireRequestSchema } from '@contract/questionnaires';
import type { BetterDirection, Question, QuestionKind } from '@contract/questionnaire-rules';
import { betterDirections, questionKinds, questionMeasures } from '@contract/questionnaire-rules';
import type { QuestionnaireTemplateBody } from '@contract/questionnaire-templates';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { get } from 'react-hook-form';
import { nestedFieldErrors } from '@/lib/forms/field-errors';
import { z } from 'zod';

/*
 * The builder's form: every question keeps the boxes of every kind as typed text, so the contract's schema is the
 * one check (`questionnaireFormResolver`) and its issues land beside the box they are about (`formFieldOf`).
 */

export interface QuestionForm {
  /** The question's id: from the template or the saved version, else made here; kept so trends continue. */
  questionId: string;
  kind: QuestionKind;
  prompt: string;
  required: boolean;
  min: string;
  max: string;
  minLabel: string;
  maxLabel: string;
  better: BetterDirection | '';
  alertAt: string;
  unit: string;
  /** What it measures for the session-RPE load (from the template): kept, not edited. */
  measure: 'session_rpe' | 'session_minutes' | null;
  options: { text: string }[];
}

export interface QuestionnaireFormValues {
  name: string;
  description: string;
  template: QuestionnaireTemplate | null;
  anyDay: boolean;
  hasTotal: boolean;
  totalLabel: string;
  totalBetter: BetterDirection | '';
  questions: QuestionForm[];
}

/** What the builder keeps on the device while the coach works: the boxes, and the version they started from. */
export interface QuestionnaireDraft {
  values: QuestionnaireFormValues;
  /** The saved version the changes were made on; null for a new questionnaire. */
  version: number | null;
}

const questionFormSchema = z.object({
  questionId: z.string().min(1),
  kind: z.enum(questionKinds),
  prompt: z.string(),
  required: z.boolean(),
  min: z.string(),
  max: z.string(),
  minLabel: z.string(),
  maxLabel: z.string(),
  better: z.enum([...betterDirections, '']),
  alertAt: z.string(),
  unit: z.string(),
  measure: z.enum(questionMeasures).nullable(),
  options: z.array(z.object({ text: z.string() })),
});
const questionnaireDraftSchema = z.object({
  values: z.object({
    name: z.string(),
    description: z.string(),
    template: z.enum(questionnaireTemplates).nullable(),
    anyDay: z.boolean(),
    hasTotal: z.boolean(),
    totalLabel: z.string(),
    totalBetter: z.enum([...betterDirections, '']),
    questions: z.array(questionFormSchema),
  }),
  version: z.int().nullable(),
}) satisfies z.ZodType<QuestionnaireDraft>;

/** A draft read back from the device (outside input): the builder's shape, or null. */
export const readQuestionnaireDraft = (saved: unknown): QuestionnaireDraft | null =>
  questionnaireDraftSchema.safeParse(saved).data ?? null;

/** Where the builder keeps its draft: per user, and per questionnaire or per template it starts from. */
export const questionnaireDraftKey = (
  userId: string,
  start: { questionnaireId: string } | { template: QuestionnaireTemplate | undefined },
) =>
  'questionnaireId' in start
    ? `questionnaire-${userId}-${start.questionnaireId}`
    : `questionnaire-${userId}-new-${(start.template ?? 'blank').replaceAll('_', '-')}`;

export const questionKindLabels: Record<QuestionKind, string> = {
  scale: 'Scale',
  number: 'Number',
  text: 'Text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  yes_no: 'Yes / no',
};

/** A new question's id: a UUID fits the contract's id (lower-case hex and dashes, 36 characters). */
const newQuestionId = () => crypto.randomUUID();

export function emptyQuestion(kind: QuestionKind): QuestionForm {
  return {
    questionId: newQuestionId(),
    kind,
    prompt: '',
    required: kind !== 'text',
    min: kind === 'scale' ? '1' : '',
    max: kind === 'scale' ? '5' : '',
    minLabel: '',
    maxLabel: '',
    better: kind === 'scale' ? 'higher' : '',
    alertAt: '',
    unit: '',
    measure: null,
    options: kind === 'single_choice' || kind === 'multiple_choice' ? [{ text: '' }, { text: '' }] : [],
  };
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function questionFormOf(question: Question): QuestionForm {
  const base = { ...emptyQuestion(question.kind), questionId: question.id, prompt: question.prompt };
  base.required = question.required;
  switch (question.kind) {
    case 'scale':
      return {
        ...base,
        min: text(question.min),
        max: text(question.max),
        minLabel: question.minLabel,
        maxLabel: question.maxLabel,
        better: question.better ?? '',
        alertAt: text(question.alertAt),
        measure: question.measure,
      };
    case 'number':
      return {
        ...base,
        unit: question.unit,
        min: text(question.min),
        max: text(question.max),
        better: question.better ?? '',
        alertAt: text(question.alertAt),
        measure: question.measure,
      };
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, options: question.options.map((option) => ({ text: option })) };
    default:
      return base;
  }
}

export const emptyQuestionnaireForm: QuestionnaireFormValues = {
  name: '',
  description: '',
  template: null,
  anyDay: false,
  hasTotal: false,
  totalLabel: '',
  totalBetter: '',
  questions: [],
};

export function questionnaireFormOf(
  source: Pick<QuestionnaireItem, 'name' | 'description' | 'template' | 'anyDay' | 'total' | 'questions'>,
): QuestionnaireFormValues {
  return {
    name: source.name,
    description: source.description,
    template: source.template,
    anyDay: source.anyDay,
    hasTotal: source.total !== null,
    totalLabel: source.total?.label ?? '',
    totalBetter: source.total?.better ?? '',
    questions: source.questions.map(questionFormOf),
  };
}

export const templateFormOf = (body: QuestionnaireTemplateBody) => questionnaireFormOf(body);

/** Typed text as the number it says; '' is none, anything else unreadable is NaN (the schema refuses it). */
const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

function questionOf(form: QuestionForm): Question {
  const base = { id: form.questionId, prompt: form.prompt, required: form.required };
  switch (form.kind) {
    case 'scale':
      return {
        ...base,
        kind: 'scale',
        min: numberOf(form.min) ?? Number.NaN,
        max: numberOf(form.max) ?? Number.NaN,
        minLabel: form.minLabel,
        maxLabel: form.maxLabel,
        better: form.better || null,
        alertAt: numberOf(form.alertAt),
        measure: form.measure === 'session_rpe' ? 'session_rpe' : null,
      };
    case 'number':
      return {
        ...base,
        kind: 'number',
        unit: form.unit,
        min: numberOf(form.min),
        max: numberOf(form.max),
        better: form.better || null,
        alertAt: numberOf(form.alertAt),
        measure: form.measure === 'session_minutes' ? 'session_minutes' : null,
      };
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, kind: form.kind, options: form.options.map((option) => option.text) };
    case 'text':
    case 'yes_no':
      return { ...base, kind: form.kind };
  }
}

export function toSaveQuestionnaireRequest(values: QuestionnaireFormValues): SaveQuestionnaireRequest {
  return {
    name: values.name,
    description: values.description,
    template: values.template,
    anyDay: values.anyDay,
    total: values.hasTotal ? { label: values.totalLabel, better: values.totalBetter || null } : null,
    questions: values.questions.map(questionOf),
  };
}

const questionBoxes = new Set(['prompt', 'min', 'max', 'minLabel', 'maxLabel', 'better', 'alertAt', 'unit']);

/**
 * Where an issue about the request's `path` shows in the form: `questions.2.max` on that box, an answer
 * `questions.2.options.1` on its box, a question's id or kind on its prompt, the total's on its label. The whole
 * list's (`questions`) shows above the questions.
 */
export function formFieldOf(path: string): string {
  const question = /^questions\.(\d+)\.(\w+)(?:\.(\d+))?/.exec(path);
  if (question) {
    const [, index, field, option] = question;
    if (field === 'options')
      return option === undefined
        ? `questions.${index}.options.root`
        : `questions.${index}.options.${option}.text`;
    return `questions.${index}.${field && questionBoxes.has(field) ? field : 'prompt'}`;
  }
  if (path === 'questions' || /^questions\.\d+$/.test(path)) return 'root.questions';
  if (path.startsWith('total.better')) return 'totalBetter';
  if (path.startsWith('total')) return 'totalLabel';
  if (path === 'name' || path === 'description' || path === 'anyDay') return path;
  return 'root.questions';
}

/** The message at a place of the errors, if any. */
export const messageAt = (errors: FieldErrors<QuestionnaireFormValues>, path: string): string | undefined =>
  get<FieldErrors<QuestionnaireFormValues>, { message?: string } | undefined>(errors, path)?.message;

/** Typed text that is no number, said in the builder's words rather than zod's. */
function unreadableNumbers(values: QuestionnaireFormValues): Record<string, string> {
  const messages: Record<string, string> = {};
  values.questions.forEach((question, index) => {
    if (question.kind !== 'scale' && question.kind !== 'number') return;
    for (const box of ['min', 'max', 'alertAt'] as const) {
      const value = question[box].trim();
      if (question.kind === 'scale' && box !== 'alertAt' && value === '')
        messages[`questions.${index}.${box}`] = 'Enter a whole number';
      else if (value !== '' && !Number.isFinite(Number(value)))
        messages[`questions.${index}.${box}`] = 'Enter a number';
    }
  });
  return messages;
}

/** The contract's schema as the builder's check: what the server would refuse is refused here first. */
export const questionnaireFormResolver: Resolver<QuestionnaireFormValues> = (values) => {
  const messages = unreadableNumbers(values);
  const parsed = saveQuestionnaireRequestSchema.safeParse(toSaveQuestionnaireRequest(values));
  if (parsed.success && Object.keys(messages).length === 0) return { values, errors: {} };
  for (const issue of parsed.error?.issues ?? [])
    messages[issue.path.map(String).join('.')] ??= issue.message;
  return { values: {}, errors: fieldErrorsOf(messages) };
};

/** Field errors as react-hook-form keeps them, at the builder's places. */
function fieldErrorsOf(messages: Readonly<Record<string, string>>): FieldErrors<QuestionnaireFormValues> {
  return nestedFieldErrors<QuestionnaireFormValues>(messages, formFieldOf);
}
