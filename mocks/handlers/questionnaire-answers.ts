import { errorCodes } from '@contract/error-codes';
import type { DueResponse, QuestionnaireAnswer, QuestionnaireItem } from '@contract/questionnaires';
import {
  answerResponseSchema,
  dueQuerySchema,
  dueResponseSchema,
  saveAnswerRequestSchema,
} from '@contract/questionnaires';
import type { Question } from '@contract/questionnaire-rules';
import { answersProblems, questionnaireTotal } from '@contract/questionnaire-rules';
import { questionnaireTemplateBodies } from '@contract/questionnaire-templates';
import { addDays, format, parseISO } from 'date-fns';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

/** The demo athlete's questionnaires (issue 26): wellness every morning, an injury check today, session RPE any day. */
export const demoQuestionnaireIds = {
  wellness: '0e5a0001-0000-4000-8000-000000000001',
  injury: '0e5a0001-0000-4000-8000-000000000002',
  sessionRpe: '0e5a0001-0000-4000-8000-000000000003',
} as const;

const updatedAt = '2026-01-05T08:00:00.000Z';

const injuryQuestions: Question[] = [
  { id: 'pain', prompt: 'Any pain today?', kind: 'yes_no', required: true },
  {
    id: 'where',
    prompt: 'Where does it hurt?',
    kind: 'multiple_choice',
    required: false,
    options: ['Shoulder', 'Elbow', 'Back', 'Knee'],
  },
  {
    id: 'trend',
    prompt: 'Compared with yesterday',
    kind: 'single_choice',
    required: true,
    options: ['Better', 'Same', 'Worse'],
  },
  {
    id: 'weight',
    prompt: 'Body weight',
    kind: 'number',
    required: false,
    unit: 'kg',
    min: 30,
    max: 200,
    better: null,
    alertAt: null,
    measure: null,
  },
  { id: 'notes', prompt: 'Anything your coach should know?', kind: 'text', required: false },
];

const questionnaire = (
  id: string,
  body: Pick<QuestionnaireItem, 'name' | 'description' | 'template' | 'questions' | 'anyDay' | 'total'>,
): QuestionnaireItem => ({
  id,
  ...body,
  version: 1,
  currentVersion: 1,
  archivedAt: null,
  updatedAt,
  answerCount: 0,
});

export const demoQuestionnaires: QuestionnaireItem[] = [
  questionnaire(demoQuestionnaireIds.wellness, questionnaireTemplateBodies.wellness),
  questionnaire(demoQuestionnaireIds.injury, {
    name: 'Injury check',
    description: 'How your body feels after practice.',
    template: null,
    questions: injuryQuestions,
    anyDay: false,
    total: null,
  }),
  questionnaire(demoQuestionnaireIds.sessionRpe, questionnaireTemplateBodies.session_rpe),
];

const shiftDate = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

export interface QuestionnaireAnswersFakeOptions {
  /** The organisation's today; by default the first day asked for. */
  today?: string;
  /** Nothing assigned at all (the dashboard shows no card). */
  nothingAssigned?: boolean;
}

/**
 * The athlete's side of the questionnaires API over one state: the due list of the coming week and answers
 * upserted by the device's id, one per questionnaire and day, as the server keeps them (ADR 065).
 */
export function createQuestionnaireAnswersFake(options: QuestionnaireAnswersFakeOptions = {}) {
  const answers = new Map<string, QuestionnaireAnswer>();
  /** Every PUT the fake answered: its id and body, in order. */
  const puts: { id: string; body: unknown; status: number }[] = [];
  const find = (id: string) => demoQuestionnaires.find((candidate) => candidate.id === id);
  const dayAnswer = (questionnaireId: string, athleteId: string, date: string) =>
    [...answers.values()].find(
      (answer) =>
        answer.questionnaireId === questionnaireId && answer.athleteId === athleteId && answer.date === date,
    );

  const handlers = [
    apiRoute(
      { method: 'get', path: '/api/questionnaires/due', responses: { 200: dueResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const query = dueQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationFailure(query.error);
        const { from, to } = query.data;
        const days: string[] = [];
        for (let day = from; day <= to; day = shiftDate(day, 1)) days.push(day);
        const today = options.today ?? from;
        const assigned = options.nothingAssigned ? [] : demoQuestionnaires;
        const due: DueResponse['due'] = assigned
          .filter((item) => !item.anyDay)
          .flatMap((item) =>
            days
              // The wellness check every morning; the injury check after practice today only.
              .filter((day) => item.id === demoQuestionnaireIds.wellness || day === today)
              .map((date) => ({
                date,
                questionnaireId: item.id,
                version: item.version,
                timeOfDay: item.id === demoQuestionnaireIds.wellness ? '07:00' : '18:00',
                answer: dayAnswer(item.id, viewer.id, date) ?? null,
              })),
          );
        const anyDay = assigned.filter((item) => item.anyDay);
        return reply(200, {
          athleteId: viewer.id,
          today,
          due,
          answerable: anyDay.map((item) => item.id),
          otherAnswers: [...answers.values()].filter(
            (answer) =>
              answer.athleteId === viewer.id &&
              answer.date >= from &&
              answer.date <= to &&
              anyDay.some((item) => item.id === answer.questionnaireId),
          ),
          questionnaires: assigned,
        });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/questionnaire-answers/{id}',
        responses: { 200: answerResponseSchema, 201: answerResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const parsed = saveAnswerRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        const body = parsed.data;
        const respond = (response: Response) => {
          puts.push({ id: params.id, body, status: response.status });
          return response;
        };
        if (body.athleteId && body.athleteId !== viewer.id) {
          return respond(
            apiError(403, { code: errorCodes.forbidden, message: 'You can answer only for yourself.' }),
          );
        }
        const item = find(body.questionnaireId);
        if (!item) {
          return respond(apiError(404, { code: errorCodes.notFound, message: 'Questionnaire not found.' }));
        }
        const today = options.today ?? body.date;
        if (body.date < shiftDate(today, -1)) {
          return respond(
            apiError(409, {
              code: errorCodes.conflict,
              message: 'This day’s answer can no longer be changed.',
            }),
          );
        }
        const problems = answersProblems(item.questions, body.values);
        if (Object.keys(problems).length > 0) {
          const fields = Object.fromEntries(
            Object.entries(problems).map(([questionId, problem]) => [`values.${questionId}`, problem]),
          );
          return respond(
            apiError(400, { code: errorCodes.validation, message: 'Check the highlighted fields.', fields }),
          );
        }
        const earlier = answers.get(params.id) ?? dayAnswer(item.id, viewer.id, body.date);
        const now = new Date().toISOString();
        const stored: QuestionnaireAnswer = {
          id: earlier?.id ?? params.id,
          questionnaireId: item.id,
          version: body.version,
          athleteId: viewer.id,
          date: body.date,
          values: body.values,
          total: item.total ? questionnaireTotal(item.questions, body.values) : null,
          createdAt: earlier?.createdAt ?? now,
          updatedAt: now,
        };
        answers.set(stored.id, stored);
        return respond(reply(earlier ? 200 : 201, { answer: stored }));
      },
    ),
  ];
  return { handlers, answers, puts };
}

export const questionnaireAnswerHandlersOfDemo = createQuestionnaireAnswersFake().handlers;
