import { z } from 'zod';

export const healthResponseSchema = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number() })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
