import type { z } from 'zod';
import {
  answerResponseSchema,
  archiveQuestionnaireRequestSchema,
  assignmentIdParamSchema,
  assignmentListQuerySchema,
  assignmentListResponseSchema,
  assignmentResponseSchema,
  createAssignmentRequestSchema,
  dueQuerySchema,
  dueResponseSchema,
  questionnaireIdParamSchema,
  questionnaireListQuerySchema,
  questionnaireListResponseSchema,
  questionnaireReadQuerySchema,
  questionnaireResponseSchema,
  saveAnswerRequestSchema,
  saveQuestionnaireRequestSchema,
} from '../../../contract/questionnaires';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Questionnaires'];
const staffOnly = 'Coaches and admins build and assign questionnaires.';
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const noSuchQuestionnaire = errorResponse('No such questionnaire in your organisation');

export const listQuestionnaires = signedInRoute({
  operationId: 'listQuestionnaires',
  method: 'get',
  path: '/api/questionnaires',
  tags,
  summary:
    "The organisation's questionnaires (archived ones with archived=true), their live assignments and today's answer rate per group",
  roles: staff,
  refusal: staffOnly,
  request: { query: questionnaireListQuerySchema },
  responses: { 200: jsonContent(questionnaireListResponseSchema, 'The questionnaires') },
});

export const createQuestionnaire = signedInRoute({
  operationId: 'createQuestionnaire',
  method: 'post',
  path: '/api/questionnaires',
  tags,
  summary: 'Build a questionnaire (its version 1)',
  roles: staff,
  refusal: staffOnly,
  request: { body: jsonBody(saveQuestionnaireRequestSchema) },
  responses: {
    201: jsonContent(questionnaireResponseSchema, 'The new questionnaire'),
    400: errorResponse('A field of the questionnaire is not valid (fields names it, e.g. questions.2.max)'),
  },
});

export const dueQuestionnaires = signedInRoute({
  operationId: 'dueQuestionnaires',
  method: 'get',
  path: '/api/questionnaires/due',
  tags,
  summary:
    'What an athlete has to answer on each day of a range, with its answers and the questionnaire versions to answer (the phone keeps them for offline answering)',
  roles: everyone,
  request: { query: dueQuerySchema },
  responses: {
    200: jsonContent(dueResponseSchema, 'The due questionnaires'),
    400: errorResponse('Staff named no athlete, or one that is not an athlete of the organisation'),
    403: errorResponse("An athlete asked for another athlete's questionnaires"),
  },
});

export const readQuestionnaire = signedInRoute({
  operationId: 'readQuestionnaire',
  method: 'get',
  path: '/api/questionnaires/{id}',
  tags,
  summary: 'One questionnaire: its newest version, or an older one (version=) that old answers were given to',
  roles: staff,
  refusal: staffOnly,
  request: { params: questionnaireIdParamSchema, query: questionnaireReadQuerySchema },
  responses: {
    200: jsonContent(questionnaireResponseSchema, 'The questionnaire'),
    404: errorResponse('No such questionnaire in your organisation, or no such version of it'),
  },
});

export const saveQuestionnaire = signedInRoute({
  operationId: 'saveQuestionnaire',
  method: 'put',
  path: '/api/questionnaires/{id}',
  tags,
  summary:
    'Save a questionnaire: its name in place; changed questions make a new version once the current one has answers',
  roles: staff,
  refusal: staffOnly,
  request: { params: questionnaireIdParamSchema, body: jsonBody(saveQuestionnaireRequestSchema) },
  responses: {
    200: jsonContent(questionnaireResponseSchema, 'The saved questionnaire'),
    400: errorResponse('A field of the questionnaire is not valid (fields names it)'),
    404: noSuchQuestionnaire,
  },
});

export const archiveQuestionnaire = signedInRoute({
  operationId: 'archiveQuestionnaire',
  method: 'patch',
  path: '/api/questionnaires/{id}',
  tags,
  summary: 'Archive a questionnaire (it is asked no more; answers stay) or restore it',
  roles: staff,
  refusal: staffOnly,
  request: { params: questionnaireIdParamSchema, body: jsonBody(archiveQuestionnaireRequestSchema) },
  responses: {
    200: jsonContent(questionnaireResponseSchema, 'The questionnaire'),
    404: noSuchQuestionnaire,
  },
});

export const listAssignments = signedInRoute({
  operationId: 'listQuestionnaireAssignments',
  method: 'get',
  path: '/api/questionnaire-assignments',
  tags,
  summary: 'The assignments not stopped, of one questionnaire or all',
  roles: staff,
  refusal: staffOnly,
  request: { query: assignmentListQuerySchema },
  responses: { 200: jsonContent(assignmentListResponseSchema, 'The assignments') },
});

export const createAssignment = signedInRoute({
  operationId: 'createQuestionnaireAssignment',
  method: 'post',
  path: '/api/questionnaire-assignments',
  tags,
  summary:
    'Assign a questionnaire to an athlete or a group, on dates or on a repeat; the athletes are notified',
  roles: staff,
  refusal: staffOnly,
  request: { body: jsonBody(createAssignmentRequestSchema) },
  responses: {
    201: jsonContent(assignmentResponseSchema, 'The assignment'),
    400: errorResponse(
      'The questionnaire is archived or not the organisation’s, the athlete not an approved athlete of it, or the group not its',
    ),
  },
});

export const stopAssignment = signedInRoute({
  operationId: 'stopQuestionnaireAssignment',
  method: 'delete',
  path: '/api/questionnaire-assignments/{id}',
  tags,
  summary: 'Stop an assignment: nothing more is asked from tomorrow; its answers stay',
  roles: staff,
  refusal: staffOnly,
  request: { params: assignmentIdParamSchema },
  responses: {
    204: { description: 'Stopped (or stopped before: a replay)' },
    404: errorResponse('No such assignment in your organisation'),
  },
});

export const saveAnswer = signedInRoute({
  operationId: 'saveQuestionnaireAnswer',
  method: 'put',
  path: '/api/questionnaire-answers/{id}',
  tags,
  summary:
    "Save an athlete's answers to a questionnaire on a date, by the id the device made: one answer per questionnaire, athlete and date; a change replaces it until the day after its date",
  roles: everyone,
  request: { params: assignmentIdParamSchema, body: jsonBody(saveAnswerRequestSchema) },
  responses: {
    200: jsonContent(
      answerResponseSchema,
      'The day’s answer: a resend, or a change (it keeps the id it was first stored with)',
    ),
    201: jsonContent(answerResponseSchema, 'The new answer'),
    400: errorResponse(
      'questionnaireId, version, date, athleteId or values.<questionId> is not valid (fields names each)',
    ),
    403: errorResponse('An athlete answered for another athlete'),
    409: errorResponse('The answer can no longer be changed, or its id is taken by another answer'),
  },
});
