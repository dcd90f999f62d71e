import type { Settings, UpdateSettingsRequest } from '@contract';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useSaveSettings } from '../api/save-settings';
import { fieldErrorsOf, saveFailureMessage } from '../settings-form';
import { useFollowSaved } from '@/lib/form-drafts/use-follow-saved';

interface SettingsSectionProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The section's own form: its save button submits it. Without it, the section has no footer. */
  onSubmit?: () => void;
  saveLabel?: string;
  isSaving?: boolean;
  /** Shown in the footer after a save, until the next change. */
  savedMessage?: string | null;
  failure?: string | null;
  /** A draft from an earlier visit was put back: say so, and offer to drop it. */
  restoredDraft?: boolean;
  onDiscardDraft?: () => void;
  /** Something in a side column (a preview). */
  aside?: ReactNode;
}

/** One card of the settings screen: heading, fields, and a footer that saves this section only. */
export function SettingsSection({
  title,
  description,
  children,
  onSubmit,
  saveLabel = 'Save',
  isSaving = false,
  savedMessage,
  failure,
  restoredDraft = false,
  onDiscardDraft,
  aside,
}: SettingsSectionProps) {
  const headingId = useId();
  const body = (
    <div className={aside ? 'grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]' : 'p-4 sm:p-6'}>
      <div className="min-w-0">{children}</div>
      {aside ? <div className="min-w-0">{aside}</div> : null}
    </div>
  );
  return (
    <Card aria-labelledby={headingId}>
      <header className="border-b border-border px-4 py-4 sm:px-6">
        <h2 id={headingId} className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
        {restoredDraft ? (
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-primary-soft px-3 py-2 text-sm text-foreground">
            <span>Your unsaved changes from before are back.</span>
            {onDiscardDraft ? (
              <button
                type="button"
                onClick={onDiscardDraft}
                className="font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                Discard them
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      {onSubmit ? (
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (!isSaving) onSubmit();
          }}
        >
          {body}
          <footer className="flex flex-col border-t border-border bg-muted/40 px-4 py-3 sm:flex-row sm:items-center sm:justify-end sm:gap-3 sm:px-6">
            {/* Above the button on a phone; takes no room there while empty. */}
            <div
              className="text-sm sm:min-h-5 sm:flex-1 [&:not(:empty)]:mb-2 sm:[&:not(:empty)]:mb-0"
              role="status"
            >
              {savedMessage && !failure ? (
                <span className="inline-flex items-center gap-1.5 font-medium text-success">
                  <CheckIcon className="size-4" />
                  {savedMessage}
                </span>
              ) : null}
            </div>
            <Button type="submit" isPending={isSaving} pendingLabel="Saving…" className="sm:min-w-28">
              {saveLabel}
            </Button>
          </footer>
          {failure ? (
            <div className="px-4 pb-4 sm:px-6">
              <Alert title={`${title} was not saved.`}>{failure}</Alert>
            </div>
          ) : null}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}

/**
 * A section's values, kept as a cookie draft while typed (ADR 023: a flaky network loses nothing) and put
 * back when the screen opens again. `clear` forgets the draft after a save; `discard` also goes back to `saved`.
 */
export function useSectionDraft<Values extends Record<string, unknown>>(
  draftKey: string,
  saved: Values,
  readDraft: (stored: unknown) => Values | null,
) {
  const [initial] = useState(() => {
    const draft = loadFormDraft(draftKey, readDraft);
    const differs = draft !== null && JSON.stringify(draft) !== JSON.stringify(saved);
    if (draft !== null && !differs) clearFormDraft(draftKey);
    return { values: differs ? draft : saved, restored: differs };
  });
  const [values, setValuesState] = useState<Values>(initial.values);
  const [restored, setRestored] = useState(initial.restored);
  useFollowSaved(saved, values, setValuesState);
  const setValues = (next: Values) => {
    setValuesState(next);
    saveFormDraft(draftKey, next);
  };
  const clear = () => {
    clearFormDraft(draftKey);
    setRestored(false);
  };
  const discard = () => {
    clear();
    setValuesState(saved);
  };
  return { values, setValues, restored, clear, discard, reset: setValuesState };
}

/**
 * What a drafted section that saves through PUT /api/settings needs: its draft, field errors, the "saved" line
 * and `saveChanges`, which sends the changes and, once saved, forgets the draft and shows the server's values.
 * `sectionProps` are the footer's and the draft notice's props for `SettingsSection`.
 */
export function useSettingsSectionForm<Values extends Record<string, unknown>>(
  draftKey: string,
  saved: Values,
  readDraft: (stored: unknown) => Values | null,
) {
  const draft = useSectionDraft(draftKey, saved, readDraft);
  const save = useSaveSettings();
  type Errors = Partial<Record<keyof Values & string, string>>;
  const [errors, setErrors] = useState<Errors>({});
  const [savedMessage, setSavedMessage] = useState<string | null>(null);

  const saveChanges = (
    changes: UpdateSettingsRequest,
    done: { valuesOf: (settings: Settings) => Values; message: string; fieldPrefix?: string },
  ) =>
    save.mutate(changes, {
      onSuccess: ({ data }) => {
        draft.clear();
        draft.reset(done.valuesOf(data));
        setSavedMessage(done.message);
      },
      // The server names the fields of this section (after the prefix).
      onError: (error) => setErrors(fieldErrorsOf(error, done.fieldPrefix) as Errors),
    });

  const sectionProps = {
    isSaving: save.isPending,
    savedMessage,
    failure: save.isError ? saveFailureMessage(save.error) : null,
    restoredDraft: draft.restored,
    onDiscardDraft: () => {
      draft.discard();
      setErrors({});
    },
  } satisfies Partial<SettingsSectionProps>;

  return { draft, errors, setErrors, setSavedMessage, saveChanges, sectionProps };
}
