import type { Page } from 'playwright-core';

/** What the app keeps in IndexedDB for the signed-in user (ADR 016), as a string; null when there is none. */
export function readOfflineCache(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('connect-offline');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onupgradeneeded = () => open.result.createObjectStore('query-cache');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db
            .transaction('query-cache', 'readonly')
            .objectStore('query-cache')
            .get('signed-in-cache.v1');
          get.onsuccess = () => {
            db.close();
            resolve(typeof get.result === 'string' ? get.result : null);
          };
          get.onerror = () => reject(new Error(String(get.error)));
        };
      }),
  );
}

/** Waits until the stored cache satisfies `holds` (it is written at most once a second). */
export async function waitForOfflineCache(
  page: Page,
  holds: (stored: string) => boolean,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await readOfflineCache(page);
    if (stored !== null && holds(stored)) return;
    if (Date.now() > deadline) throw new Error(`The offline cache never held what was expected: ${stored}`);
    await page.waitForTimeout(250);
  }
}
