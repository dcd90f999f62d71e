import { resetAllStores } from '@/stores/store-reset';

/**
 * A reload of the page, for tests of what outlives one: what is in memory goes (every store back to its start),
 * what is in local storage stays. The stores' reset is also sign-out's, which clears device data; that is put back.
 */
export function reloadPage(): void {
  const stored = Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? ''] as const);
  resetAllStores();
  for (const [key, value] of stored) localStorage.setItem(key, value);
}
