import Cookies from 'js-cookie';

/**
 * Form drafts (spec 3, 9): what a user typed into a form, kept per form key as JSON in a cookie for 5 days at
 * path /, restored when the form opens again and cleared when it is submitted. A field whose name mentions a
 * password is never written. Cookies hold about 4 KB, so a draft that would not fit is not kept.
 */
const cookiePrefix = 'form-draft.';
const draftLifetimeDays = 5;
/** Under the ~4096-byte per-cookie limit browsers enforce, leaving room for the name and attributes. */
const maxEncodedDraftLength = 3800;
const formKeyPattern = /^[a-z0-9][a-z0-9-]*$/;
const passwordLike = /pass(word|code|phrase)|pwd/i;

export type FormDraftValues = Record<string, unknown>;

function cookieName(formKey: string): string {
  // The key becomes part of a cookie name: keep it to characters that need no encoding anywhere.
  if (!formKeyPattern.test(formKey))
    throw new Error(`A form draft key is lower-case kebab-case: "${formKey}"`);
  return `${cookiePrefix}${formKey}`;
}

/** A copy without any password-like field, at any depth. */
function withoutPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPasswords);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([field]) => !passwordLike.test(field))
      .map(([field, fieldValue]) => [field, withoutPasswords(fieldValue)]),
  );
}

export function saveFormDraft(formKey: string, values: FormDraftValues): void {
  const name = cookieName(formKey);
  const json = JSON.stringify(withoutPasswords(values));
  if (encodeURIComponent(json).length > maxEncodedDraftLength) {
    // The browser would drop it silently; an older, smaller draft would then come back instead.
    Cookies.remove(name, { path: '/' });
    return;
  }
  Cookies.set(name, json, {
    expires: draftLifetimeDays,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

/**
 * The saved draft of a form, or null. A cookie is outside input, so `read` checks its shape and answers the
 * values, or null when they no longer fit the form: `(saved) => workoutDraftSchema.safeParse(saved).data`.
 */
export function loadFormDraft<Values>(
  formKey: string,
  read: (saved: unknown) => Values | null | undefined,
): Values | null {
  const saved = Cookies.get(cookieName(formKey));
  if (saved === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch {
    return null;
  }
  return read(parsed) ?? null;
}

export function clearFormDraft(formKey: string): void {
  Cookies.remove(cookieName(formKey), { path: '/' });
}

/** Forgets every form's draft: between tests, and whenever a device should keep nothing a user typed. */
export function clearAllFormDrafts(): void {
  for (const name of Object.keys(Cookies.get())) {
    if (name.startsWith(cookiePrefix)) Cookies.remove(name, { path: '/' });
  }
}
