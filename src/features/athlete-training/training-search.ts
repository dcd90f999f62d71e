import { uuidPattern } from '@contract/uuid';

/* The person page's address: which tab, and on the Training tab which exercise's history. */

/** An athlete's tabs besides the profile (the profile is the address without `tab`). */
export const athleteTabs = ['training', 'throwing'] as const;
export type AthleteTab = (typeof athleteTabs)[number];

export interface PersonSearch {
  tab?: AthleteTab;
  exercise?: string;
}

/** A value that makes no sense is dropped, so an old or edited link still opens. */
export function validatePersonSearch(search: Record<string, unknown>): PersonSearch {
  const { tab, exercise } = search;
  return {
    ...(tab === 'training' || tab === 'throwing' ? { tab } : {}),
    ...(tab === 'training' && typeof exercise === 'string' && uuidPattern.test(exercise) ? { exercise } : {}),
  };
}
