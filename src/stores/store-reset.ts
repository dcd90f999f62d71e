/** The reset of every store that has been loaded; each store registers its own when its module runs. */
const storeResets = new Set<() => void>();

export function registerStoreReset(reset: () => void): void {
  storeResets.add(reset);
}

/**
 * Puts every UI store back to its initial state: between tests, and on sign-out so that nothing of one
 * user's session (notifications, chat, tour) is left for the next one on a shared device.
 */
export function resetAllStores(): void {
  for (const reset of storeResets) reset();
}
