import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Messages by the request's paths (a schema's issues, the server's `fields`) as react-hook-form keeps its errors:
 * nested objects at the form's places (`fieldOf` turns a path into one). The first message for a place wins, as
 * the server's `fields` does; a place keeps its children's errors when it gets a message of its own.
 */
export function nestedFieldErrors<Values extends FieldValues>(
  messages: Readonly<Record<string, string>>,
  fieldOf: (path: string) => string,
): FieldErrors<Values> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(messages)) {
    const parts = fieldOf(path).split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts.at(-1) ?? 'root';
    const existing = node[last] as { message?: string } | undefined;
    if (!existing?.message) node[last] = { ...existing, type: 'validate', message };
  }
  return errors as FieldErrors<Values>;
}
