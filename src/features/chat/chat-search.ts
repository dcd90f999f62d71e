import type { MessageAboutKind } from '@contract/chat';
import { uuidPattern } from '@contract/uuid';

/* Checked by hand like the other route searches: the first screen's chunk carries no zod (ADR 028). */

const aboutKinds: readonly MessageAboutKind[] = ['workout', 'completed_workout', 'record'];

/** `/app/chat/$conversationId?aboutKind=&aboutId=&aboutLabel=`: what a new message will be about, preset. */
export interface ConversationSearch {
  aboutKind?: MessageAboutKind;
  aboutId?: string;
  aboutLabel?: string;
}

export function validateConversationSearch(search: Record<string, unknown>): ConversationSearch {
  const { aboutKind, aboutId, aboutLabel } = search;
  const kind = aboutKinds.find((known) => known === aboutKind);
  if (!kind || typeof aboutId !== 'string' || !uuidPattern.test(aboutId)) return {};
  return {
    aboutKind: kind,
    aboutId,
    ...(typeof aboutLabel === 'string' && aboutLabel ? { aboutLabel: aboutLabel.slice(0, 120) } : {}),
  };
}
