import {
  createSidebarItemRequestSchema,
  reorderSidebarItemsRequestSchema,
  sidebarItemIdParamSchema,
  sidebarItemRemovedResponseSchema,
  sidebarItemResponseSchema,
  updateSidebarItemRequestSchema,
} from '../../../contract/organization-settings';
import { customSidebarItemsResponseSchema } from '../../../contract/organizations';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export const createSidebarItem = signedInRoute({
  method: 'post',
  path: '/api/customSidebarItems',
  operationId: 'createSidebarItem',
  tags: ['Organisation'],
  summary: 'Add a custom sidebar item at the end of the list (admin)',
  description:
    'label 1–40 characters; link an https:// address or an app path starting with /app/; icon one of the ' +
    "app's icon names; roles a subset of admin, coach, athlete (empty: everyone).",
  roles: ['admin'],
  request: { body: json(createSidebarItemRequestSchema) },
  responses: {
    201: jsonContent(sidebarItemResponseSchema, 'The new item'),
    400: errorResponse('A field is not valid'),
    409: errorResponse('The organisation already has the most items allowed'),
  },
});

export const updateSidebarItem = signedInRoute({
  method: 'patch',
  path: '/api/customSidebarItems/{itemId}',
  operationId: 'updateSidebarItem',
  tags: ['Organisation'],
  summary: 'Change a custom sidebar item (admin)',
  roles: ['admin'],
  request: { params: sidebarItemIdParamSchema, body: json(updateSidebarItemRequestSchema) },
  responses: {
    200: jsonContent(sidebarItemResponseSchema, 'The item as saved'),
    400: errorResponse('A field is not valid'),
    404: errorResponse('No such item in the organisation'),
  },
});

export const deleteSidebarItem = signedInRoute({
  method: 'delete',
  path: '/api/customSidebarItems/{itemId}',
  operationId: 'deleteSidebarItem',
  tags: ['Organisation'],
  summary: 'Remove a custom sidebar item (admin)',
  roles: ['admin'],
  request: { params: sidebarItemIdParamSchema },
  responses: {
    200: jsonContent(sidebarItemRemovedResponseSchema, 'Removed'),
    404: errorResponse('No such item in the organisation'),
  },
});

export const reorderSidebarItems = signedInRoute({
  method: 'put',
  path: '/api/customSidebarItems/order',
  operationId: 'reorderSidebarItems',
  tags: ['Organisation'],
  summary: 'Put the custom sidebar items in a new order: every item id, first to last (admin)',
  roles: ['admin'],
  request: { body: json(reorderSidebarItemsRequestSchema) },
  responses: {
    200: jsonContent(customSidebarItemsResponseSchema, 'Every item, in the new order'),
    400: errorResponse('The ids are not exactly the organisation’s items (fields.ids)'),
  },
});
