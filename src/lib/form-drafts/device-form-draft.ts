/**
 * Drafts of forms too large for spec 9's cookie (a workout of twelve blocks is several times its ~4 KB): kept
 * in this device's local storage under the same form key, for the same 5 days, and never sent to the server
 * with every request as a cookie would be (ADR 031). Small forms keep the cookie drafts of form-draft.ts.
 */
const storagePrefix = 'form-draft.';
const draftLifetimeMs = 5 * 24 * 60 * 60 * 1000;
const formKeyPattern = /^[a-z0-9][a-z0-9-]*$/;

interface StoredDraft {
  savedAt: number;
  values: unknown;
}

function storageKey(formKey: string): string {
  if (!formKeyPattern.test(formKey))
    throw new Error(`A form draft key is lower-case kebab-case: "${formKey}"`);
  return `${storagePrefix}${formKey}`;
}

export function saveDeviceFormDraft(formKey: string, values: unknown): void {
  const draft: StoredDraft = { savedAt: Date.now(), values };
  try {
    localStorage.setItem(storageKey(formKey), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the form still works, only without a draft.
  }
}

/** The saved draft, checked by `read` (it is outside input), or null when there is none, it expired or it no longer fits. */
export function loadDeviceFormDraft<Values>(
  formKey: string,
  read: (saved: unknown) => Values | null | undefined,
): { values: Values; savedAt: Date } | null {
  const key = storageKey(formKey);
  let stored: StoredDraft | null;
  try {
    stored = JSON.parse(localStorage.getItem(key) ?? 'null') as StoredDraft | null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored.savedAt !== 'number') return null;
  if (Date.now() - stored.savedAt > draftLifetimeMs) {
    localStorage.removeItem(key);
    return null;
  }
  const values = read(stored.values);
  return values ? { values, savedAt: new Date(stored.savedAt) } : null;
}

export function clearDeviceFormDraft(formKey: string): void {
  localStorage.removeItem(storageKey(formKey));
}

/** Forgets every large draft: between tests, and when a device should keep nothing a user typed. */
export function clearAllDeviceFormDrafts(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(storagePrefix)) localStorage.removeItem(key);
  }
}
