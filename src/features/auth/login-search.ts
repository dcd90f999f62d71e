/** `/login`'s search parameters (spec 2). */
export interface LoginSearch {
  /** The guarded address the visitor wanted, to return to after signing in. */
  redirect?: string;
  /** `locked`: the account is not approved yet. */
  account?: 'locked';
  /** `authfailed`: the server refused the stored token (401 or 403). */
  status?: 'authfailed';
}

/** Anything unexpected is dropped rather than failing the page; checked by hand to keep zod off the first screen. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    ...(search.account === 'locked' ? { account: 'locked' as const } : {}),
    ...(search.status === 'authfailed' ? { status: 'authfailed' as const } : {}),
  };
}
