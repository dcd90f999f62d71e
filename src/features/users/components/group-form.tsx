import type { CreateGroupRequest } from '@contract';
import { errorCodes } from '@contract/error-codes';
import { groupDescriptionMaxLength, groupNameMaxLength } from '@contract/groups';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';

export interface GroupFormValues {
  name: string;
  description: string;
}

interface GroupFormProps {
  /** Cookie key of the draft: what was typed survives a reload or a lost connection. */
  draftKey: string;
  initial: GroupFormValues;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The failed save, shown next to its field or above the form. */
  error: unknown;
  onSubmit: (values: CreateGroupRequest, done: () => void) => void;
  onCancel?: () => void;
}

const readDraft = (saved: unknown): GroupFormValues | null =>
  typeof saved === 'object' &&
  saved !== null &&
  'name' in saved &&
  'description' in saved &&
  typeof saved.name === 'string' &&
  typeof saved.description === 'string'
    ? { name: saved.name, description: saved.description }
    : null;

/** Name and description of a group, for making one and for renaming it. */
export function GroupForm({
  draftKey,
  initial,
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: GroupFormProps) {
  const [values, setValues] = useState<GroupFormValues>(() => loadFormDraft(draftKey, readDraft) ?? initial);
  const [localNameError, setLocalNameError] = useState<string | undefined>();
  /** The failed save whose name error the user has typed over since. */
  const [answeredError, setAnsweredError] = useState<unknown>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const serverNameError =
    isApiRequestError(error) && error.code === errorCodes.validation ? error.fields.name : undefined;
  const nameError = localNameError ?? (error === answeredError ? undefined : serverNameError);

  useEffect(() => {
    if (serverNameError) nameRef.current?.focus();
  }, [serverNameError, error]);

  const change = (field: keyof GroupFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    saveFormDraft(draftKey, { ...next });
    if (field === 'name') {
      setLocalNameError(undefined);
      setAnsweredError(error);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const name = values.name.trim();
    if (!name) {
      setLocalNameError('Enter a name for the group');
      nameRef.current?.focus();
      return;
    }
    onSubmit({ name, description: values.description.trim() }, () => clearFormDraft(draftKey));
  };

  const cancel = () => {
    clearFormDraft(draftKey);
    onCancel?.();
  };

  const otherFailure =
    error && !serverNameError
      ? isApiRequestError(error)
        ? error.message
        : 'Check your connection and try again. What you typed is kept.'
      : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      {otherFailure ? (
        <Alert title="The group was not saved." className="mb-3">
          <p>{otherFailure}</p>
        </Alert>
      ) : null}
      <TextField
        ref={nameRef}
        label="Group name"
        name="name"
        value={values.name}
        maxLength={groupNameMaxLength}
        placeholder="e.g. Pitchers, Varsity, Class of 2028"
        autoComplete="off"
        error={nameError}
        onChange={(event) => change('name', event.target.value)}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-foreground">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          name="description"
          rows={2}
          value={values.description}
          maxLength={groupDescriptionMaxLength}
          placeholder="What the group trains for"
          onChange={(event) => change('description', event.target.value)}
          className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 pt-4 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isPending={isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
