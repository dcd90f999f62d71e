import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormats } from '@/lib/format/use-formats';

interface RestoredDraftNoticeProps {
  /** When the device kept the changes. */
  savedAt: Date;
  /** What discarding goes back to: "the saved workout", "an empty form". */
  startingPoint: string;
  onDiscard: () => void;
  /** Said after when they were kept, before the choice (a newer saved version, for instance). */
  children?: ReactNode;
}

/** An editor's unsaved changes brought back from the device after a reload: keep them, or discard them. */
export function RestoredDraftNotice({
  savedAt,
  startingPoint,
  onDiscard,
  children,
}: RestoredDraftNoticeProps) {
  const formats = useFormats();
  return (
    <Alert tone="info" role="status" title="Your unsaved changes are back.">
      <p>
        They were kept on this device ({formats.instant(savedAt, 'dateTime')}). {children}
        {children ? ' ' : ''}Save them, or go back to {startingPoint}.
      </p>
      <Button variant="secondary" className="mt-3" onClick={onDiscard}>
        Discard my changes
      </Button>
    </Alert>
  );
}
