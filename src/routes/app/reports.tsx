import { defaultTimeZone } from '@contract/calendar-dates';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { reportQueries } from '@/features/reports/api/report-queries';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { reportDates } from '@/features/reports/report-range';
import { validateReportSearch } from '@/features/reports/report-search';
import { authQueries } from '@/lib/auth/auth-queries';
import { todayIn } from '@/lib/schedule/calendar-range';
import { settingsQueries } from '@/lib/settings/settings-queries';

export const Route = createFileRoute('/app/reports')({
  validateSearch: validateReportSearch,
  // Staff read reports; an athlete who opens the address goes Home.
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (me.user.role !== 'admin' && me.user.role !== 'coach') throw redirect({ to: '/app/dashboard' });
  },
  loaderDeps: ({ search }) => search,
  // Start the report's request with the navigation without waiting for it: the screen shows its own skeleton.
  loader: ({ context, deps }) => {
    const me = context.queryClient.getQueryData(authQueries.me().queryKey);
    if (!me) return;
    // The same zone the screen's formats use, so the prefetched report is the one it asks for.
    const timeZone =
      context.queryClient.getQueryData(settingsQueries.full().queryKey)?.timeZone ?? defaultTimeZone;
    const { from, to } = reportDates(deps, todayIn(timeZone));
    void context.queryClient.prefetchQuery(
      reportQueries.report({
        organizationId: me.organization.id,
        from,
        to,
        groupId: deps.groupId,
        athleteId: deps.athleteId,
      }),
    );
  },
  component: ReportsPage,
});
