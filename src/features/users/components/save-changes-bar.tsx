import { Button } from '@/components/ui/button';

/** The foot of a profile form: undo or "All changes saved.", and the save button. */
export function SaveChangesBar({
  dirty,
  pending,
  onUndo,
}: {
  dirty: boolean;
  pending: boolean;
  onUndo: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-end">
      {dirty ? (
        <Button variant="ghost" onClick={onUndo} disabled={pending}>
          Undo changes
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
          All changes saved.
        </p>
      )}
      <Button type="submit" disabled={!dirty || pending} isPending={pending} pendingLabel="Saving…">
        Save changes
      </Button>
    </div>
  );
}
