import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import { answersOf } from './answers.store';
import type * as routes from './questionnaires.routes';
import { questionnairesOf } from './questionnaires.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listQuestionnaires: Handler<'listQuestionnaires'> = async (c) =>
  c.json(await questionnairesOf(c).list(c.req.valid('query').archived === 'true'), 200);

export const createQuestionnaire: Handler<'createQuestionnaire'> = async (c) =>
  c.json({ questionnaire: await questionnairesOf(c).create(c.req.valid('json')) }, 201);

export const readQuestionnaire: Handler<'readQuestionnaire'> = async (c) =>
  c.json(
    {
      questionnaire: await questionnairesOf(c).read(c.req.valid('param').id, c.req.valid('query').version),
    },
    200,
  );

export const saveQuestionnaire: Handler<'saveQuestionnaire'> = async (c) =>
  c.json(
    { questionnaire: await questionnairesOf(c).save(c.req.valid('param').id, c.req.valid('json')) },
    200,
  );

export const archiveQuestionnaire: Handler<'archiveQuestionnaire'> = async (c) =>
  c.json(
    {
      questionnaire: await questionnairesOf(c).archive(c.req.valid('param').id, c.req.valid('json').archived),
    },
    200,
  );

export const dueQuestionnaires: Handler<'dueQuestionnaires'> = async (c) =>
  c.json(await answersOf(c).due(c.req.valid('query')), 200);

export const listAssignments: Handler<'listAssignments'> = async (c) =>
  c.json(
    { assignments: await questionnairesOf(c).listAssignments(c.req.valid('query').questionnaireId) },
    200,
  );

export const createAssignment: Handler<'createAssignment'> = async (c) =>
  c.json({ assignment: await questionnairesOf(c).createAssignment(c.req.valid('json')) }, 201);

export const stopAssignment: Handler<'stopAssignment'> = async (c) => {
  await questionnairesOf(c).stopAssignment(c.req.valid('param').id);
  return c.body(null, 204);
};

export const saveAnswer: Handler<'saveAnswer'> = async (c) => {
  const { answer, created } = await answersOf(c).save(c.req.valid('param').id, c.req.valid('json'));
  return created ? c.json({ answer }, 201) : c.json({ answer }, 200);
};
