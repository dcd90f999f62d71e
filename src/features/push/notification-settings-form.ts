import type { Role } from '@contract';
import type { NotificationKind, NotificationPreferences } from '@contract/notifications';
import { notificationPreferencesSchema } from '@contract/notifications';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * Each kind in words a person uses, with who can receive it (server/lib/notifications/makers.ts). Not offered:
 * `account_approved` (whoever reads this is approved already) and `message` (chat comes with issue 25).
 */
export const notificationKindChoices: readonly {
  kind: NotificationKind;
  label: string;
  description: string;
  roles: readonly Role[];
}[] = [
  {
    kind: 'workout_scheduled',
    label: 'New workouts in my schedule',
    description: 'When a coach puts a workout or a program on your days.',
    roles: ['athlete'],
  },
  {
    kind: 'log_corrected',
    label: 'Corrections to my workouts',
    description: 'When a coach corrects something you logged.',
    roles: ['athlete'],
  },
  {
    kind: 'signup_waiting',
    label: 'Sign-ups waiting for approval',
    description: 'When someone signs up to your organisation.',
    roles: ['admin', 'coach'],
  },
  {
    kind: 'record_set',
    label: 'Records my athletes set',
    description: 'When an athlete of yours sets a personal record.',
    roles: ['admin', 'coach'],
  },
  {
    kind: 'workout_comment',
    label: 'Comments on completed workouts',
    description: 'When someone comments on a workout you are part of.',
    roles: ['admin', 'coach', 'athlete'],
  },
];

export const kindsFor = (role: Role) =>
  notificationKindChoices.filter((choice) => choice.roles.includes(role));

export interface NotificationSettingsValues {
  /** Kinds this person may receive, true when they push. */
  pushes: Partial<Record<NotificationKind, boolean>>;
  quietHours: boolean;
  /** "HH:mm" from the time field, or '' while empty. */
  quietFrom: string;
  quietUntil: string;
}

export function formValuesOf(preferences: NotificationPreferences, role: Role): NotificationSettingsValues {
  return {
    pushes: Object.fromEntries(
      kindsFor(role).map(({ kind }) => [kind, !preferences.mutedKinds.includes(kind)]),
    ),
    quietHours: preferences.quietFrom !== null || preferences.quietUntil !== null,
    quietFrom: preferences.quietFrom ?? '',
    quietUntil: preferences.quietUntil ?? '',
  };
}

/**
 * The request: the switches shown say which kinds are muted; a kind not shown stays as saved. Quiet hours off
 * sends neither time.
 */
export function preferencesOf(
  values: NotificationSettingsValues,
  saved: NotificationPreferences,
): NotificationPreferences {
  const shown = new Set(Object.keys(values.pushes));
  const mutedKinds = [
    ...saved.mutedKinds.filter((kind) => !shown.has(kind)),
    ...(Object.entries(values.pushes) as [NotificationKind, boolean][])
      .filter(([, pushes]) => !pushes)
      .map(([kind]) => kind),
  ];
  return {
    mutedKinds,
    quietFrom: values.quietHours && values.quietFrom !== '' ? values.quietFrom : null,
    quietUntil: values.quietHours && values.quietUntil !== '' ? values.quietUntil : null,
  };
}

export type NotificationSettingsField = 'quietFrom' | 'quietUntil';

/** A server or contract path (`quietFrom`, `mutedKinds.0`) as the form field that shows it; null: above the form. */
export function formFieldOf(path: string): NotificationSettingsField | null {
  const head = path.split('.')[0];
  return head === 'quietFrom' || head === 'quietUntil' ? head : null;
}

/**
 * The contract's schema checks the form: both quiet times or neither, each on its own field. Quiet hours switched on
 * with no time at all is asked for too (sent as it is, it would save no quiet hours).
 */
export const notificationSettingsResolver =
  (saved: NotificationPreferences): Resolver<NotificationSettingsValues, unknown, NotificationPreferences> =>
  (values) => {
    const errors: Partial<Record<NotificationSettingsField | 'root', { type: string; message: string }>> = {};
    if (values.quietHours && values.quietFrom === '' && values.quietUntil === '') {
      const message = 'Give both quiet times, or turn quiet hours off';
      errors.quietFrom = { type: 'required', message };
      errors.quietUntil = { type: 'required', message };
    } else {
      const request = preferencesOf(values, saved);
      const parsed = notificationPreferencesSchema.safeParse(request);
      if (parsed.success) return { values: parsed.data, errors: {} };
      for (const issue of parsed.error.issues) {
        errors[formFieldOf(issue.path.join('.')) ?? 'root'] ??= { type: 'contract', message: issue.message };
      }
    }
    return { values: {}, errors: errors as FieldErrors<NotificationSettingsValues> };
  };
