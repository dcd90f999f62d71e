import {
  createGroupRequestSchema,
  deleteGroupResponseSchema,
  groupIdParamSchema,
  groupListResponseSchema,
  groupMemberParamSchema,
  groupResponseSchema,
  updateGroupRequestSchema,
} from '../../../contract/groups';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const groupNotFound = errorResponse('No such group in the organisation');

export const listGroups = signedInRoute({
  method: 'get',
  path: '/api/groups',
  operationId: 'listGroups',
  tags: ['Groups'],
  summary:
    "The organisation's athlete groups by name, with how many people each has; an athlete gets only the groups it is in",
  roles: ['admin', 'coach', 'athlete'],
  responses: {
    200: jsonContent(groupListResponseSchema, "Every group of the organisation, or the athlete's own"),
  },
});

export const createGroup = signedInRoute({
  method: 'post',
  path: '/api/groups',
  operationId: 'createGroup',
  tags: ['Groups'],
  summary: 'Make an athlete group (admin, coach); names are unique in the organisation, whatever their case',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: createGroupRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(groupResponseSchema, 'The new, empty group'),
    400: errorResponse('The name is missing, too long or already used (fields.name)'),
  },
});

export const getGroup = signedInRoute({
  method: 'get',
  path: '/api/groups/{groupId}',
  operationId: 'getGroup',
  tags: ['Groups'],
  summary: 'A group with its members by last and first name (admin, coach)',
  roles: staff,
  request: { params: groupIdParamSchema },
  responses: { 200: jsonContent(groupResponseSchema, 'The group'), 404: groupNotFound },
});

export const updateGroup = signedInRoute({
  method: 'patch',
  path: '/api/groups/{groupId}',
  operationId: 'updateGroup',
  tags: ['Groups'],
  summary: 'Rename a group or change its description (admin, coach)',
  roles: staff,
  request: {
    params: groupIdParamSchema,
    body: { content: { 'application/json': { schema: updateGroupRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(groupResponseSchema, 'The group as saved'),
    400: errorResponse('A field is not valid, or the name is already used (fields.name)'),
    404: groupNotFound,
  },
});

export const deleteGroup = signedInRoute({
  method: 'delete',
  path: '/api/groups/{groupId}',
  operationId: 'deleteGroup',
  tags: ['Groups'],
  summary: 'Delete a group; its members stay in the organisation (admin, coach)',
  roles: staff,
  request: { params: groupIdParamSchema },
  responses: { 200: jsonContent(deleteGroupResponseSchema, 'Deleted'), 404: groupNotFound },
});

export const addGroupMember = signedInRoute({
  method: 'put',
  path: '/api/groups/{groupId}/members/{userId}',
  operationId: 'addGroupMember',
  tags: ['Groups'],
  summary: 'Put an athlete in a group; doing it twice changes nothing (admin, coach)',
  roles: staff,
  request: { params: groupMemberParamSchema },
  responses: {
    200: jsonContent(groupResponseSchema, 'The group with its members'),
    404: errorResponse('No such group, or no such athlete, in the organisation'),
    409: errorResponse('Only athletes can be in a group'),
  },
});

export const removeGroupMember = signedInRoute({
  method: 'delete',
  path: '/api/groups/{groupId}/members/{userId}',
  operationId: 'removeGroupMember',
  tags: ['Groups'],
  summary: 'Take a person out of a group; the person stays in the organisation (admin, coach)',
  roles: staff,
  request: { params: groupMemberParamSchema },
  responses: {
    200: jsonContent(groupResponseSchema, 'The group with its members'),
    404: groupNotFound,
  },
});
