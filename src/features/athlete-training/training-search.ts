import { uuidPattern } from '@contract/uuid';

/* The person page's address: which tab, and on the Training tab which exercise's history. */

export interface PersonSearch {
  tab?: 'training';
  exercise?: string;
}

/** A value that makes no sense is dropped, so an old or edited link still opens. */
export function validatePersonSearch(search: Record<string, unknown>): PersonSearch {
  const { tab, exercise } = search;
  return {
    ...(tab === 'training' ? { tab } : {}),
    ...(tab === 'training' && typeof exercise === 'string' && uuidPattern.test(exercise) ? { exercise } : {}),
  };
}
