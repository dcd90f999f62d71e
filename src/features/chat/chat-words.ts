import type { ChatMessageItem, ChatPerson, Conversation } from '@contract/chat';
import { attachmentKindOf } from '@contract/uploads';
import { differenceInCalendarDays, format, isToday, isYesterday } from 'date-fns';

export const nameOf = (person: Pick<ChatPerson, 'firstName' | 'lastName'> | null) =>
  person ? `${person.firstName} ${person.lastName}` : 'Former user';

/** 12 000 → "0:12". */
export function durationWords(durationMs: number | null): string {
  const seconds = Math.round((durationMs ?? 0) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a message says in one line: its text, or what it carries ("Photo", "Voice message 0:12"). */
export function messageSummary(message: {
  text: string;
  attachment: { type: string; fileName: string; durationMs: number | null } | null;
}): string {
  if (message.text.trim()) return message.text;
  const attachment = message.attachment;
  if (!attachment) return '';
  const kind = attachmentKindOf(attachment.type);
  if (kind === 'image') return 'Photo';
  if (kind === 'video') return 'Video';
  if (kind === 'audio') return `Voice message ${durationWords(attachment.durationMs)}`;
  return attachment.fileName;
}

/** The list's last message, "You: …" for one's own. */
export function lastMessageWords(conversation: Conversation, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const summary = messageSummary(last);
  if (last.sender?.id === viewerId) return `You: ${summary}`;
  return conversation.kind === 'direct' || !last.sender ? summary : `${last.sender.firstName}: ${summary}`;
}

/** The list's time: "14:05" today, "Yesterday", a weekday this week, else the date. */
export function listTimeWords(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (isToday(date)) return format(date, 'HH:mm');
  if (isYesterday(date)) return 'Yesterday';
  if (differenceInCalendarDays(now, date) < 7) return format(date, 'EEE');
  return format(date, 'd MMM yyyy');
}

/** A day separator in a conversation: "Today", "Yesterday", a weekday this week, else the date. */
export function dayWords(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (isToday(date)) return 'Today';
  if (isYesterday(date)) return 'Yesterday';
  if (differenceInCalendarDays(now, date) < 7) return format(date, 'EEEE');
  return format(date, 'EEEE d MMMM yyyy');
}

export const timeWords = (iso: string) => format(new Date(iso), 'HH:mm');

/** An own message's receipt: "Sent", then "Read" (direct) or "Read by 3". */
export function receiptWords(message: ChatMessageItem, kind: Conversation['kind']): string {
  if (message.readBy.length === 0) return 'Sent';
  return kind === 'direct' ? 'Read' : `Read by ${message.readBy.length}`;
}
