import { attachmentTypes } from '@contract/uploads';
import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import { prepareAttachment } from '@/lib/chat-uploads/prepare-attachment';
import { CameraIcon, PaperclipIcon } from './attachment-icons';

/** The picker offers what may be attached; HEIC by its extension too, as Windows browsers know no type for it. */
const acceptedFileTypes = [...attachmentTypes, '.heic', '.heif'];
/** The camera gives a photo or a video in whatever format the phone records: prepareAttachment checks it. */
const cameraFileTypes = ['image/*', 'video/*'];

const iconButtonClass =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50';

interface AttachButtonProps {
  conversationId: string;
  onAttached: (attachment: DeviceAttachment) => void;
  disabled?: boolean;
}

/**
 * The composer's paperclip (and, on a touch screen, a camera): the chosen file is checked, hashed and kept on
 * the device, then handed to the composer. A refusal shows beside the button in the words of prepareAttachment.
 */
export function AttachButton({ conversationId, onAttached, disabled = false }: AttachButtonProps) {
  const [isPreparing, setIsPreparing] = useState(false);
  // Kept per conversation: a refusal in one chat is not shown in the next one opened.
  const [refusal, setRefusal] = useState<{ conversationId: string; message: string } | null>(null);
  const shownRefusal = refusal?.conversationId === conversationId ? refusal.message : null;

  const attach = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setRefusal(null);
    setIsPreparing(true);
    try {
      onAttached(await prepareAttachment(file, file.name));
    } catch (error) {
      const message = error instanceof Error ? error.message : 'This file cannot be attached.';
      setRefusal({ conversationId, message });
    } finally {
      setIsPreparing(false);
    }
  };

  const isDisabled = disabled || isPreparing;
  return (
    <div className="relative inline-flex shrink-0 items-center">
      <FileTrigger acceptedFileTypes={acceptedFileTypes} onSelect={(files) => void attach(files)}>
        <Button aria-label="Attach a file" isDisabled={isDisabled} className={iconButtonClass}>
          {isPreparing ? <Spinner className="size-5" label="Preparing the file…" /> : <PaperclipIcon />}
        </Button>
      </FileTrigger>
      <FileTrigger
        acceptedFileTypes={cameraFileTypes}
        defaultCamera="environment"
        onSelect={(files) => void attach(files)}
      >
        <Button
          aria-label="Take a photo or video"
          isDisabled={isDisabled}
          className={`${iconButtonClass} pointer-fine:hidden`}
        >
          <CameraIcon />
        </Button>
      </FileTrigger>
      {shownRefusal ? (
        <div
          role="alert"
          className="absolute bottom-full left-0 z-10 mb-2 flex w-72 max-w-[calc(100vw-2rem)] items-start gap-2 rounded-lg border border-danger/30 bg-surface py-2 pr-1 pl-3 text-sm text-danger shadow-lg"
        >
          <p className="min-w-0 flex-1 py-1">{shownRefusal}</p>
          <button
            type="button"
            onClick={() => setRefusal(null)}
            aria-label="Dismiss"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
