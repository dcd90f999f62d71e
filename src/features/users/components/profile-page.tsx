import type { Person, User } from '@contract';
import { updatePersonRequestSchema } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useUpdatePerson } from '../api/people-mutations';
import { userQueries } from '../api/user-queries';
import { changedFields, contactFields, formValuesOf, requestOf } from '../person-form';
import { usePersonForm } from '../use-person-form';
import { AthleteProfileSummary, ContactFields } from './person-fields';
import { SaveChangesBar } from './save-changes-bar';

export const profileDraftKey = 'profile';

/**
 * `/app/profile`: everyone's own name and phone; an athlete also reads its athlete profile. `sections` come after
 * (the route adds the notification settings, another feature's).
 */
export function ProfilePage({ sections }: { sections?: ReactNode }) {
  useScreenTitle('Profile');
  const { data: me } = useSuspenseQuery(authQueries.me());
  const person = useQuery(userQueries.detail(me.user.id));
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader
        title="Your profile"
        description={`${roleLabels[me.user.role]} at ${me.organization.name}. Keep your name and phone up to date so your coaches can reach you.`}
        actions={
          me.user.role === 'athlete' ? (
            // An athlete's history, maxes and records are on its own person page (ADR 037).
            <Link
              to="/app/users/$userId"
              params={{ userId: me.user.id }}
              search={{ tab: 'training' }}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Your training
            </Link>
          ) : null
        }
      />
      {person.data ? (
        <ProfileForms viewer={me.user} person={person.data} />
      ) : person.isPending ? (
        <Card aria-hidden="true" className="space-y-4 p-6">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-11 w-full" />
          ))}
        </Card>
      ) : (
        <Alert title="Your profile could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void person.refetch()}
            isPending={person.isRefetching}
          >
            Try again
          </Button>
        </Alert>
      )}
      {sections}
    </div>
  );
}

function ProfileForms({ viewer, person }: { viewer: User; person: Person }) {
  const saved = formValuesOf(person);
  const { formRef, ...form } = usePersonForm(profileDraftKey, () => saved);
  const update = useUpdatePerson();
  const { setNewNotification } = useNotificationActions();
  const changed = changedFields(form.values, saved, contactFields);
  const dirty = changed.length > 0;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !dirty) return;
    const parsed = updatePersonRequestSchema.safeParse(requestOf(form.values, changed));
    if (!parsed.success) {
      form.invalid(parsed.error.issues);
      return;
    }
    form.starting();
    update.mutate(
      { userId: viewer.id, changes: parsed.data },
      {
        onSuccess: ({ user }) => {
          form.reset(formValuesOf(user));
          setNewNotification({ title: 'Saved', message: 'Your profile is saved.' });
        },
        onError: form.failed,
      },
    );
  };

  return (
    <>
      <Card>
        <form
          ref={formRef}
          noValidate
          onSubmit={handleSubmit}
          aria-label="Your details"
          className="space-y-5 px-4 py-5 sm:px-6 sm:py-6"
        >
          {form.restoredDraft && dirty ? (
            <Alert tone="info" role="status">
              These are your unsaved changes from last time.
            </Alert>
          ) : null}
          <ContactFields
            values={form.values}
            errors={form.errors}
            onChange={form.setField}
            email={false}
            title="Your details"
          />
          <div className="rounded-xl bg-muted/60 px-3 py-2.5 text-sm">
            <p className="text-muted-foreground">Email (you sign in with it)</p>
            <p className="font-medium break-all text-foreground">{person.email}</p>
            <p className="mt-1 text-xs text-muted-foreground">To change it, ask an administrator.</p>
          </div>
          {form.failure ? <Alert title="Your changes were not saved.">{form.failure}</Alert> : null}
          <SaveChangesBar dirty={dirty} pending={update.isPending} onUndo={() => form.reset(saved)} />
        </form>
      </Card>
      {viewer.role === 'athlete' ? (
        <Card aria-labelledby="athlete-profile-title" className="px-4 py-5 sm:px-6 sm:py-6">
          <h2 id="athlete-profile-title" className="text-base font-semibold text-foreground">
            Athlete profile
          </h2>
          <p className="mt-0.5 mb-4 text-sm text-muted-foreground">
            Your coaches keep these up to date. Something wrong? Tell your coach.
          </p>
          <AthleteProfileSummary person={person} />
        </Card>
      ) : null}
    </>
  );
}
