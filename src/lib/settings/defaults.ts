/** The fallbacks of spec 1 and 2 when an organisation has no name or logo. */
export const defaultOrganizationName = 'Connect Platform';
export const defaultLogoUrl = '/connected-logo.png';
