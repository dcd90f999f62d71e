import { createFileRoute } from '@tanstack/react-router';
import { ManagementLayout } from '@/features/management/components/management-layout';

/** The management area (ADR 024): only on the management host, only with a platform admin's token. */
export const Route = createFileRoute('/manage')({
  // Loaded with the first management screen: the organisation app's first screen carries none of it.
  beforeLoad: async ({ location }) => {
    const { requirePlatformToken } = await import('@/features/management/platform-session');
    requirePlatformToken(location.href);
  },
  component: ManagementLayout,
});
