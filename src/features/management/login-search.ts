/** The management sign-in's `?redirect=`, kept only when it is a management address. */
export function validateManagementLoginSearch(search: Record<string, unknown>): { redirect?: string } {
  const target = search.redirect;
  return typeof target === 'string' && /^\/manage(?:[/?#]|$)/.test(target) ? { redirect: target } : {};
}
