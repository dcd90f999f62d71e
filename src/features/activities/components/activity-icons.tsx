import type { Activity } from '@contract/tracking';
import type { Icon } from '@/components/ui/icons';
import { createIcon, DumbbellIcon, LayersIcon, UserIcon } from '@/components/ui/icons';

type ActivityKind = Activity['kind'];

/** A pulse line: what happened lately (the navigation's entry). */
export const PulseIcon = createIcon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
/** A trophy: a record. */
export const TrophyIcon = createIcon(
  <path d="M8 21h8m-4-4v4m-5-17h10v5a5 5 0 0 1-10 0V4Zm10 1h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />,
);
/** A heart: a like. */
export const HeartIcon = createIcon(
  <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />,
);

export const activityKindLabels: Record<ActivityKind, string> = {
  workout_completed: 'Workouts completed',
  record_set: 'Records',
  program_applied: 'Programs applied',
  athlete_joined: 'Athletes joined',
};

/** Each kind's icon and tint beside a row. */
export const activityKindLooks: Record<ActivityKind, { icon: Icon; tint: string }> = {
  workout_completed: { icon: DumbbellIcon, tint: 'bg-primary-soft text-primary-ink' },
  record_set: { icon: TrophyIcon, tint: 'bg-warning/15 text-warning-foreground' },
  program_applied: { icon: LayersIcon, tint: 'bg-muted text-foreground' },
  athlete_joined: { icon: UserIcon, tint: 'bg-muted text-foreground' },
};
