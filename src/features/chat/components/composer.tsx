import { chatLimits } from '@contract/chat';
import { getRouteApi } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { ArrowUpIcon, CloseIcon } from '@/components/ui/icons';
import { writeMessage } from '@/lib/chat-sync/chat-outbox';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import { useMessageActions, useNewMessage } from '@/stores/messages-store';
import { v7 as uuidv7 } from 'uuid';
import { AttachButton } from '../attachments/attach-button';
import { VoiceRecorder } from '../voice/voice-recorder';

const route = getRouteApi('/app/chat/$conversationId');
/** The counter shows from here on: near the end, not while writing a short line. */
const counterFrom = chatLimits.textMax - 400;

/**
 * The composer: Enter sends, Shift+Enter starts a new line. Its text is the messages store's `newMessage`; a
 * send sets `sendToAPI`, puts the message on the device (it shows at once as "Sending…") and `messageSent()`
 * resets. An attachment chosen makes a message at once, with the text written so far.
 */
export function Composer({ conversationId, viewerId }: { conversationId: string; viewerId: string }) {
  const text = useNewMessage();
  const { newMessageChanged, sendRequested, messageSent } = useMessageActions();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const counterId = useId();
  const about =
    search.aboutKind && search.aboutId
      ? { kind: search.aboutKind, id: search.aboutId, label: search.aboutLabel ?? null }
      : null;
  const clearAbout = () => void navigate({ search: {}, replace: true });
  const isTooLong = text.length > chatLimits.textMax;

  const send = async (attachment: DeviceAttachment | null) => {
    const trimmed = text.trim();
    if ((!trimmed && !attachment) || isTooLong) return;
    sendRequested();
    await writeMessage({ id: uuidv7(), conversationId, userId: viewerId, text: trimmed, about, attachment });
    messageSent();
    if (about) clearAbout();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(null);
  };

  return (
    <div className="shrink-0 border-t border-border bg-surface px-3 py-2.5 sm:px-4">
      {about ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-primary-soft px-3 py-1.5 text-sm text-primary-ink">
          <span className="min-w-0 flex-1 truncate font-medium">About: {about.label ?? 'this workout'}</span>
          <button
            type="button"
            aria-label="Remove what the message is about"
            className="inline-flex size-7 items-center justify-center rounded-md hover:bg-primary/10"
            onClick={clearAbout}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send(null);
        }}
      >
        <AttachButton conversationId={conversationId} onAttached={(attachment) => void send(attachment)} />
        <textarea
          aria-label="Message"
          aria-describedby={text.length >= counterFrom ? counterId : undefined}
          aria-invalid={isTooLong || undefined}
          rows={1}
          value={text}
          placeholder="Write a message"
          onChange={(event) => newMessageChanged(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-border bg-canvas px-3.5 py-2.5 text-base text-foreground placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        />
        {text.trim() ? null : <VoiceRecorder onRecorded={(attachment) => void send(attachment)} />}
        <button
          type="submit"
          aria-label="Send"
          disabled={!text.trim() || isTooLong}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40"
        >
          <ArrowUpIcon className="size-5" />
        </button>
      </form>
      {text.length >= counterFrom ? (
        <p
          id={counterId}
          className={`mt-1 text-right text-xs ${isTooLong ? 'text-danger' : 'text-muted-foreground'}`}
        >
          {isTooLong
            ? `${text.length - chatLimits.textMax} characters over the limit of ${chatLimits.textMax}`
            : `${chatLimits.textMax - text.length} characters left`}
        </p>
      ) : null}
    </div>
  );
}
