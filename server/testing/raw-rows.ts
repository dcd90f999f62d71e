/** Rows of a raw `db.execute` result: postgres.js answers an array, PGlite an object with `rows`. */
export function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}
