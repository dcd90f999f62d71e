import { ilike } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePrefixPattern } from './sql-text';
import type { TenantScope, TenantTable } from './tenancy';

/** "Split squat (copy 2)" → "Split squat": copies of copies are numbered from the original's name. */
const copyBaseName = (name: string) => name.replace(/\s*\(copy(?: \d+)?\)$/i, '').trim() || name;

/** The first of "X (copy)", "X (copy 2)", … not in `taken` (lower case), shortened to fit `maxLength`. */
function nextCopyName(base: string, taken: ReadonlySet<string>, maxLength: number): string {
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? ' (copy)' : ` (copy ${number})`;
    const name = `${base.slice(0, maxLength - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** The name of a duplicate of `sourceName` that no row of `table` in the organisation has, whatever the case. */
export async function freeCopyName(
  scope: TenantScope,
  table: TenantTable & { name: AnyPgColumn },
  sourceName: string,
  maxLength: number,
): Promise<string> {
  const base = copyBaseName(sourceName);
  const similar = await scope.selectFields(
    table,
    { name: table.name },
    { where: ilike(table.name, likePrefixPattern(`${base} (copy`)) },
  );
  return nextCopyName(base, new Set(similar.map(({ name }) => String(name).toLowerCase())), maxLength);
}
