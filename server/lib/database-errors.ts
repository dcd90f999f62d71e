/** PostgreSQL's SQLSTATE codes we answer in words rather than with a 500. */
const sqlStates = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/** The error's SQLSTATE, however the driver and Drizzle wrap it (DrizzleQueryError keeps the driver's in cause). */
function sqlState(error: unknown): string | undefined {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A unique index refused the row (two people saving the same name or address at once). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === sqlStates.uniqueViolation;

/** A foreign key refused the change (deleting a row that another still refers to). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === sqlStates.foreignKeyViolation;
