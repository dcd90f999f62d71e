import type { Settings } from '@contract';
import {
  detectLogoType,
  logoSizeMessage,
  logoTypeMessage,
  maxLogoBytes,
  formatBytes,
} from '@contract/organization-settings-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { OrganizationLogo } from '@/components/organization-logo';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { brandingFrom } from '@/lib/settings/settings-queries';
import { useRemoveLogo, useUploadLogo } from '../api/logo';
import { fieldErrorsOf, saveFailureMessage } from '../settings-form';
import { SettingsSection } from './settings-section';

interface ChosenLogo {
  file: File;
  previewUrl: string;
}

/** The same checks as the server's, before anything is sent: size, then the type the bytes really are. */
async function checkLogoFile(file: File): Promise<string | null> {
  if (file.size > maxLogoBytes) return logoSizeMessage(file.size);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return detectLogoType(head) ? null : logoTypeMessage;
}

export function LogoSection({ settings }: { settings: Settings }) {
  const { organizationName, logoUrl } = brandingFrom(settings);
  const hasLogo = Boolean(settings.companyLogo?.trim());
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [chosen, setChosen] = useState<ChosenLogo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.previewUrl);
    },
    [chosen],
  );

  const choose = async (file: File | undefined) => {
    setSavedMessage(null);
    upload.reset();
    remove.reset();
    setChosen(null);
    if (!file) return;
    const problem = await checkLogoFile(file);
    if (problem) {
      setError(problem);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setError(null);
    setChosen({ file, previewUrl: URL.createObjectURL(file) });
  };

  const clearChoice = () => {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const uploadChosen = () => {
    if (!chosen) {
      setError('Choose an image file first.');
      inputRef.current?.focus();
      return;
    }
    upload.mutate(chosen.file, {
      onSuccess: () => {
        clearChoice();
        setSavedMessage('Logo saved. It shows in the app and on the sign-in screen now.');
      },
      onError: (failure) => setError(fieldErrorsOf(failure).logo ?? null),
    });
  };

  const failure = upload.isError
    ? fieldErrorsOf(upload.error).logo
      ? null
      : saveFailureMessage(upload.error)
    : remove.isError
      ? saveFailureMessage(remove.error)
      : null;

  return (
    <SettingsSection
      title="Logo"
      description="Shown in the side navigation, on the sign-in screens and as the installed app’s icon."
      onSubmit={uploadChosen}
      saveLabel="Upload logo"
      isSaving={upload.isPending}
      savedMessage={savedMessage}
      failure={failure}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <figure className="flex shrink-0 flex-col items-center gap-2">
          <div className="grid size-28 place-items-center rounded-2xl border border-border bg-canvas p-2">
            {chosen ? (
              <img
                src={chosen.previewUrl}
                alt="Preview of the new logo"
                width={96}
                height={96}
                className="size-24 rounded-xl object-contain"
              />
            ) : (
              <OrganizationLogo src={logoUrl} organizationName={organizationName} className="size-24" />
            )}
          </div>
          <figcaption className="text-xs text-muted-foreground">
            {chosen ? 'New logo (not saved yet)' : hasLogo ? 'Current logo' : 'Default logo'}
          </figcaption>
        </figure>

        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-foreground">
            Choose an image
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-describedby={`${hintId} ${errorId}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="block w-full text-sm text-muted-foreground file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:text-sm file:font-semibold file:text-foreground hover:file:bg-muted"
          />
          <p id={hintId} className="mt-1.5 text-sm text-muted-foreground">
            PNG, JPEG, WebP or GIF, up to {formatBytes(maxLogoBytes)}. A square image with a transparent
            background looks best.
          </p>
          <p id={errorId} className="mt-1 min-h-5 text-sm text-danger">
            {error ?? ''}
          </p>
          {chosen ? (
            <p className="flex items-center gap-1.5 text-sm text-foreground">
              <CheckIcon className="size-4 text-success" />
              {chosen.file.name} · {formatBytes(chosen.file.size)}
              <button
                type="button"
                onClick={clearChoice}
                className="ml-2 font-semibold text-primary-ink underline-offset-2 hover:underline"
              >
                Cancel
              </button>
            </p>
          ) : null}
          {hasLogo && !chosen ? (
            <div className="mt-3">
              <Button
                variant="secondary"
                isPending={remove.isPending}
                pendingLabel="Removing…"
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      setError(null);
                      setSavedMessage('Logo removed. The default logo shows now.');
                    },
                  })
                }
              >
                Remove logo
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
