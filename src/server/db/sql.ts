import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client';

/** Rows of a raw statement, whichever driver runs it (both answer `{ rows }`). */
export const queryRows = async <Row>(db: Queryable, query: SQL): Promise<Row[]> => {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
};

/**
 * A bigint column read back as a JS number: node-postgres gives int8 as a string, PGlite as a number or bigint.
 * Every amount in pesewas must be a safe integer; anything else is a bug worth stopping for.
 */
export const toMinor = (value: unknown): number => {
  const minor = typeof value === 'number' ? value : Number(typeof value === 'bigint' ? value : String(value));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a safe integer amount: ${String(value)}`);
  return minor;
};
