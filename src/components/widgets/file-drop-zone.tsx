import type { DragEvent, ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { UploadIcon } from '@/components/ui/icons';

export interface FileDropZoneProps {
  /** The file input's label: "Choose a CSV file". */
  label: string;
  accept: string;
  /** Under the input: what files it takes, or the one chosen. */
  hint: ReactNode;
  /** The id of the message that refuses the file, outside the zone. */
  errorId: string;
  isInvalid: boolean;
  isDisabled?: boolean;
  onFile: (file: File) => void;
  /** The zone's size: a fixed height beside a paste box, or padding on its own. */
  className?: string;
}

/**
 * A file input in a dashed zone that also takes a dropped file. Choosing the same file again (after fixing it)
 * fires again: the input is emptied after each choice.
 */
export function FileDropZone({
  label,
  accept,
  hint,
  errorId,
  isInvalid,
  isDisabled = false,
  onFile,
  className = 'px-4 py-6 sm:py-8',
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const [isDragging, setIsDragging] = useState(false);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (inputRef.current) inputRef.current.value = '';
    onFile(file);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setIsDragging(false);
        if (!isDisabled) choose(event.dataTransfer.files[0]);
      }}
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed text-center transition-colors ${
        isDragging
          ? 'border-primary bg-primary-soft'
          : isInvalid
            ? 'border-danger/60'
            : 'border-border-strong'
      } ${className}`}
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
        <UploadIcon className="size-5" />
      </span>
      <div>
        <label htmlFor={id} className="block text-base font-semibold text-foreground">
          {label}
        </label>
        <p className="hidden text-sm text-muted-foreground sm:block">or drop it here</p>
      </div>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={isDisabled}
        aria-invalid={isInvalid || undefined}
        aria-describedby={`${hintId} ${errorId}`}
        onChange={(event) => choose(event.target.files?.[0])}
        className="block w-full max-w-xs text-sm text-muted-foreground file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-4 file:text-sm file:font-semibold file:text-primary-foreground hover:file:bg-primary-hover disabled:opacity-70"
      />
      <p id={hintId} className="max-w-md text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
