import type { Subject } from './subject-picker';

/** The subject picker's look while its code loads: the same box, saying whose it is (or asking). */
export function SubjectPlaceholder({
  subject,
  className,
  asks = 'Everyone',
}: {
  subject: Subject;
  className: string;
  /** What the box says with no group or athlete chosen. */
  asks?: string;
}) {
  return (
    <div
      className={`flex min-h-11 min-w-0 items-center rounded-lg border border-border bg-surface px-3 text-sm font-medium text-foreground shadow-xs ${className}`}
    >
      {subject.kind === 'organization' ? asks : subject.name}
    </div>
  );
}
