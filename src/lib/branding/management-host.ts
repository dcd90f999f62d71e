declare global {
  interface ImportMetaEnv {
    /** Host name of the platform operator's management site (product.md); `manage.localhost` when unset. */
    readonly VITE_MANAGEMENT_HOST?: string;
  }
}

export const managementHost = (): string => import.meta.env.VITE_MANAGEMENT_HOST ?? 'manage.localhost';

/** Spec 4: on the management host the organisation settings are not fetched. */
export const isManagementHost = (hostname: string = window.location.hostname): boolean =>
  hostname.toLowerCase() === managementHost().toLowerCase();
