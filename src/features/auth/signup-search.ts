import { signupOrganizationParam } from '@contract/signup-link';

/** `/signup`'s search parameters: `?organization=<slug>` makes it an invite link to that organisation. */
export interface SignupSearch {
  organization?: string;
}

/** Checked by hand (no zod on a first screen); anything that is not a plausible slug is dropped. */
export function validateSignupSearch(search: Record<string, unknown>): SignupSearch {
  const slug = search[signupOrganizationParam];
  return typeof slug === 'string' && /^[a-z0-9-]{1,40}$/i.test(slug)
    ? { organization: slug.toLowerCase() }
    : {};
}
