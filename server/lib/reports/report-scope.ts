import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WeekStart } from '../../../contract/calendar-dates';
import type { WeightUnit } from '../../../contract/training-vocabulary';
import { addCalendarDays, weekOf } from '../calendar-days';
import type { TenantScope } from '../tenancy';

/** An athlete the report counts, with what the throwing section needs of it. */
export interface ScopeAthlete {
  id: string;
  name: string;
  dateOfBirth: string | null;
}

/** What every section reads: the range, the organisation's calendar and unit, and the scope's athletes. */
export interface ReportContext {
  tenant: TenantScope;
  from: string;
  to: string;
  /** The organisation's today: days after it are not due yet. */
  today: string;
  timeZone: string;
  weekStartsOn: WeekStart;
  weightUnit: WeightUnit;
  kind: 'organization' | 'group' | 'athlete';
  athletes: readonly ScopeAthlete[];
  athleteById: ReadonlyMap<string, ScopeAthlete>;
  /** The same athletes as a subquery of their ids. */
  athleteScope: SQL;
}

/**
 * `column in (the scope's athletes)`, as the subquery that chose them: PostgreSQL plans a semi-join on it in a
 * fraction of a millisecond, where 300 ids as one array constant cost every statement several milliseconds to plan.
 */
export const inScope = (context: Pick<ReportContext, 'athleteScope'>, column: AnyPgColumn | SQL): SQL =>
  sql`${column} in (${context.athleteScope})`;

/**
 * The first day of the organisation's week holding a date column, in SQL: Monday weeks subtract isodow − 1 days,
 * Sunday weeks isodow mod 7 (what calendar-days' weekOf answers in Node).
 */
export function weekStartOf(column: SQL | AnyPgColumn, weekStartsOn: WeekStart): SQL {
  const shift = weekStartsOn === 'sunday' ? 0 : 6;
  return sql`(${column} - ((extract(isodow from ${column})::int + ${sql.raw(String(shift))}) % 7))`;
}

/** Every week start from the week of `from` to the week of `to`, oldest first. */
export function weekStartsBetween(from: string, to: string, weekStartsOn: WeekStart): string[] {
  const last = weekOf(to, weekStartsOn).from;
  const weeks: string[] = [];
  for (let week = weekOf(from, weekStartsOn).from; week <= last; week = addCalendarDays(week, 7))
    weeks.push(week);
  return weeks;
}

/** A reference as the report names people and things. */
export const refOf = (athlete: ScopeAthlete) => ({ id: athlete.id, name: athlete.name });

export const rounded = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** Lowest first, nulls last: who is falling behind (or has nothing known) sorts the same way everywhere. */
export const nullsLast = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b;

/** Highest first, nulls last. */
export const nullsLastDescending = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : b - a;
