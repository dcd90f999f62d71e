import type { Settings } from '@contract';
import { settingsResponseSchema } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** The fallbacks of spec 1 and 2 when an organisation has no name or logo. */
export const defaultOrganizationName = 'Connect Platform';
export const defaultLogoUrl = '/connected-logo.png';

async function fetchSettings(path: 'api/settings' | 'api/publicSettings', signal: AbortSignal) {
  try {
    const body = await api.get(path, { signal }).json(settingsResponseSchema);
    return body.data;
  } catch (error) {
    // Spec 8: a failed settings fetch is logged and yields null; screens fall back to the defaults.
    console.error('Error fetching settings:', error);
    return null;
  }
}

/** Organisation settings (name, logo, colours, password policy). Shared by the sign-in screens and the shell. */
export const settingsQueries = {
  all: () => ['settings'] as const,
  /** For visitors: the settings of the organisation that owns the page's host. */
  public: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'public'] as const,
      queryFn: ({ signal }) => fetchSettings('api/publicSettings', signal),
      staleTime: 10 * 60_000,
    }),
  /** For signed-in users: their organisation's full settings. */
  full: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'full'] as const,
      queryFn: ({ signal }) => fetchSettings('api/settings', signal),
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
