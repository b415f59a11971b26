import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/** `select 1`: throws when the database does not answer. */
export const pingDatabase = async (db: Pick<Queryable, 'execute'>): Promise<void> => {
  await db.execute(sql`select 1`);
};
