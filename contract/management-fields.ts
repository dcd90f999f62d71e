/**
 * The management host's rules for an organisation's slug and host names, without zod: the management screens
 * show them as hints and the server's schemas (contract/management.ts) enforce them (ADR 024).
 */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugLength = { min: 3, max: 40 } as const;

/** Slugs that would read as a platform address (`<slug>.localhost`, `<slug>.example.com`), never an organisation's. */
export const reservedSlugs: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'demo-admin',
  'docs',
  'help',
  'localhost',
  'mail',
  'manage',
  'management',
  'platform',
  'static',
  'status',
  'support',
  'www',
];

/** A DNS host name of two or more labels (letters, digits, inner hyphens), lower-case, no port. */
export const hostNamePattern =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const maxHostsPerOrganization = 10;

/** Whether the organisation has someone who can sign in as its admin (ADR 024). */
export const adminStates = ['none', 'invited', 'active'] as const;
export type AdminState = (typeof adminStates)[number];
