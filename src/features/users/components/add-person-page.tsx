import type { Role, User } from '@contract';
import { createPersonRequestSchema } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { textLinkClass } from '@/components/ui/text-link-class';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreatePerson } from '../api/people-mutations';
import { groupQueries } from '../api/user-queries';
import { athleteProfileFields, emptyPersonForm, requestOf, staffContactFields } from '../person-form';
import { usePersonForm } from '../use-person-form';
import { canManageUsers } from '../users-search';
import { AthleteFields, ContactFields } from './person-fields';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';

export const addPersonDraftKey = 'add-person';

const roleHints: Record<Role, string> = {
  athlete: 'Trains, logs workouts and answers questionnaires.',
  coach: 'Adds athletes, plans and tracks training.',
  admin: 'Everything a coach does, plus settings, roles and staff.',
};

/** `/app/users/new`: staff add a person, who is mailed an invitation to choose a password. */
export function AddPersonPage() {
  useScreenTitle('Add person');
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (!canManageUsers(me.user.role)) return <NotAllowedPage title="Add person" />;
  return <AddPersonForm viewer={me.user} />;
}

function AddPersonForm({ viewer }: { viewer: User }) {
  const { formRef, ...form } = usePersonForm(addPersonDraftKey, () => emptyPersonForm);
  const groups = useQuery(groupQueries.list());
  const create = useCreatePerson();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  // A coach adds athletes only (ADR 022); a draft made as an admin does not change that.
  const allowedRoles: Role[] = viewer.role === 'admin' ? ['athlete', 'coach', 'admin'] : ['athlete'];
  const role = allowedRoles.includes(form.values.role) ? form.values.role : 'athlete';
  const isAthlete = role === 'athlete';
  const { values, errors } = form;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const fields = isAthlete
      ? [...staffContactFields, ...athleteProfileFields, 'notes' as const]
      : staffContactFields;
    const parsed = createPersonRequestSchema.safeParse({
      ...requestOf(values, fields, { groups: isAthlete }),
      role,
    });
    if (!parsed.success) {
      form.invalid(parsed.error.issues);
      return;
    }
    form.starting();
    create.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        form.saved();
        setNewNotification({ title: 'Invitation sent', message: `Invitation sent to ${user.email}.` });
        void navigate({ to: '/app/users' });
      },
      onError: form.failed,
    });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <Link to="/app/users" className={`${textLinkClass} text-sm`}>
          ← Users
        </Link>
      </div>
      <PageHeader
        title="Add person"
        description="They get an email with a link to choose a password. The link works for 7 days."
      />
      <Card>
        <form
          ref={formRef}
          noValidate
          data-tour="person-form"
          onSubmit={handleSubmit}
          className="space-y-6 px-4 py-5 sm:px-6 sm:py-6"
        >
          {form.restoredDraft ? (
            <Alert tone="info" role="status">
              We kept what you typed last time.{' '}
              <button type="button" className={textLinkClass} onClick={() => form.reset(emptyPersonForm)}>
                Start over
              </button>
            </Alert>
          ) : null}
          <fieldset>
            <legend className="text-base font-semibold text-foreground">Role</legend>
            {allowedRoles.length === 1 ? (
              <p className="mt-1 text-sm text-muted-foreground">
                You are adding an <span className="font-semibold text-foreground">athlete</span>. Only an
                administrator can add coaches and administrators.
              </p>
            ) : (
              <div className="mt-3 grid gap-2 sm:grid-cols-3">
                {allowedRoles.map((option) => (
                  <label
                    key={option}
                    className={`flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring ${
                      option === role ? 'border-primary bg-primary-soft/60' : 'border-border hover:bg-muted'
                    }`}
                  >
                    <input
                      type="radio"
                      name="role"
                      value={option}
                      checked={option === role}
                      onChange={() => form.setRole(option)}
                      className="mt-0.5 size-4 accent-primary"
                    />
                    <span>
                      <span className="block text-sm font-semibold text-foreground">
                        {roleLabels[option]}
                      </span>
                      <span className="block text-xs text-muted-foreground">{roleHints[option]}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>

          <ContactFields values={values} errors={errors} onChange={form.setField} />

          {isAthlete ? <AthleteFields form={form} groups={groups.data ?? []} /> : null}

          {form.failure ? <Alert title="The person was not added.">{form.failure}</Alert> : null}

          <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
            <Link
              to="/app/users"
              className="inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold text-foreground hover:bg-muted"
            >
              Cancel
            </Link>
            <Button type="submit" isPending={create.isPending} pendingLabel="Sending invitation…">
              Add and send invitation
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
