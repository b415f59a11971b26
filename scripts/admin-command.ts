import { loadConfig } from '../src/server/config';
import type { Queryable } from '../src/server/db/client';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/seed/seed';

/*
 * The admin commands (`npm run rates`, `npm run coupons`) run on the same database as the server: DATABASE_URL when
 * set, else the embedded PGlite under DATA_DIR (stop the server first: an embedded database has one user at a
 * time). Migrations and the reference data are applied first, so they also work on a database the server has not
 * started on yet. Each command is a function of a database and its arguments (tested without a subprocess).
 */

export interface AdminCommandResult {
  exitCode: 0 | 1 | 2;
  lines: string[];
}

export type AdminCommand = (db: Queryable, args: readonly string[]) => Promise<AdminCommandResult>;

/** `--flag value` pairs after the positional arguments; null when one is incomplete or unknown. */
export const optionsOf = (args: readonly string[], known: readonly string[]): Map<string, string> | null => {
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const flag = args[index] ?? '';
    const value = args[index + 1];
    if (!known.includes(flag) || value === undefined) return null;
    options.set(flag, value);
  }
  return options;
};

const main = async (command: AdminCommand): Promise<number> => {
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
  const database = await openDatabase({ ...config, DATABASE_POOL_SIZE: 2 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const result = await command(database.db, process.argv.slice(2));
    for (const text of result.lines) (result.exitCode === 0 ? console.log : console.error)(text);
    return result.exitCode;
  } finally {
    await database.close();
  }
};

/** Runs an admin command on the process's arguments and sets the exit code. */
export const runAdminCommand = (name: string, command: AdminCommand): void => {
  main(command).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name}:`, error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
};
