import type { UserStatus } from '@contract';
import { statusLabels } from '../user-list-rules';

const toneClasses: Record<UserStatus, { badge: string; dot: string }> = {
  pending: { badge: 'bg-warning/15 text-warning-foreground ring-warning/30', dot: 'bg-warning' },
  approved: { badge: 'bg-success/10 text-success ring-success/25', dot: 'bg-success' },
  rejected: { badge: 'bg-danger/10 text-danger ring-danger/25', dot: 'bg-danger' },
  disabled: { badge: 'bg-muted text-muted-foreground ring-border-strong/60', dot: 'bg-muted-foreground' },
};

const invitedTone = { badge: 'bg-primary/10 text-primary-ink ring-primary/25', dot: 'bg-primary' };

/**
 * A user's account status as a coloured pill; the word is always written, the colour only helps. An approved
 * person who has not chosen a password yet reads "Invited".
 */
export function UserStatusBadge({ status, invited = false }: { status: UserStatus; invited?: boolean }) {
  const showsInvited = invited && status === 'approved';
  const tone = showsInvited ? invitedTone : toneClasses[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      {showsInvited ? 'Invited' : statusLabels[status]}
    </span>
  );
}
