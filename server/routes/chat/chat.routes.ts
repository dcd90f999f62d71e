import type { z } from 'zod';
import {
  chatMessageResponseSchema,
  conversationListResponseSchema,
  conversationParamSchema,
  conversationReadResponseSchema,
  conversationResponseSchema,
  createConversationRequestSchema,
  messagePageQuerySchema,
  messagePageSchema,
  readUpToRequestSchema,
  openedConversationResponseSchema,
  sendMessageRequestSchema,
} from '../../../contract/chat';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Chat'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const noSuchConversation = errorResponse(
  'No such conversation of yours (someone outside it, or in another organisation, is not told it exists)',
);
const conversationAnswer = openedConversationResponseSchema;

export const listConversations = signedInRoute({
  operationId: 'listConversations',
  method: 'get',
  path: '/api/chats',
  tags,
  summary: "The viewer's conversations, newest message first, each with its last message and unread count",
  roles: everyone,
  responses: { 200: jsonContent(conversationListResponseSchema, 'The conversations') },
});

export const openConversation = signedInRoute({
  operationId: 'openConversation',
  method: 'post',
  path: '/api/chats',
  tags,
  summary:
    'Open a direct conversation with someone (the pair’s existing one if there is one), or make a group (staff)',
  roles: everyone,
  request: { body: jsonBody(createConversationRequestSchema) },
  responses: {
    200: jsonContent(conversationAnswer, 'The pair’s existing direct conversation'),
    201: jsonContent(conversationAnswer, 'The new conversation'),
    400: errorResponse('memberId or memberIds names someone who is not a member of the organisation'),
    403: errorResponse(
      'An athlete made a group, or messaged another athlete where the organisation keeps athletes to staff',
    ),
  },
});

export const showConversation = signedInRoute({
  operationId: 'showConversation',
  method: 'get',
  path: '/api/chats/{id}',
  tags,
  summary: 'One conversation, its members and its latest page of messages (oldest first)',
  roles: everyone,
  request: { params: conversationParamSchema, query: messagePageQuerySchema.pick({ size: true }) },
  responses: { 200: jsonContent(conversationResponseSchema, 'The conversation'), 404: noSuchConversation },
});

export const readConversation = signedInRoute({
  operationId: 'readConversation',
  method: 'patch',
  path: '/api/chats/{id}',
  tags,
  summary: 'The viewer has read up to a message (never moves back); answers the unread count left',
  roles: everyone,
  request: { params: conversationParamSchema, body: jsonBody(readUpToRequestSchema) },
  responses: {
    200: jsonContent(conversationReadResponseSchema, 'The unread count left'),
    400: errorResponse('readUpTo is not a message of the conversation'),
    404: noSuchConversation,
  },
});

export const listMessages = signedInRoute({
  operationId: 'listMessages',
  method: 'get',
  path: '/api/chatGroupsMessage/{id}',
  tags,
  summary: 'A page of messages, oldest first: the latest, or those before a message (`before`)',
  roles: everyone,
  request: { params: conversationParamSchema, query: messagePageQuerySchema },
  responses: {
    200: jsonContent(messagePageSchema, 'The page'),
    400: errorResponse('before is not a message of the conversation'),
    404: noSuchConversation,
  },
});

export const sendMessage = signedInRoute({
  operationId: 'sendMessage',
  method: 'post',
  path: '/api/chatGroupsMessage/{id}',
  tags,
  summary: 'Send a message with an id made on the device (the same id and content again is the same message)',
  roles: everyone,
  request: { params: conversationParamSchema, body: jsonBody(sendMessageRequestSchema) },
  responses: {
    200: jsonContent(chatMessageResponseSchema, 'The message, sent before (a resend after a dropped answer)'),
    201: jsonContent(chatMessageResponseSchema, 'The new message'),
    400: errorResponse(
      'The message is empty or over 4,000 characters, the upload is not a finished one of yours for this conversation, or what it is about is not yours',
    ),
    404: noSuchConversation,
    409: errorResponse('The message id is taken by another message'),
  },
});
