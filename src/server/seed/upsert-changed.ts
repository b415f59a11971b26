import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';

type ReferenceTable = PgTable & { id: PgColumn };
type Row = Record<string, unknown>;

const columnName = (table: PgTable, key: string): string =>
  (table as unknown as Record<string, { name: string }>)[key]!.name;

/**
 * Writes the reference rows that are missing or differ in `columns` (by id), and leaves the others alone. A write
 * would lock a row: an upsert that sets a unique column (a name) locks it against the foreign-key checks of other
 * hosts' requests (a transfer cart naming a payment method and a purpose), which can then wait on the seed in one
 * order while it waits on them in another, a deadlock at every restart under load. Unchanged rows are only read.
 */
export const upsertChanged = async <T extends ReferenceTable>(
  tx: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
  columns: readonly (keyof T['$inferInsert'] & string)[],
): Promise<void> => {
  const stored = new Map(((await tx.select().from(table as PgTable)) as Row[]).map((row) => [row.id, row]));
  const changed = rows.filter((row: Row) => {
    const current = stored.get(row.id);
    return !current || columns.some((column) => current[column] !== row[column]);
  });
  if (changed.length === 0) return;
  await tx
    .insert(table)
    .values(changed as T['$inferInsert'][])
    .onConflictDoUpdate({
      target: table.id,
      // `SET col = excluded.col` for every column but the id: a re-run corrects renamed rows.
      set: Object.fromEntries(
        columns.map((column) => [column, sql.raw(`excluded."${columnName(table, column)}"`)]),
      ) as PgUpdateSetSource<T>,
    });
};
