import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './chat.routes';
import { chatOf } from './chat.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const listConversations: Handler<'listConversations'> = async (c) =>
  c.json({ data: await chatOf(c).list() }, 200);

export const openConversation: Handler<'openConversation'> = async (c) => {
  const { conversation, created } = await chatOf(c).open(c.req.valid('json'));
  return created ? c.json({ data: conversation }, 201) : c.json({ data: conversation }, 200);
};

export const showConversation: Handler<'showConversation'> = async (c) =>
  c.json(await chatOf(c).show(c.req.valid('param').id, c.req.valid('query').size), 200);

export const readConversation: Handler<'readConversation'> = async (c) =>
  c.json({ data: await chatOf(c).read(c.req.valid('param').id, c.req.valid('json').readUpTo) }, 200);

export const listMessages: Handler<'listMessages'> = async (c) => {
  const { before, size } = c.req.valid('query');
  return c.json(await chatOf(c).olderPage(c.req.valid('param').id, before, size), 200);
};

export const sendMessage: Handler<'sendMessage'> = async (c) => {
  const { message, created } = await chatOf(c).send(c.req.valid('param').id, c.req.valid('json'));
  return created ? c.json({ data: message }, 201) : c.json({ data: message }, 200);
};
