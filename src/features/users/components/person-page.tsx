import type { Person, Role, SettableUserStatus, User } from '@contract';
import { updatePersonRequestSchema } from '@contract';
import { roles } from '@contract/user-fields';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { roleLabels } from '@/lib/auth/role-labels';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useChangeUserStatus } from '../api/change-user-status';
import { useChangeRole, useResendInvitation, useUpdatePerson } from '../api/people-mutations';
import { groupQueries, userQueries } from '../api/user-queries';
import type { PersonTextField } from '../person-form';
import {
  athleteProfileFields,
  changedFields,
  contactFields,
  formValuesOf,
  requestOf,
  staffContactFields,
} from '../person-form';
import { usePersonForm } from '../use-person-form';
import { statusActionsFor } from '../user-list-rules';
import { canManageUsers } from '../users-search';
import { ConfirmDisableDialog } from './confirm-disable-dialog';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { AthleteFields, ContactFields } from './person-fields';
import { SaveChangesBar } from './save-changes-bar';
import { UserStatusBadge } from './user-status-badge';
import { useFormats } from '@/lib/format/use-formats';

const route = getRouteApi('/app/users_/$userId');

/** An athlete's Training or Throwing tab, which the route composes in (features do not import each other). */
export type RenderTraining = (athlete: Person, viewer: User) => ReactNode;

interface PersonPageProps {
  renderTraining?: RenderTraining;
  renderThrowing?: RenderTraining;
}

type AthleteTabs = Pick<PersonPageProps, 'renderTraining' | 'renderThrowing'>;

/** `/app/users/$userId`: one person's profile, groups, role, invitation and status (staff); an athlete's training. */
export function PersonPage(tabs: PersonPageProps = {}) {
  const { userId } = route.useParams();
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (!canManageUsers(me.user.role) && me.user.id !== userId) return <NotAllowedPage title="Person" />;
  return <PersonLoader viewer={me.user} userId={userId} tabs={tabs} />;
}

function PersonLoader({ viewer, userId, tabs }: { viewer: User; userId: string; tabs: AthleteTabs }) {
  const person = useQuery(userQueries.detail(userId));
  useScreenTitle(person.data ? `${person.data.firstName} ${person.data.lastName}` : 'Person');
  if (person.data)
    return <PersonView key={person.data.id} viewer={viewer} person={person.data} tabs={tabs} />;
  if (person.isPending) return <PersonSkeleton />;
  const missing = isApiRequestError(person.error) && person.error.status === 404;
  return (
    <div className="space-y-5">
      <BackToUsers />
      <Card>
        <EmptyState
          icon={UserIcon}
          title={missing ? 'No such person in your organisation' : 'This person could not be loaded'}
          action={
            missing ? (
              <Link to="/app/users" className={textLinkClass}>
                Back to Users
              </Link>
            ) : (
              <Button
                variant="secondary"
                onClick={() => void person.refetch()}
                isPending={person.isRefetching}
              >
                Try again
              </Button>
            )
          }
        >
          {missing
            ? 'They may have been removed, or the link is mistyped.'
            : 'Check your connection and try again.'}
        </EmptyState>
      </Card>
    </div>
  );
}

function BackToUsers() {
  return (
    <div>
      <Link to="/app/users" className={`${textLinkClass} text-sm`}>
        ← Users
      </Link>
    </div>
  );
}

/** Which fields the viewer may change of this person: the server's rules (ADR 022). */
function editableFieldsFor(viewer: User, person: Person): { fields: PersonTextField[]; groups: boolean } {
  const isAthlete = person.role === 'athlete';
  const staffMayEdit = viewer.role === 'admin' || (viewer.role === 'coach' && isAthlete);
  if (staffMayEdit) {
    return {
      fields: isAthlete ? [...staffContactFields, ...athleteProfileFields, 'notes'] : [...staffContactFields],
      groups: isAthlete,
    };
  }
  if (viewer.id === person.id) return { fields: [...contactFields], groups: false };
  return { fields: [], groups: false };
}

function PersonView({ viewer, person, tabs }: { viewer: User; person: Person; tabs: AthleteTabs }) {
  const editable = editableFieldsFor(viewer, person);
  const isAthlete = person.role === 'athlete';
  const { tab } = route.useSearch();
  const renderTab =
    tab === 'training' ? tabs.renderTraining : tab === 'throwing' ? tabs.renderThrowing : undefined;
  const tabNames = (['training', 'throwing'] as const).filter((name) =>
    name === 'training' ? tabs.renderTraining !== undefined : tabs.renderThrowing !== undefined,
  );
  const hasTabs = isAthlete && tabNames.length > 0;
  const showsTab = isAthlete && renderTab !== undefined;
  const saved = formValuesOf(person);
  const { formRef, ...form } = usePersonForm(`person-${person.id}`, () => saved);
  const groups = useQuery({ ...groupQueries.list(), enabled: isAthlete });
  const update = useUpdatePerson();
  const { setNewNotification } = useNotificationActions();
  const { values, errors } = form;
  const changed = changedFields(values, saved, editable.fields);
  const groupsChanged =
    editable.groups && [...values.groupIds].sort().join() !== [...saved.groupIds].sort().join();
  const dirty = changed.length > 0 || groupsChanged;
  const readOnly = editable.fields.length === 0;
  const fieldReadOnly = (field: PersonTextField) => !editable.fields.includes(field);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !dirty) return;
    const parsed = updatePersonRequestSchema.safeParse(requestOf(values, changed, { groups: groupsChanged }));
    if (!parsed.success) {
      form.invalid(parsed.error.issues);
      return;
    }
    form.starting();
    update.mutate(
      { userId: person.id, changes: parsed.data },
      {
        onSuccess: ({ user, message }) => {
          form.reset(formValuesOf(user));
          setNewNotification({ title: 'Saved', message });
        },
        onError: form.failed,
      },
    );
  };

  return (
    <div className="space-y-5">
      <BackToUsers />
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Avatar firstName={person.firstName} lastName={person.lastName} className="size-12 text-lg" />
            <span className="min-w-0">
              {person.firstName} {person.lastName}
            </span>
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-foreground">{roleLabels[person.role]}</span>
            <UserStatusBadge status={person.status} invited={person.invitationPending} />
            <span className="min-w-0 truncate">{person.email}</span>
          </span>
        }
      />

      {hasTabs ? <PersonTabs athleteTabs={tabNames} /> : null}

      {showsTab ? renderTab(person, viewer) : null}
      {/* Kept mounted while another tab shows: a half-typed change of the profile is not lost. */}
      <div hidden={showsTab} className="grid items-start gap-5 lg:grid-cols-3">
        <AccountPanel viewer={viewer} person={person} />
        <Card className="lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <form
            ref={formRef}
            noValidate
            onSubmit={handleSubmit}
            aria-label={`Profile of ${person.firstName} ${person.lastName}`}
            className="space-y-6 px-4 py-5 sm:px-6 sm:py-6"
          >
            {readOnly ? (
              <Alert tone="info" role="status">
                Only an administrator can change {person.firstName}&apos;s details.
              </Alert>
            ) : form.restoredDraft && dirty ? (
              <Alert tone="info" role="status">
                These are your unsaved changes from last time.{' '}
                <button type="button" className={textLinkClass} onClick={() => form.reset(saved)}>
                  Discard them
                </button>
              </Alert>
            ) : null}
            <ContactFields
              values={values}
              errors={errors}
              onChange={form.setField}
              readOnly={readOnly}
              email={!fieldReadOnly('email') || readOnly}
            />
            {isAthlete ? (
              <AthleteFields
                form={form}
                groups={groups.data ?? []}
                groupsReadOnly={!editable.groups}
                profileReadOnly={fieldReadOnly('heightInches')}
                notes={'notes' in person ? { readOnly: fieldReadOnly('notes') } : null}
              />
            ) : null}
            {form.failure ? <Alert title="The changes were not saved.">{form.failure}</Alert> : null}
            {readOnly ? null : (
              <SaveChangesBar dirty={dirty} pending={update.isPending} onUndo={() => form.reset(saved)} />
            )}
          </form>
        </Card>
      </div>
    </div>
  );
}

const tabLabels = { profile: 'Profile', training: 'Training', throwing: 'Throwing' } as const;

/** Profile, Training and Throwing, the tab in the address (`?tab=throwing`) so a link opens the one it names. */
function PersonTabs({ athleteTabs }: { athleteTabs: readonly ('training' | 'throwing')[] }) {
  const { userId } = route.useParams();
  return (
    <nav aria-label="Person" className="inline-flex rounded-xl border border-border bg-muted/60 p-1">
      {(['profile', ...athleteTabs] as const).map((name) => (
        <Link
          key={name}
          to="/app/users/$userId"
          params={{ userId }}
          search={{ tab: name === 'profile' ? undefined : name }}
          // Active (aria-current) only on its own tab: the profile is the address without `tab`.
          activeOptions={{ includeSearch: true, explicitUndefined: true }}
          className="inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-surface aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
        >
          {tabLabels[name]}
        </Link>
      ))}
    </nav>
  );
}

const statusActionLabels: Record<SettableUserStatus, string> = {
  approved: 'Approve',
  rejected: 'Reject sign-up',
  disabled: 'Disable account',
};

function AccountPanel({ viewer, person }: { viewer: User; person: Person }) {
  const formats = useFormats();
  const queryClient = useQueryClient();
  const { setNewNotification } = useNotificationActions();
  const changeStatus = useChangeUserStatus();
  const changeRole = useChangeRole();
  const invite = useResendInvitation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [role, setRole] = useState<Role>(person.role);
  const roleId = useId();
  const actions = statusActionsFor(viewer, person);
  const mayChangeRole = viewer.role === 'admin' && viewer.id !== person.id;
  const mayInvite =
    person.invitationPending &&
    person.status === 'approved' &&
    (viewer.role === 'admin' || person.role === 'athlete');
  const name = `${person.firstName} ${person.lastName}`;
  const refused = (error: unknown) => setFailure(requestFailureMessage(error));

  const applyStatus = (status: SettableUserStatus) => {
    setFailure(null);
    changeStatus.mutate(
      { userId: person.id, status },
      {
        onSuccess: ({ message, user }) => {
          queryClient.setQueryData<Person>(userQueries.detail(person.id).queryKey, (current) =>
            current ? { ...current, status: user.status } : current,
          );
          setNewNotification({ title: 'Saved', message });
        },
        onError: refused,
      },
    );
  };

  return (
    <Card
      aria-labelledby={`${roleId}-title`}
      className="px-4 py-5 sm:px-6 lg:sticky lg:top-20 lg:col-start-3 lg:row-start-1"
    >
      <h2 id={`${roleId}-title`} className="text-base font-semibold text-foreground">
        Account
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <UserStatusBadge status={person.status} invited={person.invitationPending} />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Added</dt>
          <dd className="text-foreground">{formats.instant(person.createdAt, 'date')}</dd>
        </div>
      </dl>

      {person.invitationPending ? (
        <div className="mt-4 rounded-xl bg-muted/60 p-3 text-sm">
          <p className="text-foreground">
            {person.firstName} has not chosen a password yet. The invitation link works for 7 days.
          </p>
          {mayInvite ? (
            <Button
              variant="secondary"
              className="mt-3 w-full"
              isPending={invite.isPending}
              pendingLabel="Sending…"
              onClick={() => {
                setFailure(null);
                invite.mutate(person.id, {
                  onSuccess: ({ message }) => setNewNotification({ title: 'Invitation sent', message }),
                  onError: refused,
                });
              }}
            >
              Send invitation again
            </Button>
          ) : null}
        </div>
      ) : null}

      {mayChangeRole ? (
        <form
          className="mt-5 border-t border-border pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (role === person.role) return;
            setFailure(null);
            changeRole.mutate(
              { userId: person.id, role },
              {
                onSuccess: ({ message }) => setNewNotification({ title: 'Role changed', message }),
                onError: (error) => {
                  setRole(person.role);
                  refused(error);
                },
              },
            );
          }}
        >
          <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-foreground">
            Role
          </label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <select
                id={roleId}
                value={role}
                onChange={(event) => setRole(event.target.value as Role)}
                className="block min-h-11 w-full appearance-none rounded-lg border border-border bg-surface pr-9 pl-3 text-base shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
              >
                {roles.map((option) => (
                  <option key={option} value={option}>
                    {roleLabels[option]}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
            </div>
            <Button
              type="submit"
              variant="secondary"
              disabled={role === person.role || changeRole.isPending}
              isPending={changeRole.isPending}
            >
              Change role
            </Button>
          </div>
        </form>
      ) : null}

      {actions.length > 0 ? (
        <div className="mt-5 flex flex-col gap-2 border-t border-border pt-4">
          {actions.map((status) => (
            <Button
              key={status}
              variant="secondary"
              className={status === 'approved' ? '' : 'text-danger!'}
              disabled={changeStatus.isPending}
              onClick={() => (status === 'disabled' ? setConfirming(true) : applyStatus(status))}
            >
              {status === 'approved' && person.status === 'disabled'
                ? 'Enable account'
                : statusActionLabels[status]}
            </Button>
          ))}
        </div>
      ) : null}

      {failure ? (
        <Alert className="mt-4" title={`${name} was not changed.`}>
          {failure}
        </Alert>
      ) : null}

      <ConfirmDisableDialog
        user={confirming ? person : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          applyStatus('disabled');
        }}
      />
    </Card>
  );
}

function PersonSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-4 w-16" />
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-7 w-52" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </div>
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-3">
        <Card aria-hidden="true" className="space-y-4 p-6 lg:col-span-2">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-11 w-full" />
          ))}
        </Card>
        <Card aria-hidden="true" className="space-y-3 p-6">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-11 w-full" />
        </Card>
      </div>
    </div>
  );
}
