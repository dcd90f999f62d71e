// The formats an organisation's dates and numbers are written in. The app's words are English; only formats change.

/** English-language locales an organisation may choose (issue 23, defect 12). */
export const organizationLocales = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IE', 'en-NZ'] as const;
export type OrganizationLocale = (typeof organizationLocales)[number];

export const defaultLocale: OrganizationLocale = 'en-US';

export const localeLabels: Record<OrganizationLocale, string> = {
  'en-US': 'United States (November 26, 2026)',
  'en-GB': 'United Kingdom (26 November 2026)',
  'en-CA': 'Canada (November 26, 2026)',
  'en-AU': 'Australia (26 November 2026)',
  'en-IE': 'Ireland (26 November 2026)',
  'en-NZ': 'New Zealand (26 November 2026)',
};

export const isOrganizationLocale = (value: unknown): value is OrganizationLocale =>
  typeof value === 'string' && (organizationLocales as readonly string[]).includes(value);
