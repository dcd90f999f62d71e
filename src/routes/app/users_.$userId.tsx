import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { throwingQueries } from '@/features/athlete-throwing/api/throwing-queries';
import { defaultThrowingRange, validateThrowingSearch } from '@/features/athlete-throwing/throwing-search';
import { trainingQueries } from '@/features/athlete-training/api/training-queries';
import { validatePersonSearch } from '@/features/athlete-training/training-search';
import { userQueries } from '@/features/users/api/user-queries';
import { PersonPage } from '@/features/users/components/person-page';
import { canManageUsers } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

// The Training and Throwing tabs (and their charts) load only when an athlete's tab is opened.
const AthleteTraining = lazy(() => import('@/features/athlete-training/components/athlete-training'));
const AthleteThrowing = lazy(() => import('@/features/athlete-throwing/components/athlete-throwing'));

export const Route = createFileRoute('/app/users_/$userId')({
  validateSearch: (search: Record<string, unknown>) => ({
    ...validatePersonSearch(search),
    ...validateThrowingSearch(search),
  }),
  loaderDeps: ({ search }) => ({ tab: search.tab, days: search.days }),
  loader: async ({ context, params, deps }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    // An athlete sees only itself: no request that would be refused.
    if (canManageUsers(me.user.role) || me.user.id === params.userId) {
      void context.queryClient.prefetchQuery(userQueries.detail(params.userId));
      if (deps.tab === 'training') {
        void context.queryClient.prefetchQuery(trainingQueries.summary(params.userId));
      }
      if (deps.tab === 'throwing') {
        void context.queryClient.prefetchQuery(
          throwingQueries.summary(params.userId, deps.days ?? defaultThrowingRange),
        );
      }
    }
  },
  component: PersonRoute,
});

/** Features do not import each other, so the route composes the athlete's tabs into the person page. */
function PersonRoute() {
  return (
    <PersonPage
      renderTraining={(athlete, viewer) => (
        <Suspense fallback={<Skeleton className="h-64 w-full rounded-2xl" />}>
          <AthleteTraining athlete={athlete} canRecordMaxes={canManageUsers(viewer.role)} />
        </Suspense>
      )}
      renderThrowing={(athlete, viewer) => (
        <Suspense fallback={<Skeleton className="h-64 w-full rounded-2xl" />}>
          <AthleteThrowing athlete={athlete} canEditProfile={canManageUsers(viewer.role)} />
        </Suspense>
      )}
    />
  );
}
