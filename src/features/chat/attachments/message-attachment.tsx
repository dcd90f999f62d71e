import type { Attachment } from '@contract/uploads';
import { attachmentKindOf } from '@contract/uploads';
import { useEffect, useId, useState } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { CloseIcon, DownloadIcon } from '@/components/ui/icons';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import { readDeviceFile } from '@/lib/chat-uploads/device-files';
import { formatNumber } from '@/lib/format/format';
import { useMessageUpload } from '@/stores/messages-store';
import { VoicePlayer } from '../voice/voice-player';
import { FileTextIcon, RetryIcon } from './attachment-icons';

interface MessageAttachmentProps {
  messageId: string;
  /** The server's attachment, once the message is on the server. */
  attachment: Attachment | null;
  /** The attachment still on this device (sending), shown from its local bytes. */
  deviceAttachment: DeviceAttachment | null;
  onRetry?: () => void;
}

/** What any attachment shows, wherever its bytes are. */
interface Shown {
  kind: 'image' | 'video' | 'audio' | 'pdf';
  fileName: string;
  type: string;
  size: number;
  durationMs: number | null;
  waveform: number[] | null;
}

/** "840 KB", "12.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

const typeWord = (type: string) =>
  type === 'application/pdf' ? 'PDF' : (type.split('/')[1]?.toUpperCase() ?? 'File');

/** An object URL of the bytes kept on the device for an upload; revoked when no longer shown. */
function useDeviceFileUrl(uploadId: string | null): string | null {
  const [url, setUrl] = useState<{ uploadId: string; url: string } | null>(null);
  useEffect(() => {
    if (uploadId === null) return undefined;
    let made: string | null = null;
    let isCurrent = true;
    void readDeviceFile(uploadId).then((file) => {
      if (!isCurrent || !file) return;
      made = URL.createObjectURL(file);
      setUrl({ uploadId, url: made });
    });
    return () => {
      isCurrent = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [uploadId]);
  return url && url.uploadId === uploadId ? url.url : null;
}

/**
 * An attachment of a message: the server's (a photo's preview that opens full size, a video, a voice message, a
 * file card), or, while it is still on this device, its local copy with how its upload is going.
 */
export function MessageAttachment({
  messageId,
  attachment,
  deviceAttachment,
  onRetry,
}: MessageAttachmentProps) {
  const localUrl = useDeviceFileUrl(attachment ? null : (deviceAttachment?.uploadId ?? null));
  if (attachment) {
    return (
      <AttachmentMedia
        shown={attachment}
        fileUrl={attachment.fileUrl}
        previewUrl={attachment.previewUrl ?? attachment.fileUrl}
      />
    );
  }
  if (!deviceAttachment) return null;
  const shown: Shown = { ...deviceAttachment, kind: attachmentKindOf(deviceAttachment.type) };
  return (
    <div className="flex w-64 max-w-full flex-col gap-1.5">
      <AttachmentMedia shown={shown} fileUrl={localUrl} previewUrl={localUrl} />
      <UploadState messageId={messageId} onRetry={onRetry} />
    </div>
  );
}

function AttachmentMedia({
  shown,
  fileUrl,
  previewUrl,
}: {
  shown: Shown;
  /** Null while the local copy is being read. */
  fileUrl: string | null;
  previewUrl: string | null;
}) {
  switch (shown.kind) {
    case 'image':
      return <PhotoAttachment fileName={shown.fileName} fileUrl={fileUrl} previewUrl={previewUrl} />;
    case 'video':
      return (
        <div className="aspect-video w-72 max-w-full overflow-hidden rounded-xl bg-black">
          {fileUrl ? (
            <video
              controls
              preload="metadata"
              playsInline
              src={fileUrl}
              aria-label={`Video ${shown.fileName}`}
              className="size-full"
            />
          ) : null}
        </div>
      );
    case 'audio':
      return <VoicePlayer src={fileUrl} durationMs={shown.durationMs} waveform={shown.waveform} />;
    case 'pdf':
      return <FileCard shown={shown} fileUrl={fileUrl} />;
  }
}

function PhotoAttachment({
  fileName,
  fileUrl,
  previewUrl,
}: {
  fileName: string;
  fileUrl: string | null;
  previewUrl: string | null;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      {/* A fixed 4:3 box: the bubble has its size before the photo arrives, so nothing below it moves. */}
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        disabled={fileUrl === null}
        aria-label={`Open photo ${fileName}`}
        className="block aspect-[4/3] w-64 max-w-full overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {previewUrl ? (
          <img src={previewUrl} alt={fileName} loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="block size-full animate-pulse bg-muted" />
        )}
      </button>
      <DialogFrame
        isOpen={isOpen}
        onDismiss={() => setIsOpen(false)}
        labelledBy={titleId}
        className="m-auto max-h-dvh w-full max-w-none bg-transparent p-0 backdrop:bg-black/85 sm:max-w-5xl"
      >
        <div className="flex max-h-dvh flex-col gap-3 p-3 sm:p-6">
          <div className="flex items-center gap-2 text-white">
            <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold">
              {fileName}
            </h2>
            {fileUrl ? (
              <a
                href={fileUrl}
                download={fileName}
                aria-label={`Download ${fileName}`}
                className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10"
              >
                <DownloadIcon />
              </a>
            ) : null}
            <button
              type="button"
              onClick={() => setIsOpen(false)}
              aria-label="Close photo"
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10"
            >
              <CloseIcon />
            </button>
          </div>
          {fileUrl ? (
            <img
              src={fileUrl}
              alt={fileName}
              className="mx-auto max-h-[80dvh] w-auto rounded-lg object-contain"
            />
          ) : null}
        </div>
      </DialogFrame>
    </>
  );
}

function FileCard({ shown, fileUrl }: { shown: Shown; fileUrl: string | null }) {
  const body = (
    <>
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
        <FileTextIcon />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-semibold text-foreground">{shown.fileName}</span>
        <span className="text-xs text-muted-foreground">
          {typeWord(shown.type)} · {formatFileSize(shown.size)}
        </span>
      </span>
      {fileUrl ? <span className="text-sm font-semibold text-primary-ink">Open</span> : null}
    </>
  );
  const frame =
    'flex h-16 w-64 max-w-full items-center gap-3 rounded-xl border border-border bg-surface px-3';
  return fileUrl ? (
    <a
      href={fileUrl}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={`Open ${shown.fileName} (${typeWord(shown.type)}, ${formatFileSize(shown.size)})`}
      className={`${frame} transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
    >
      {body}
    </a>
  ) : (
    <div className={frame}>{body}</div>
  );
}

/**
 * Spec 3's upload record of the message: waiting, going up with its percent, or failed with a retry. Drawn in the
 * bubble's own text colour (a sender's bubble is the organisation's primary), the failure on a surface of its own.
 */
function UploadState({ messageId, onRetry }: { messageId: string; onRetry: (() => void) | undefined }) {
  const upload = useMessageUpload(messageId);
  const status = upload?.uploadStatus ?? 'pending';
  if (status === 'uploaded') return null;
  if (status === 'failed') {
    return (
      <div className="flex items-start gap-2 rounded-lg bg-surface px-2 py-1 text-xs text-danger">
        <p className="min-w-0 flex-1 pt-1">Upload failed: {upload?.error ?? 'try again.'}</p>
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-8 shrink-0 items-center gap-1 rounded-md border border-danger/40 px-2 font-semibold hover:bg-danger/10 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <RetryIcon className="size-3.5" />
            Retry
          </button>
        ) : null}
      </div>
    );
  }
  if (status === 'pending') {
    return <p className="h-5 text-xs opacity-80">Waiting to upload</p>;
  }
  return (
    <ProgressBar value={upload?.uploadProgress ?? 0} className="flex h-5 items-center gap-2 text-xs">
      {({ percentage, valueText }) => (
        <>
          <Label className="shrink-0 opacity-80">Uploading</Label>
          <span className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-current/25">
            <span
              className="block h-full rounded-full bg-current transition-[width] duration-300"
              style={{ width: `${percentage ?? 0}%` }}
            />
          </span>
          <span className="w-9 shrink-0 text-right font-medium tabular-nums">{valueText}</span>
        </>
      )}
    </ProgressBar>
  );
}
