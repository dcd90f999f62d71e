import { pitchingLimits } from '@contract/pitching';
import type { ImportPreview } from '@contract/pitching';
import { formatBytes } from '@contract/organization-settings-rules';
import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { createIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useUploadThrowFile } from '../api/upload-throw-file';
import type { ThrowImportKind } from '../import-search';
import { acceptedFiles } from '../import-words';

const UploadIcon = createIcon(<path d="M12 15V3m0 0L7 8m5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />);

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
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [chosen, setChosen] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);

  const send = (file: File) =>
    upload.mutate({ kind, logId, file }, { onSuccess: ({ import: preview }) => onPreview(preview) });

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    setChosen(file);
    // The same file chosen again (after fixing it) must fire a change.
    if (inputRef.current) inputRef.current.value = '';
    // No need to send 50 MB to hear that 5 MB is the most.
    if (file.size > pitchingLimits.importBytes) {
      setTooLarge(`The file is ${formatBytes(file.size)}; an import takes at most 5 MB.`);
      return;
    }
    setTooLarge(null);
    send(file);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };

  const failure = upload.isError ? uploadFailureOf(upload.error) : null;
  const error = tooLarge ?? failure?.message ?? null;

  return (
    <div>
      <div
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setIsDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors sm:py-8 ${
          isDragging ? 'border-primary bg-primary-soft' : error ? 'border-danger/60' : 'border-border-strong'
        }`}
      >
        <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <UploadIcon className="size-5" />
        </span>
        <div>
          <label htmlFor={inputId} className="block text-base font-semibold text-foreground">
            Choose a CSV file
          </label>
          <p className="hidden text-sm text-muted-foreground sm:block">or drop it here</p>
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          aria-describedby={`${hintId} ${errorId}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full max-w-xs text-sm text-muted-foreground file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:text-sm file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover disabled:opacity-70"
        />
        <p id={hintId} className="max-w-md text-sm text-muted-foreground">
          {acceptedFiles[kind]}
        </p>
      </div>

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
