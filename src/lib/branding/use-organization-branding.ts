import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authQueries } from '@/lib/auth/auth-queries';
import type { AuthSession } from '@/lib/auth/auth-session';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { applyBranding } from './apply-branding';
import { isManagementHost } from './management-host';
import { cacheSettings } from './settings-cache';

/**
 * Keeps the page branded with the organisation's fresh settings (spec 3, 4, 6): the full settings for a
 * signed-in user, the public ones for a visitor, nothing on the management host. Fresh settings replace the
 * applied ones and the cache; a failed fetch (null) leaves the cached branding as it is. While a stored token
 * is still being checked, neither is fetched: the cached branding holds until the answer says which applies.
 */
export function useOrganizationBranding(auth: AuthSession): void {
  // Navigation re-evaluates the stored token (sign-in and sign-out both navigate).
  useRouterState({ select: (state) => state.location.pathname });
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false });
  const isSignedIn = me !== undefined;
  const fetchesSettings = !isManagementHost();
  const full = useQuery({ ...settingsQueries.full(), enabled: fetchesSettings && isSignedIn });
  const visitor = useQuery({
    ...settingsQueries.public(),
    enabled: fetchesSettings && !isSignedIn && !auth.isAuthenticated(),
  });
  const settings = isSignedIn ? full.data : visitor.data;

  useEffect(() => {
    if (!settings) return;
    applyBranding(settings);
    cacheSettings(settings);
  }, [settings]);
}
