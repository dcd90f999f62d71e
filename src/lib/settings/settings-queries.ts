import type { Settings } from '@contract';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { readAsVisitor } from '@/lib/api/read-as-visitor';
import { isManagementHost } from '@/lib/branding/management-host';
import { readCachedSettings } from '@/lib/branding/settings-cache';
import { defaultLogoUrl, defaultOrganizationName } from './defaults';
import { parseSettingsResponse } from './parse-settings';

export { defaultLogoUrl, defaultOrganizationName };

async function fetchSettings(
  path: 'api/settings' | 'api/publicSettings',
  { signal, client, queryKey }: QueryFunctionContext,
): Promise<Settings | null> {
  // Spec 4: the management host belongs to no organisation, so there is nothing to fetch.
  if (isManagementHost()) return null;
  try {
    // A visitor's screen makes no other call: it reads without the API client (ky), which then does not load.
    const body =
      path === 'api/publicSettings'
        ? await readAsVisitor(path, signal)
        : await api.get(path, { signal }).json();
    return parseSettingsResponse(body);
  } catch (error) {
    if (signal.aborted) throw error;
    // Spec 8: a failed settings fetch is logged and yields null; the cached branding stays (lib/branding). Settings
    // already known stay too: offline, tracking's units and plate step come from them (ADR 045).
    console.error('Error fetching settings:', error);
    return client.getQueryData<Settings | null>(queryKey) ?? null;
  }
}

/** Organisation settings (name, logo, colours, password policy). Shared by the sign-in screens and the shell. */
export const settingsQueries = {
  all: () => ['settings'] as const,
  /** For visitors: the settings of the organisation that owns the page's host. */
  public: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'public'] as const,
      queryFn: (context) => fetchSettings('api/publicSettings', context),
      // Spec 4: the cached settings apply first, then fresh ones replace them. Read as stale, so the screen shows
      // at once and the fetch runs behind it: with no signal it would hold the screen through spec 9's retries.
      initialData: () => (isManagementHost() ? undefined : (readCachedSettings() ?? undefined)),
      initialDataUpdatedAt: 0,
      staleTime: 10 * 60_000,
    }),
  /** For signed-in users: their organisation's full settings. */
  full: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'full'] as const,
      queryFn: (context) => fetchSettings('api/settings', context),
    }),
};

export interface Branding {
  organizationName: string;
  logoUrl: string;
}

export function brandingFrom(settings: Pick<Settings, 'name' | 'companyLogo'> | null): Branding {
  const name = settings?.name.trim();
  const logo = settings?.companyLogo?.trim();
  return {
    organizationName: name ? name : defaultOrganizationName,
    logoUrl: logo ? logo : defaultLogoUrl,
  };
}
