import { useSuspenseQuery } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';

const nextSteps = {
  admin: ['Set your organisation’s logo and colours', 'Invite your coaches', 'Approve athlete sign-ups'],
  coach: ['Add your athletes', 'Build a workout in the library', 'Put it on the schedule'],
  athlete: ['Check today’s workouts', 'Log a workout, even offline', 'Answer your questionnaires'],
} as const;

export function DashboardPage() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { user, organization } = me;

  return (
    <div className="space-y-6">
      <section>
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Welcome, {user.firstName}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {roleLabels[user.role]} at {organization.name}
        </p>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="account-heading"
          className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
        >
          <h2 id="account-heading" className="text-base font-semibold text-foreground">
            Your account
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium text-foreground">
              {user.firstName} {user.lastName}
            </dd>
            <dt className="text-muted-foreground">Email</dt>
            <dd className="truncate text-foreground">{user.email}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd className="text-foreground">{roleLabels[user.role]}</dd>
          </dl>
        </section>

        <section
          aria-labelledby="next-heading"
          className="rounded-2xl border border-border bg-surface p-5 shadow-sm"
        >
          <h2 id="next-heading" className="text-base font-semibold text-foreground">
            Getting started
          </h2>
          <ol className="mt-3 space-y-2 text-sm text-foreground">
            {nextSteps[user.role].map((step, index) => (
              <li key={step} className="flex items-center gap-3">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                  {index + 1}
                </span>
                {step}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
