import { pitchingLimits } from '@contract/pitching';
import type { ImportPreview } from '@contract/pitching';
import { formatBytes } from '@contract/organization-settings-rules';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FileDropZone } from '@/components/widgets/file-drop-zone';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useUploadThrowFile } from '../api/upload-throw-file';
import type { ThrowImportKind } from '../import-search';
import { acceptedFiles } from '../import-words';

/** The server's refusal of a file (not a CSV, empty, too large…) is about the file: it shows beside it. */
function uploadFailureOf(error: unknown): { message: string; canRetry: boolean } {
  if (isApiRequestError(error)) {
    if (error.status === 404) return { message: 'This workout was not found.', canRetry: false };
    if (error.status === 400 || error.status === 413) {
      return { message: error.fields.file ?? error.message, canRetry: false };
    }
    if (error.status < 500) return { message: error.message, canRetry: false };
  }
  return {
    message: 'The file could not be sent. Check your connection and try again.',
    canRetry: true,
  };
}

interface FileStepProps {
  kind: ThrowImportKind;
  logId: string;
  onPreview: (preview: ImportPreview) => void;
}

/**
 * Step 1: a CSV chosen or dropped is sent at once; the server reads it and answers the preview. A failed send
 * keeps the file, so "Try again" sends the same one.
 */
export function FileStep({ kind, logId, onPreview }: FileStepProps) {
  const upload = useUploadThrowFile();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [chosen, setChosen] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);

  const send = (file: File) =>
    upload.mutate({ kind, logId, file }, { onSuccess: ({ import: preview }) => onPreview(preview) });

  const choose = (file: File) => {
    upload.reset();
    setChosen(file);
    // No need to send 50 MB to hear that 5 MB is the most.
    if (file.size > pitchingLimits.importBytes) {
      setTooLarge(`The file is ${formatBytes(file.size)}; an import takes at most 5 MB.`);
      return;
    }
    setTooLarge(null);
    send(file);
  };

  const failure = upload.isError ? uploadFailureOf(upload.error) : null;
  const error = tooLarge ?? failure?.message ?? null;

  return (
    <div>
      <FileDropZone
        label="Choose a CSV file"
        accept=".csv,text/csv"
        errorId={errorId}
        isInvalid={error !== null}
        isDisabled={upload.isPending}
        onFile={choose}
        hint={acceptedFiles[kind]}
      />

      <div className="mt-2 min-h-5 space-y-2" aria-live="polite">
        {upload.isPending && chosen ? (
          <p className="flex items-center gap-2 text-sm text-foreground" role="status">
            <Spinner className="size-4 text-primary-ink" />
            Reading {chosen.name} ({formatBytes(chosen.size)})…
          </p>
        ) : null}
        <p id={errorId} className="text-sm font-medium text-danger">
          {error ?? ''}
        </p>
        {failure && chosen ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <span>
              {chosen.name} · {formatBytes(chosen.size)}
            </span>
            {failure.canRetry ? (
              <Button variant="secondary" onClick={() => send(chosen)}>
                Try again
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
