import type { Database } from '../../db/client';
import { NotificationPreferencesStore } from '../notifications/preferences';
import { AccountTokens } from './account-tokens';
import { Accounts } from './accounts';
import { OrganizationLogos } from './organization-logos';
import { Organizations } from './organizations';
import { RateLimits } from './rate-limits';
import { Sessions } from './sessions';
import { SignInThrottle } from './sign-in-throttle';

/**
 * The deployment-wide lookups that come before an organisation is known (sign-in, sessions, account links,
 * rate limits, host branding, organisation records), one module per concern in this folder. Nothing here lists
 * an organisation's data: request handlers reach that only through the TenantScope `sessions.scopeFor` makes.
 */
export function createDirectory(db: Database, defaultOrganizationSlug: string) {
  return {
    sessions: new Sessions(db),
    signInThrottle: new SignInThrottle(db),
    accounts: new Accounts(db),
    accountTokens: new AccountTokens(db),
    rateLimits: new RateLimits(db),
    organizations: new Organizations(db, defaultOrganizationSlug),
    organizationLogos: new OrganizationLogos(db),
    /** Keyed by the signed-in user's id (ADR 055). */
    notificationPreferences: new NotificationPreferencesStore(db),
  };
}

export type Directory = ReturnType<typeof createDirectory>;
