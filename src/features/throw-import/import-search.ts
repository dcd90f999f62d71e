import { uuidPattern } from '@contract/uuid';

/*
 * The import screen's address, checked by hand like the other route searches: a route's search check sits in
 * the route tree, which every first screen loads, and zod must not come with it (ADR 026).
 */

/** The URL's words for what is imported: the API's segments (/api/imports/pitches, /api/imports/sensor-throws). */
export const throwImportKinds = ['pitches', 'sensor-throws'] as const;
export type ThrowImportKind = (typeof throwImportKinds)[number];

/** `/app/completed/$logId/import?kind=pitches|sensor-throws&importId=` (the preview survives a reload). */
export interface ThrowImportSearch {
  kind: ThrowImportKind;
  importId?: string;
  /** Opened from tracking this schedule entry (its pitch panel): the screen goes back there, not to Completed. */
  entry?: string;
}

const isThrowImportKind = (value: unknown): value is ThrowImportKind =>
  throwImportKinds.some((kind) => kind === value);

/** A kind that makes no sense opens the pitches' import; an id that is not one is dropped. */
export function validateThrowImportSearch(search: Record<string, unknown>): ThrowImportSearch {
  const { kind, importId, entry } = search;
  return {
    kind: isThrowImportKind(kind) ? kind : 'pitches',
    ...(typeof importId === 'string' && uuidPattern.test(importId) ? { importId } : {}),
    ...(typeof entry === 'string' && uuidPattern.test(entry) ? { entry } : {}),
  };
}
