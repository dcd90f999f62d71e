import type { PersonalRecord, RecordKind } from '@contract';
import { recordKindLabels } from '@contract/tracking';
import { createIcon } from '@/components/ui/icons';

/** A trophy: records are the one thing on these screens worth a colour of their own. */
export const TrophyIcon = createIcon(
  <path d="M8 21h8m-4-4v4m-5-17h10v5a5 5 0 0 1-10 0V4Zm10 1h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />,
);

const badgeClass =
  'inline-flex items-center gap-1 rounded-md bg-warning/15 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-warning-foreground';

/** "2 records" beside a completed workout in a list. */
export function RecordCountBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className={badgeClass}>
      <TrophyIcon className="size-3.5" />
      {count === 1 ? '1 record' : `${count} records`}
    </span>
  );
}

/** A set's records by kind ("Heaviest load"). */
export function RecordKindBadge({ kind }: { kind: RecordKind }) {
  return (
    <span className={badgeClass}>
      <TrophyIcon className="size-3.5" />
      {recordKindLabels[kind]}
    </span>
  );
}

const trimmed = (value: number) => String(Math.round(value * 10) / 10);

/** "268.3 lb (was 262.5)", "12 reps at 135 lb", "88 mph". */
export function describeRecord(record: PersonalRecord): string {
  const value =
    record.unit === 'reps'
      ? `${record.value} reps${record.load !== null ? ` at ${trimmed(record.load)}` : ''}`
      : `${trimmed(record.value)} ${record.unit}`;
  return record.previous === null ? `${value} (a first)` : `${value} (was ${trimmed(record.previous)})`;
}
