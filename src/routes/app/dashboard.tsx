import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ListChecksIcon, PlaneIcon } from '@/components/ui/icons';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { ReadinessWidget } from '@/features/questionnaire-trends/components/readiness-widget';
import { UpcomingTripsWidget } from '@/features/travel-roster/components/upcoming-trips-widget';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(authQueries.me()),
  component: DashboardRoute,
});

/** Features do not import each other, so the route composes the roster's widget into the dashboard. */
function DashboardRoute() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  return (
    <DashboardPage
      extraWidgets={[
        ...(me.user.role === 'athlete'
          ? []
          : [
              {
                id: 'readiness-today',
                title: 'Readiness today',
                description: 'Who answered today’s questionnaires, and who is flagged.',
                icon: ListChecksIcon,
                content: <ReadinessWidget />,
              },
            ]),
        {
          id: 'upcoming-trips',
          title: 'Upcoming trips',
          description: 'The next team trips from the travel roster.',
          icon: PlaneIcon,
          content: <UpcomingTripsWidget role={me.user.role} />,
        },
      ]}
    />
  );
}
