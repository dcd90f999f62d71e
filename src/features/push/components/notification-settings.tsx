import type { Role } from '@contract';
import type { NotificationPreferences } from '@contract/notifications';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { requestFailureMessage, showFieldErrors } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useNotificationActions } from '@/stores/notifications-store';
import {
  notificationPreferenceQueries,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';
import type { NotificationSettingsValues } from '../notification-settings-form';
import {
  formFieldOf,
  formValuesOf,
  kindsFor,
  notificationSettingsResolver,
} from '../notification-settings-form';
import { pushAvailability, pushAvailabilityNotice, subscribeToPushPermission } from '../push-availability';

/** The profile's "Notifications" card: which kinds push to this person's devices, and quiet hours. */
export function NotificationSettings() {
  const headingId = useId();
  const { data: me } = useSuspenseQuery(authQueries.me());
  const preferences = useQuery(notificationPreferenceQueries.mine());
  return (
    <Card aria-labelledby={headingId}>
      <div className="border-b border-border px-4 py-5 sm:px-6">
        <h2 id={headingId} className="text-base font-semibold text-foreground">
          Notifications
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground">
          Choose what pushes to your phone or computer. Everything still shows under the bell in the app.
        </p>
      </div>
      {preferences.data ? (
        <NotificationSettingsForm role={me.user.role} saved={preferences.data} />
      ) : preferences.isPending ? (
        <div aria-hidden="true" className="space-y-4 px-4 py-5 sm:px-6">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-11 w-full" />
          ))}
        </div>
      ) : (
        <div className="px-4 py-5 sm:px-6">
          <Alert title="Your notification settings could not be loaded.">
            <p>{requestFailureMessage(preferences.error)}</p>
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => void preferences.refetch()}
              isPending={preferences.isRefetching}
            >
              Try again
            </Button>
          </Alert>
        </div>
      )}
    </Card>
  );
}

function NotificationSettingsForm({ role, saved }: { role: Role; saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const { setNewNotification } = useNotificationActions();
  const settings = useQuery(settingsQueries.full());
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(() => notificationSettingsResolver(saved), [saved]);
  const { control, register, handleSubmit, setError, reset, formState } = useForm<
    NotificationSettingsValues,
    unknown,
    NotificationPreferences
  >({ defaultValues: formValuesOf(saved, role), resolver });
  const { errors, isDirty } = formState;
  const quietHours = useWatch({ control, name: 'quietHours' });
  const notice = pushAvailabilityNotice(useSyncExternalStore(subscribeToPushPermission, pushAvailability));
  const timeZone = settings.data?.timeZone;

  const submit = handleSubmit((request) => {
    setFailure(null);
    save.mutate(request, {
      onSuccess: (answer) => {
        reset(formValuesOf(answer, role));
        setNewNotification({ title: 'Saved', message: 'Your notification settings are saved.' });
      },
      // What was typed stays in the form: only the errors are added.
      onError: (error) => setFailure(showFieldErrors(error, { setError, fieldOf: formFieldOf })),
    });
  });

  return (
    <form
      noValidate
      aria-label="Notification settings"
      onSubmit={(event) => void submit(event)}
      className="space-y-5 px-4 py-5 sm:px-6"
    >
      {notice ? (
        <Alert tone="warning" role="status" title={notice.title}>
          {notice.text}
        </Alert>
      ) : null}

      <div className="divide-y divide-border">
        <fieldset className="pb-1">
          <legend className="text-sm font-semibold text-foreground">Push me when</legend>
          <div className="divide-y divide-border">
            {kindsFor(role).map(({ kind, label, description }) => (
              <Controller
                key={kind}
                control={control}
                name={`pushes.${kind}`}
                render={({ field }) => (
                  <Switch
                    label={label}
                    description={
                      kind === 'record_set' && settings.data?.recordNotifications === false
                        ? `${description} Your organisation has these turned off for now.`
                        : description
                    }
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="pt-1">
          <legend className="sr-only">Quiet hours</legend>
          <Controller
            control={control}
            name="quietHours"
            render={({ field }) => (
              <Switch
                label="Quiet hours"
                description={`No pushes between these times${timeZone ? ` (${timeZone} time)` : ''}; they wait under the bell.`}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          {quietHours ? (
            <div className="grid grid-cols-2 gap-x-3 sm:max-w-sm">
              <TextField
                label="From"
                type="time"
                error={errors.quietFrom?.message}
                {...register('quietFrom')}
              />
              <TextField
                label="Until"
                type="time"
                error={errors.quietUntil?.message}
                {...register('quietUntil')}
              />
            </div>
          ) : null}
        </fieldset>
      </div>

      {(failure ?? errors.root?.message) ? (
        <Alert title="Your notification settings were not saved.">{failure ?? errors.root?.message}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? (
          <Button variant="ghost" onClick={() => reset()} disabled={save.isPending}>
            Undo changes
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
            All changes saved.
          </p>
        )}
        <Button
          type="submit"
          disabled={!isDirty || save.isPending}
          isPending={save.isPending}
          pendingLabel="Saving…"
        >
          Save notification settings
        </Button>
      </div>
    </form>
  );
}
