import { z } from 'zod';

/** `/login`'s search parameters (spec 2); anything unexpected is dropped rather than failing the page. */
export const loginSearchSchema = z.object({
  /** The guarded address the visitor wanted, to return to after signing in. */
  redirect: z.string().optional().catch(undefined),
  /** `locked`: the account is not approved yet. */
  account: z.enum(['locked']).optional().catch(undefined),
  /** `authfailed`: the server refused the stored token (401 or 403). */
  status: z.enum(['authfailed']).optional().catch(undefined),
});
export type LoginSearch = z.infer<typeof loginSearchSchema>;
