import type { AdminState } from '@contract/management-fields';

const labels: Record<AdminState, string> = {
  none: 'No admin yet',
  invited: 'Admin invited',
  active: 'Admin active',
};
const tones: Record<AdminState, string> = {
  none: 'bg-warning/15 text-warning-foreground ring-warning/30',
  invited: 'bg-sky-500/10 text-sky-800 ring-sky-500/25 dark:text-sky-200',
  active: 'bg-success/10 text-success ring-success/25',
};

/** Whether someone can run the organisation yet; the words are always written, the colour only helps. */
export function AdminStateBadge({ state }: { state: AdminState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[state]}`}
    >
      {labels[state]}
    </span>
  );
}

/** The organisation's three brand colours side by side (grey where one is not set). */
export function BrandSwatches({
  colors,
  className = 'size-4',
}: {
  colors: (string | null)[];
  className?: string;
}) {
  return (
    <span className="flex shrink-0 -space-x-1" aria-hidden="true">
      {colors.map((color, index) => (
        <span
          key={index}
          className={`rounded-full ring-2 ring-surface ${className}`}
          style={{ backgroundColor: color ?? '#cbd5e1' }}
        />
      ))}
    </span>
  );
}
