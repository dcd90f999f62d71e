/** Each field's first problem, from zod issues (shaped by hand so this file stays free of zod). */
export function firstIssuePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'body');
    fields[field] ??= issue.message;
  }
  return fields;
}

/** The first of `order` that has an error, to focus it. */
export function firstInvalid<Field extends string>(
  order: readonly Field[],
  errors: Partial<Record<Field, string | undefined>>,
): Field | undefined {
  return order.find((field) => errors[field]);
}
