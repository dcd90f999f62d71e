import type { LiveEvent } from '@contract/live-events';

/**
 * Features that do more with an event than refetch (the new notification's toast) listen here. Kept apart from
 * the stream so that listening costs the first screen nothing: the stream's code loads later (ADR 056).
 */
type LiveEventListener = (event: LiveEvent) => void;
const listeners = new Set<LiveEventListener>();

export function subscribeToLiveEvents(listener: LiveEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called once the event's queries have been read again, so a listener sees the new data. */
export function announceLiveEvent(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}
