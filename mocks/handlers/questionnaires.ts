import type {
  QuestionnaireAssignment,
  QuestionnaireItem,
  QuestionnaireSummary,
  SaveQuestionnaireRequest,
} from '@contract/questionnaires';
import { errorCodes } from '@contract';
import {
  archiveQuestionnaireRequestSchema,
  assignmentListResponseSchema,
  assignmentResponseSchema,
  createAssignmentRequestSchema,
  questionnaireListResponseSchema,
  questionnaireResponseSchema,
  saveQuestionnaireRequestSchema,
} from '@contract/questionnaires';
import { questionnaireTemplateBodies } from '@contract/questionnaire-templates';
import { demoGroups, demoPeople } from '../data';
import { apiError, apiRoute, staffOnly, validationFailure } from './respond';

/** The mocked organisation's today (the list's `date`). */
export const questionnaireToday = '2026-11-27';

export const demoQuestionnaireIds = {
  wellness: '7e5a1c00-0000-4000-8000-000000000001',
  sessionRpe: '7e5a1c00-0000-4000-8000-000000000002',
  archived: '7e5a1c00-0000-4000-8000-000000000003',
} as const;

interface StoredQuestionnaire {
  item: QuestionnaireItem;
  /** Today's answer rate per group, as the list shows it. */
  today: QuestionnaireSummary['today'];
}

const updatedAt = '2026-11-20T09:00:00.000Z';

function fromTemplate(
  id: string,
  template: keyof typeof questionnaireTemplateBodies,
  extra: Partial<QuestionnaireItem> = {},
): QuestionnaireItem {
  const body = questionnaireTemplateBodies[template];
  return {
    id,
    name: body.name,
    description: body.description,
    template: body.template,
    version: 1,
    currentVersion: 1,
    questions: body.questions,
    anyDay: body.anyDay,
    total: body.total,
    archivedAt: null,
    updatedAt,
    answerCount: 0,
    ...extra,
  };
}

const [, pitchers] = demoGroups;
const tyler = demoPeople.find((person) => person.firstName === 'Tyler')!;

function demoAssignments(): QuestionnaireAssignment[] {
  return [
    {
      id: '7e5a1c00-0000-4000-8000-0000000000a1',
      questionnaireId: demoQuestionnaireIds.wellness,
      questionnaireName: 'Daily wellness',
      athlete: null,
      group: { id: pitchers!.id, name: pitchers!.name },
      repeat: 'daily',
      dates: [],
      startsOn: '2026-11-01',
      endsOn: null,
      weekdays: [],
      timeOfDay: '07:00',
      createdAt: '2026-11-01T08:00:00.000Z',
    },
    {
      id: '7e5a1c00-0000-4000-8000-0000000000a2',
      questionnaireId: demoQuestionnaireIds.wellness,
      questionnaireName: 'Daily wellness',
      athlete: { id: tyler.id, firstName: tyler.firstName, lastName: tyler.lastName },
      group: null,
      repeat: 'weekly',
      dates: [],
      startsOn: '2026-11-02',
      endsOn: '2026-12-20',
      weekdays: [0, 3],
      timeOfDay: '08:30',
      createdAt: '2026-11-02T08:00:00.000Z',
    },
  ];
}

/**
 * The questionnaires API (issue 26) over a fresh copy: the demo's daily wellness (answered, assigned to the
 * Pitchers every day and to Tyler on Mondays and Thursdays), a session RPE not assigned yet and an archived
 * Hooper index. `empty` starts with none. Tests that write install their own: `server.use(...questionnaireHandlers())`.
 */
export function questionnaireHandlers({ empty = false }: { empty?: boolean } = {}) {
  const stored: StoredQuestionnaire[] = empty
    ? []
    : [
        {
          item: fromTemplate(demoQuestionnaireIds.wellness, 'wellness', { answerCount: 42 }),
          today: [
            { groupId: pitchers!.id, name: pitchers!.name, due: 3, answered: 2 },
            { groupId: null, name: 'Individual athletes', due: 1, answered: 0 },
          ],
        },
        { item: fromTemplate(demoQuestionnaireIds.sessionRpe, 'session_rpe'), today: [] },
        {
          item: fromTemplate(demoQuestionnaireIds.archived, 'hooper', {
            archivedAt: '2026-11-10T09:00:00.000Z',
            answerCount: 12,
          }),
          today: [],
        },
      ];
  const assignments: (QuestionnaireAssignment & { stopped?: boolean })[] = empty ? [] : demoAssignments();
  let made = 0;
  const newId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++made).padStart(12, '0')}`;

  const find = (id: string) => stored.find((entry) => entry.item.id === id);
  const notFound = () =>
    apiError(404, { code: errorCodes.notFound, message: 'This questionnaire does not exist.' });
  const summaryOf = ({ item, today }: StoredQuestionnaire): QuestionnaireSummary => ({
    id: item.id,
    name: item.name,
    description: item.description,
    template: item.template,
    currentVersion: item.currentVersion,
    questionCount: item.questions.length,
    archivedAt: item.archivedAt,
    updatedAt: item.updatedAt,
    activeAssignments: assignments.filter((one) => one.questionnaireId === item.id && !one.stopped).length,
    today,
  });
  const saved = (item: QuestionnaireItem, body: SaveQuestionnaireRequest): QuestionnaireItem => {
    const request = saveQuestionnaireRequestSchema.parse(body);
    const version = item.answerCount > 0 ? item.currentVersion + 1 : item.currentVersion;
    return {
      ...item,
      name: request.name,
      description: request.description,
      template: request.template,
      questions: request.questions,
      anyDay: request.anyDay,
      total: request.total,
      version,
      currentVersion: version,
      updatedAt: new Date().toISOString(),
    };
  };

  return [
    apiRoute(
      {
        method: 'get',
        path: '/api/questionnaires',
        responses: { 200: questionnaireListResponseSchema },
      },
      ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const archived = new URL(request.url).searchParams.get('archived') === 'true';
        return reply(200, {
          date: questionnaireToday,
          questionnaires: stored
            .filter((entry) => (entry.item.archivedAt !== null) === archived)
            .map(summaryOf)
            .sort((a, b) => a.name.localeCompare(b.name)),
        });
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/questionnaires', responses: { 201: questionnaireResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const parsed = saveQuestionnaireRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        const item = saved(fromTemplate(newId('7e5a1c00'), 'wellness'), parsed.data);
        stored.push({ item, today: [] });
        return reply(201, { questionnaire: item });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/questionnaires/{id}', responses: { 200: questionnaireResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const entry = find(params.id);
        return entry ? reply(200, { questionnaire: entry.item }) : notFound();
      },
    ),
    apiRoute(
      { method: 'put', path: '/api/questionnaires/{id}', responses: { 200: questionnaireResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const entry = find(params.id);
        if (!entry) return notFound();
        const parsed = saveQuestionnaireRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        entry.item = saved(entry.item, parsed.data);
        return reply(200, { questionnaire: entry.item });
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/questionnaires/{id}', responses: { 200: questionnaireResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const entry = find(params.id);
        if (!entry) return notFound();
        const parsed = archiveQuestionnaireRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        entry.item = {
          ...entry.item,
          archivedAt: parsed.data.archived ? new Date().toISOString() : null,
          updatedAt: new Date().toISOString(),
        };
        return reply(200, { questionnaire: entry.item });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/questionnaire-assignments',
        responses: { 200: assignmentListResponseSchema },
      },
      ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const questionnaireId = new URL(request.url).searchParams.get('questionnaireId');
        return reply(200, {
          assignments: assignments
            .filter((one) => !one.stopped && (!questionnaireId || one.questionnaireId === questionnaireId))
            .map(({ stopped: _stopped, ...assignment }) => assignment),
        });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/questionnaire-assignments',
        responses: { 201: assignmentResponseSchema },
      },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const parsed = createAssignmentRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        const body = parsed.data;
        const entry = find(body.questionnaireId);
        if (!entry) return notFound();
        const athlete = demoPeople.find((person) => person.id === body.athleteId);
        const group = demoGroups.find((one) => one.id === body.groupId);
        const assignment: QuestionnaireAssignment = {
          id: newId('7e5a1c01'),
          questionnaireId: entry.item.id,
          questionnaireName: entry.item.name,
          athlete: athlete
            ? { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName }
            : null,
          group: group ? { id: group.id, name: group.name } : null,
          repeat: body.repeat,
          dates: body.dates,
          startsOn: body.startsOn,
          endsOn: body.endsOn,
          weekdays: body.weekdays,
          timeOfDay: body.timeOfDay,
          createdAt: new Date().toISOString(),
        };
        assignments.push(assignment);
        return reply(201, { assignment });
      },
    ),
    apiRoute(
      { method: 'delete', path: '/api/questionnaire-assignments/{id}', responses: { 204: undefined } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const assignment = assignments.find((one) => one.id === params.id && !one.stopped);
        if (!assignment)
          return apiError(404, { code: errorCodes.notFound, message: 'This assignment does not exist.' });
        assignment.stopped = true;
        return reply(204, undefined);
      },
    ),
  ];
}

export const questionnaireHandlersOfDemo = questionnaireHandlers();
