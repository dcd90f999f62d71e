import { createFileRoute, redirect } from '@tanstack/react-router';
import { ImportPage } from '@/features/library/components/import/import-page';
import { canUseLibrary } from '@/features/library/library-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/library/import')({
  // The reader writes to the library: staff only; an athlete who opens the address goes Home.
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (!canUseLibrary(me.user.role)) throw redirect({ to: '/app/dashboard' });
  },
  component: ImportPage,
});
