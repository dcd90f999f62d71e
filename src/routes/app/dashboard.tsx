import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ClipboardIcon, ListChecksIcon, PlaneIcon } from '@/components/ui/icons';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import {
  TodaysQuestionnaires,
  useHasQuestionnaires,
} from '@/features/questionnaire-answers/components/todays-questionnaires';
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
  const hasQuestionnaires = useHasQuestionnaires(me.user);
  return (
    <DashboardPage
      extraWidgets={[
        ...(hasQuestionnaires
          ? [
              {
                id: 'questionnaires-today',
                title: 'Questionnaires',
                description: 'Today’s wellness and readiness questions for your coach.',
                icon: ClipboardIcon,
                content: <TodaysQuestionnaires userId={me.user.id} />,
                wide: true,
                first: true,
              },
            ]
          : []),
        ...(me.user.role === 'athlete'
          ? []
          : [
              {
                id: 'readiness-today',
                title: 'Readiness today',
                description: 'Who answered today’s questionnaires, and who is flagged.',
                icon: ListChecksIcon,
                content: <ReadinessWidget />,
                // What the coach reads before the session (issue 26).
                first: true,
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
