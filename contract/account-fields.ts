/**
 * Rules and words of the public account flows (registration, sign-up, activation) without zod: the screens
 * use them while typing, and zod loads only when a form is sent (ADR 021).
 */

/** An organisation's slug: its address (`<slug>.localhost` in development) and its invite links. */
export const organizationSlugPattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const organizationSlugMinLength = 3;
export const organizationSlugMaxLength = 40;

/** Slugs that name a part of the platform, not an organisation. */
export const reservedOrganizationSlugs: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'connect',
  'dashboard',
  'docs',
  'help',
  'localhost',
  'login',
  'mail',
  'manage',
  'management',
  'platform',
  'root',
  'signup',
  'static',
  'status',
  'support',
  'system',
  'www',
]);

/** What is wrong with a slug, in one sentence, or null when it may be used (whether it is free is the server's to say). */
export function organizationSlugProblem(slug: string): string | null {
  if (slug.length === 0) return 'Choose the address of your organisation';
  if (slug.length < organizationSlugMinLength)
    return `The address needs at least ${organizationSlugMinLength} characters`;
  if (slug.length > organizationSlugMaxLength)
    return `The address has at most ${organizationSlugMaxLength} characters`;
  if (!organizationSlugPattern.test(slug))
    return 'Use lower-case letters, numbers and hyphens, starting and ending with a letter or number';
  if (reservedOrganizationSlugs.has(slug)) return `"${slug}" is reserved. Choose another address`;
  return null;
}

/** The slug a name suggests: "St. Mary's Baseball" → "st-marys-baseball". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, organizationSlugMaxLength)
    .replace(/-+$/, '');
}

export { signupOrganizationParam } from './signup-link';

/** Why an activation or invitation link does not work; the screen offers to send a new one for each. */
export const activationLinkErrorCodes = {
  invalid: 'ACTIVATION_LINK_INVALID',
  expired: 'ACTIVATION_LINK_EXPIRED',
  used: 'ACTIVATION_LINK_USED',
} as const;

export const accountLinkPurposes = ['activation', 'invitation'] as const;
export type AccountLinkPurpose = (typeof accountLinkPurposes)[number];

/** The one answer to a sign-up, whether or not the email already has an account (no enumeration). */
export const signupMessage =
  'Check your email: we have sent you a link to activate your account. The link works for 48 hours.';

/** The answer to a registration: the new organisation's admin activates from the mail. */
export const registrationMessage =
  'Your organisation is ready. Check your email: we have sent you a link to activate your account. The link works for 48 hours.';

/** The one answer to a request for a new link, whatever the email. */
export const resendActivationMessage =
  'If this email has an account that still needs activating, we have sent it a new link.';
