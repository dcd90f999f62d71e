import { createFileRoute, redirect } from '@tanstack/react-router';
import { ManagementLoginPage } from '@/features/management/components/management-login-page';
import { validateManagementLoginSearch } from '@/features/management/login-search';

/** The platform admin's sign-in (ADR 024); outside the /manage layout, which needs a session. */
export const Route = createFileRoute('/manage_/login')({
  validateSearch: validateManagementLoginSearch,
  beforeLoad: async () => {
    const { readPlatformToken, requireManagementHost } =
      await import('@/features/management/platform-session');
    requireManagementHost();
    if (readPlatformToken() !== null) throw redirect({ to: '/manage' });
  },
  component: ManagementLoginPage,
});
