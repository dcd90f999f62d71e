/**
 * The `/signup` search parameter of an invite link: `/signup?organization=<slug>`. A module of its own: the
 * route's search check is first-screen code, and a bundle keeps a module whole, so nothing else may come along.
 */
export const signupOrganizationParam = 'organization';
