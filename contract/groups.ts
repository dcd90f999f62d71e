import { z } from 'zod';
import { userStatuses } from './user-fields';

/** An athlete group as lists and filters show it. */
export const groupSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    memberCount: z.number().int().min(0),
  })
  .meta({ id: 'GroupSummary' });
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListResponseSchema = z
  .object({ data: z.array(groupSummarySchema) })
  .meta({ id: 'GroupListResponse' });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

/** Group names are unique in an organisation, whatever their case. */
export const groupNameMaxLength = 60;
export const groupDescriptionMaxLength = 280;

const groupName = z
  .string({ error: 'Enter a name for the group' })
  .trim()
  .min(1, 'Enter a name for the group')
  .max(groupNameMaxLength, `A group name has at most ${groupNameMaxLength} characters`);
const groupDescription = z
  .string()
  .trim()
  .max(groupDescriptionMaxLength, `A description has at most ${groupDescriptionMaxLength} characters`)
  .transform((text) => (text === '' ? null : text))
  .nullable();

export const groupIdParamSchema = z.object({ groupId: z.uuid() });
export const groupMemberParamSchema = z.object({ groupId: z.uuid(), userId: z.uuid() });

export const createGroupRequestSchema = z
  .strictObject({ name: groupName, description: groupDescription.optional() })
  .meta({ id: 'CreateGroupRequest' });
export type CreateGroupRequest = z.input<typeof createGroupRequestSchema>;

export const updateGroupRequestSchema = z
  .strictObject({ name: groupName.optional(), description: groupDescription.optional() })
  .meta({ id: 'UpdateGroupRequest' });
export type UpdateGroupRequest = z.input<typeof updateGroupRequestSchema>;

/** A member as the group screen lists them (athletes only: groups are athlete groups). */
export const groupMemberSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    status: z.enum(userStatuses),
  })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    members: z.array(groupMemberSchema),
  })
  .meta({ id: 'GroupDetail' });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupResponseSchema = z
  .object({ message: z.string(), group: groupDetailSchema })
  .meta({ id: 'GroupResponse' });
export type GroupResponse = z.infer<typeof groupResponseSchema>;

export const deleteGroupResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'DeleteGroupResponse' });
