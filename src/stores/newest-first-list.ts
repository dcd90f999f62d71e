/**
 * Pure list transitions for server lists shown newest first (notifications, the activity feed). They never
 * mutate, and answer the same array when nothing changes, so they suit a zustand `set` as well as
 * `queryClient.setQueryData(key, (list) => prependNewById(list, incoming))`.
 */
interface HasId {
  readonly id: string;
}

/** Puts the incoming entries in front, in their order, skipping any id the list (or an earlier one) has. */
export function prependNewById<T extends HasId>(existing: T[] | undefined, incoming: readonly T[]): T[] {
  const list = existing ?? [];
  const seen = new Set(list.map((entry) => entry.id));
  const fresh = incoming.filter((entry) => {
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
  return fresh.length === 0 ? list : [...fresh, ...list];
}

export function removeById<T extends HasId>(list: T[] | undefined, id: string): T[] {
  const current = list ?? [];
  return current.some((entry) => entry.id === id) ? current.filter((entry) => entry.id !== id) : current;
}
