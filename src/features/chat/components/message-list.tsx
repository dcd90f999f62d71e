import type { ChatMessageItem, Conversation, MessageAbout } from '@contract/chat';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MessageIcon } from '@/components/ui/icons';
import { useWindowedRows } from '@/lib/windowed-rows';
import { discardMessage, retryMessage } from '@/lib/chat-sync/chat-outbox';
import type { DeviceMessage } from '@/lib/chat-sync/device-messages';
import { MessageAttachment } from '../attachments/message-attachment';
import { dayWords, nameOf, receiptWords, timeWords } from '../chat-words';

/** Where a drawn row sits in the window: measured by its index (rows taller than estimated). */
interface RowPlace {
  index: number;
  measure: (element: Element | null) => void;
}

type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'server'; key: string; message: ChatMessageItem }
  | { kind: 'device'; key: string; message: DeviceMessage };

const dayKey = (iso: string) => new Date(iso).toDateString();

/** The server's messages, then this device's waiting ones in written order, with a separator at each new day. */
function rowsOf(serverMessages: ChatMessageItem[], deviceMessages: DeviceMessage[]): Row[] {
  const known = new Set(serverMessages.map((message) => message.id));
  const timeline = [
    ...serverMessages.map((message) => ({
      kind: 'server' as const,
      key: message.id,
      message,
      at: message.createdAt,
    })),
    // A device record whose message the server already lists is on its way out: the server's copy shows.
    ...deviceMessages
      .filter((message) => !known.has(message.id))
      .map((message) => ({ kind: 'device' as const, key: message.id, message, at: message.madeAt })),
  ];
  const rows: Row[] = [];
  let day: string | null = null;
  for (const { at, ...row } of timeline) {
    // Waiting messages go at the end whatever their day: only an empty conversation gets a separator for them.
    const thisDay: string = row.kind === 'device' && day !== null ? day : dayKey(at);
    if (thisDay !== day) {
      day = thisDay;
      rows.push({ kind: 'day', key: `day-${thisDay}`, label: dayWords(at) });
    }
    rows.push(row);
  }
  return rows;
}

interface MessageListProps {
  conversation: Conversation | null;
  viewerId: string;
  serverMessages: ChatMessageItem[];
  deviceMessages: DeviceMessage[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * The messages, oldest at the top. It opens at the newest; older pages load as the top comes into view, and the
 * message that was on screen stays where it was.
 */
export function MessageList({
  conversation,
  viewerId,
  serverMessages,
  deviceMessages,
  hasOlder,
  isLoadingOlder,
  loadOlder,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before an older page arrived: kept so the reader's place does not jump. */
  const keptFromBottom = useRef<number | null>(null);
  const rows = rowsOf(serverMessages, deviceMessages);
  // A conversation read far back holds hundreds of bubbles: past `windowedFrom` rows only those near the view are drawn.
  const windowed = useWindowedRows({
    scrollRef: scroller,
    count: rows.length,
    rowHeight: 64,
    maxHeight: 800,
  });
  const oldestId = serverMessages[0]?.id ?? null;
  const newestKey = rows.at(-1)?.key ?? null;

  const askOlder = () => {
    const element = scroller.current;
    if (!hasOlder || isLoadingOlder) return;
    keptFromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
    loadOlder();
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || keptFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - keptFromBottom.current;
    keptFromBottom.current = null;
  }, [oldestId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && keptFromBottom.current === null) element.scrollTop = element.scrollHeight;
  }, [newestKey]);

  useEffect(() => {
    const sentinel = topSentinel.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) askOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  });

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5">
      <div ref={topSentinel} />
      {hasOlder ? (
        <div className="flex h-10 justify-center">
          <Button variant="ghost" className="min-h-9 text-xs" isPending={isLoadingOlder} onClick={askOlder}>
            Load older messages
          </Button>
        </div>
      ) : rows.length > 0 ? (
        <p className="h-10 text-center text-xs text-muted-foreground">The start of the conversation</p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState icon={MessageIcon} title="No messages yet" className="h-full justify-center">
          Say hello: your first message starts the conversation.
        </EmptyState>
      ) : (
        <ol aria-label="Messages">
          {windowed.before > 0 ? <li aria-hidden="true" style={{ height: windowed.before }} /> : null}
          {windowed.indexes.map((index) => {
            const row = rows[index]!;
            return row.kind === 'day' ? (
              <li
                key={row.key}
                ref={windowed.measure}
                data-index={index}
                role="separator"
                aria-label={row.label}
                className="flex justify-center pt-2 pb-3.5"
              >
                <span className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
                  {row.label}
                </span>
              </li>
            ) : row.kind === 'server' ? (
              <ServerMessage
                key={row.key}
                index={index}
                measure={windowed.measure}
                message={row.message}
                isOwn={row.message.sender?.id === viewerId}
                conversation={conversation}
              />
            ) : (
              <DeviceMessageBubble
                key={row.key}
                index={index}
                measure={windowed.measure}
                message={row.message}
              />
            );
          })}
          {windowed.after > 0 ? <li aria-hidden="true" style={{ height: windowed.after }} /> : null}
        </ol>
      )}
    </div>
  );
}

const bubbleClass = (isOwn: boolean) =>
  `max-w-[85%] rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-snug shadow-xs sm:max-w-[70%] ${
    isOwn
      ? 'rounded-br-md bg-primary text-primary-foreground'
      : 'rounded-bl-md border border-border bg-surface text-foreground'
  }`;

function ServerMessage({
  index,
  measure,
  message,
  isOwn,
  conversation,
}: RowPlace & {
  message: ChatMessageItem;
  isOwn: boolean;
  conversation: Conversation | null;
}) {
  const showSender = !isOwn && conversation?.kind !== 'direct';
  const label = `${isOwn ? 'You' : nameOf(message.sender)} at ${timeWords(message.createdAt)}`;
  return (
    <li
      ref={measure}
      data-index={index}
      aria-label={label}
      className={`flex flex-col pb-1.5 ${isOwn ? 'items-end' : 'items-start'}`}
    >
      <div className={bubbleClass(isOwn)}>
        {showSender ? (
          <p className="mb-0.5 text-xs font-semibold text-primary-ink">{nameOf(message.sender)}</p>
        ) : null}
        {message.about ? <AboutCard about={message.about} isOwn={isOwn} /> : null}
        {message.attachment ? (
          <MessageAttachment messageId={message.id} attachment={message.attachment} deviceAttachment={null} />
        ) : null}
        {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
      </div>
      <p className="mt-0.5 px-1 text-[0.6875rem] text-muted-foreground">
        {timeWords(message.createdAt)}
        {isOwn && conversation ? ` · ${receiptWords(message, conversation.kind)}` : null}
      </p>
    </li>
  );
}

function DeviceMessageBubble({ index, measure, message }: RowPlace & { message: DeviceMessage }) {
  const refused = message.refusal !== null;
  // The attachment shows its own upload's progress; the line under the bubble says only that it is on its way.
  const status = refused ? null : 'Sending…';
  return (
    <li
      ref={measure}
      data-index={index}
      aria-label={`You at ${timeWords(message.madeAt)}`}
      className="flex flex-col items-end pb-1.5"
    >
      <div className={`${bubbleClass(true)} ${refused ? 'opacity-70' : ''}`}>
        {message.about ? (
          <p className="mb-1 rounded-lg bg-black/10 px-2 py-1 text-xs font-medium">
            About: {message.about.label ?? 'a workout'}
          </p>
        ) : null}
        {message.attachment ? (
          <MessageAttachment
            messageId={message.id}
            attachment={null}
            deviceAttachment={message.attachment}
            onRetry={refused ? () => void retryMessage(message.id) : undefined}
          />
        ) : null}
        {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
      </div>
      {refused ? (
        <p
          role="alert"
          className="mt-0.5 flex flex-wrap items-center justify-end gap-x-2 px-1 text-xs text-danger"
        >
          <span>Not sent: {message.refusal}</span>
          <button
            type="button"
            className="font-semibold underline underline-offset-2"
            onClick={() => void retryMessage(message.id)}
          >
            Retry
          </button>
          <button
            type="button"
            className="text-muted-foreground underline underline-offset-2"
            onClick={() => void discardMessage(message.id)}
          >
            Delete
          </button>
        </p>
      ) : (
        <p className="mt-0.5 px-1 text-[0.6875rem] text-muted-foreground">{status}</p>
      )}
    </li>
  );
}

/** "About: Lower body A · Tue", opening what the message is about. */
function AboutCard({ about, isOwn }: { about: MessageAbout; isOwn: boolean }) {
  const navigate = useNavigate();
  const words = `About: ${about.label ?? 'something no longer available'}`;
  const cardClass = `mb-1 block rounded-lg px-2.5 py-1.5 text-xs font-medium ${
    isOwn ? 'bg-black/15 text-primary-foreground' : 'bg-primary-soft text-primary-ink'
  }`;
  if (!about.link) return <p className={cardClass}>{words}</p>;
  const href = about.link;
  // The link is data from the server, not one of the typed routes: the router resolves it at click time.
  return (
    <a
      href={href}
      className={`${cardClass} underline-offset-2 hover:underline`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {words}
    </a>
  );
}
