import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  PgTransaction,
  type AnyPgColumn,
  type PgSelect,
  type PgTable,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { recordLiveEvents, type NewLiveEvent } from './live-events/record-live-events';
import { enterOrganizationWall, leaveOrganizationWall } from './organization-wall';

/** A table whose rows belong to one organisation. */
export type TenantTable = PgTable & { organizationId: AnyPgColumn };

type Row<T extends TenantTable> = T['$inferSelect'];
export type NewRow<T extends TenantTable> = Omit<T['$inferInsert'], 'organizationId'>;

interface SelectOptions {
  where?: SQL | undefined;
  /** For a selectFields of aggregates (a count or a max per athlete and date). */
  groupBy?: (SQL | AnyPgColumn)[];
  orderBy?: (SQL | AnyPgColumn)[];
  limit?: number;
  offset?: number;
}

/** A select with the options' grouping, order, limit and offset. */
function ordered<Q extends PgSelect>(query: Q, options: SelectOptions): Q {
  let shaped = query;
  if (options.groupBy?.length) shaped = shaped.groupBy(...options.groupBy);
  if (options.orderBy?.length) shaped = shaped.orderBy(...options.orderBy);
  if (options.limit !== undefined) shaped = shaped.limit(options.limit);
  if (options.offset !== undefined) shaped = shaped.offset(options.offset);
  return shaped;
}

/**
 * The only way request handlers reach organisation data: every read, write and delete is limited to the
 * signed-in user's organisation, and inserts get it stamped on. The organisation comes from the session,
 * never from the request (docs/decisions/002-tenancy.md). Behind that, the database holds each statement to the
 * organisation too: every one runs in a transaction inside the organisation wall (ADR 087).
 */
export class TenantScope {
  constructor(
    private readonly db: Database,
    readonly organizationId: string,
    /** `db` is a transaction already inside this organisation's wall. */
    private readonly walled = false,
  ) {}

  /** Runs `work` inside the wall: in our transaction, or in one of its own. */
  private async inside<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (this.walled) return await work(this.db);
    return await this.walledTransaction(work);
  }

  /** A transaction (a savepoint when `db` is one) that enters the wall first, and leaves it at the end of a savepoint. */
  private async walledTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    const nested = this.db instanceof PgTransaction;
    return await this.db.transaction(async (tx) => {
      await enterOrganizationWall(tx, this.organizationId);
      const result = await work(tx);
      if (nested) await leaveOrganizationWall(tx);
      return result;
    });
  }

  /** `organization_id = ours AND filter`, for the rare query the helpers below do not cover. */
  own(table: TenantTable, filter?: SQL): SQL {
    const scope = eq(table.organizationId, this.organizationId);
    return filter ? (and(scope, filter) as SQL) : scope;
  }

  async select<T extends TenantTable>(table: T, options: SelectOptions = {}): Promise<Row<T>[]> {
    // Drizzle cannot type a select over a generic table; the row type is restored at the boundary.
    const source: PgTable = table;
    return await this.inside((db) =>
      ordered(db.select().from(source).where(this.own(table, options.where)).$dynamic(), options),
    );
  }

  /** Only these columns or expressions of our rows: a list that needs a summary of a large column, not all of it. */
  async selectFields<F extends SelectedFields>(
    table: TenantTable,
    fields: F,
    options: SelectOptions = {},
  ): Promise<SelectResultFields<F>[]> {
    const source: PgTable = table;
    // Drizzle cannot type a partial select over a generic table; the fields' own types are the row.
    const rows: unknown = await this.inside((db) =>
      ordered(db.select(fields).from(source).where(this.own(table, options.where)).$dynamic(), options),
    );
    return rows as SelectResultFields<F>[];
  }

  /**
   * A read the helpers cannot say, such as figures grouped over a join with a list of values: `query` gets our rows
   * of `table` that match `where` as a subquery to select from, and writes the rest in SQL. Columns come back as
   * the driver reads them (a date as text only when cast).
   */
  async selectOver<R>(table: TenantTable, where: SQL | undefined, query: (rows: SQL) => SQL): Promise<R[]> {
    const rows = sql`(select * from ${table} where ${this.own(table, where)})`;
    const result: unknown = await this.inside((db) => db.execute(query(rows)));
    // postgres.js answers the rows themselves; PGlite an object holding them.
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
  }

  /**
   * Runs `work` in one database transaction, with a scope of the same organisation bound to it: several writes
   * that belong together (a workout and its index rows) are all applied or none.
   */
  async transaction<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
    const scoped = (tx: Database) => work(new TenantScope(tx, this.organizationId, true));
    // Within the wall already, a savepoint keeps to it.
    return this.walled ? await this.db.transaction(scoped) : await this.walledTransaction(scoped);
  }

  /**
   * Runs `work`'s reads in one read-only transaction on one snapshot (repeatable read), without parallel workers: the
   * sums of one report section agree with each other, and a report's sections (up to six at once, ADR 076) do not
   * crowd the cores with workers.
   */
  async readSnapshot<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
    return await this.db.transaction(
      async (tx) => {
        await enterOrganizationWall(tx, this.organizationId, { max_parallel_workers_per_gather: '0' });
        return await work(new TenantScope(tx, this.organizationId, true));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Announces changes of this transaction to the organisation's live streams (ADR 054): call it last. */
  async recordLiveEvents(events: readonly Omit<NewLiveEvent, 'organizationId'>[]): Promise<void> {
    const stamped = events.map((event) => ({ ...event, organizationId: this.organizationId }));
    await this.inside((db) => recordLiveEvents(db, stamped));
  }

  /** How many of our rows match, for a paged list's total. */
  async count(table: TenantTable, where?: SQL): Promise<number> {
    const source: PgTable = table;
    const [row] = await this.inside((db) =>
      db.select({ total: count() }).from(source).where(this.own(table, where)),
    );
    return row?.total ?? 0;
  }

  async first<T extends TenantTable>(table: T, where: SQL): Promise<Row<T> | undefined> {
    const [row] = await this.select(table, { where, limit: 1 });
    return row;
  }

  /** The rows with our organisation stamped on, whatever the caller put there. */
  private stamped<T extends TenantTable>(values: NewRow<T> | NewRow<T>[]): never {
    const rows = Array.isArray(values) ? values : [values];
    return rows.map((value) => ({ ...value, organizationId: this.organizationId })) as never;
  }

  async insert<T extends TenantTable>(table: T, values: NewRow<T> | NewRow<T>[]): Promise<Row<T>[]> {
    return await this.inside((db) =>
      db
        .insert(table as PgTable)
        .values(this.stamped(values))
        .returning(),
    );
  }

  /**
   * Inserts thousands of rows in one statement from one JSON parameter, without reading them back: building a
   * statement of 20,000 rows × 22 parameters costs more than running it (an import, issue 16). Columns left out of
   * the first row get their defaults (every row has the first's keys); json columns are not supported. Answers how many rows were inserted.
   */
  async insertMany<T extends TenantTable>(table: T, values: NewRow<T>[]): Promise<number> {
    const rows = this.stamped<T>(values) as Record<string, unknown>[];
    const [first] = rows;
    if (!first) return 0;
    const columns = Object.entries(getTableColumns(table)).filter(([key]) => first[key] !== undefined);
    const documents = rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => [
          column.name,
          row[key] == null ? null : column.mapToDriverValue(row[key]),
        ]),
      ),
    );
    const names = sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    await this.inside((db) =>
      db.execute(
        sql`insert into ${table} (${names}) select ${names} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(documents)}::jsonb)`,
      ),
    );
    return rows.length;
  }

  /**
   * Inserts the rows that are not there yet (by any unique key); an existing row is left as it is. A row left out
   * may have clashed on any unique key, and with a row another transaction committed while this one waited: a
   * caller that answers differently per key reads back which (tracking's start, ADR 042).
   */
  async insertMissing<T extends TenantTable>(table: T, values: NewRow<T> | NewRow<T>[]): Promise<Row<T>[]> {
    return await this.inside((db) =>
      db
        .insert(table as PgTable)
        .values(this.stamped(values))
        .onConflictDoNothing()
        .returning(),
    );
  }

  /**
   * Inserts the row, or on a conflict of `target` changes our existing row with `set` when `when` holds of it
   * (a later-change-wins upsert). Returns nothing when the existing row was kept, or is another organisation's (the
   * `own` condition fails before the wall's policy would refuse the statement).
   */
  async upsert<T extends TenantTable>(
    table: T,
    values: NewRow<T>,
    conflict: { target: AnyPgColumn[]; set: Partial<NewRow<T>>; when?: SQL },
  ): Promise<Row<T>[]> {
    const { organizationId: _ignored, ...changes } = conflict.set as Record<string, unknown>;
    return await this.inside((db) =>
      db
        .insert(table as PgTable)
        .values(this.stamped(values))
        .onConflictDoUpdate({
          target: conflict.target,
          set: changes as never,
          setWhere: this.own(table, conflict.when),
        })
        .returning(),
    );
  }

  async update<T extends TenantTable>(table: T, values: Partial<NewRow<T>>, where: SQL): Promise<Row<T>[]> {
    // organizationId can never be changed through the scope.
    const { organizationId: _ignored, ...changes } = values as Record<string, unknown>;
    return await this.inside((db) =>
      db
        .update(table as PgTable)
        .set(changes as never)
        .where(this.own(table, where))
        .returning(),
    );
  }

  /** Deletes our rows that match and answers how many, without reading them back (thousands of rows). */
  async deleteCount(table: TenantTable, where: SQL): Promise<number> {
    const removed = await this.inside((db) =>
      db
        .delete(table as PgTable)
        .where(this.own(table, where))
        .returning({ one: sql<number>`1` }),
    );
    return removed.length;
  }

  /**
   * Locks our rows that match until the transaction ends (`for no key update`), and answers how many: writers of
   * one row's children queue behind each other, while inserts that only reference the row go on (issue 22).
   */
  async lock(table: TenantTable, where: SQL): Promise<number> {
    const source: PgTable = table;
    const rows = await this.inside((db) =>
      db
        .select({ one: sql<number>`1` })
        .from(source)
        .where(this.own(table, where))
        .for('no key update'),
    );
    return rows.length;
  }

  async delete<T extends TenantTable>(table: T, where: SQL): Promise<Row<T>[]> {
    return await this.inside((db) =>
      db
        .delete(table as PgTable)
        .where(this.own(table, where))
        .returning(),
    );
  }
}
