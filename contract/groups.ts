import { z } from 'zod';

/** An athlete group as lists and filters show it. */
export const groupSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    memberCount: z.number().int().min(0),
  })
  .meta({ id: 'GroupSummary' });
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListResponseSchema = z
  .object({ data: z.array(groupSummarySchema) })
  .meta({ id: 'GroupListResponse' });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;
