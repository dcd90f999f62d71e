import type { Settings } from '@contract';
import { parseSettings } from '@/lib/settings/parse-settings';

/** Spec 9's storage key for the cached settings. */
export const settingsStorageKey = 'settings';

/** The settings cached by the last visit, or null; an entry that is not a settings record is removed. */
export function readCachedSettings(): Settings | null {
  try {
    const raw = window.localStorage.getItem(settingsStorageKey);
    if (raw === null) return null;
    const settings = parseSettings(JSON.parse(raw));
    if (settings === null) window.localStorage.removeItem(settingsStorageKey);
    return settings;
  } catch {
    // Unreadable JSON or storage that cannot be used: start unbranded.
    return null;
  }
}

export function cacheSettings(settings: Settings): void {
  try {
    window.localStorage.setItem(settingsStorageKey, JSON.stringify(settings));
  } catch {
    // Quota or privacy mode: the next visit starts unbranded, nothing worse.
  }
}
