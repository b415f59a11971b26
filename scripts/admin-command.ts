import { loadConfig } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/seed/seed';

export interface AdminCommandResult {
  exitCode: number;
  lines: string[];
}

/**
 * Runs an admin command (`npm run rates`, `npm run partners`) on the server's database: DATABASE_URL when set, else
 * the embedded PGlite under DATA_DIR (stop the server first: an embedded database has one user at a time).
 * Migrations and the reference data are applied first, so it also works on a database the server has not started
 * on yet. Prints the result's lines (to stderr when it failed) and sets the exit code.
 */
export const runAdminCommand = (
  name: string,
  command: (db: Db, args: readonly string[]) => Promise<AdminCommandResult>,
): void => {
  const main = async (): Promise<number> => {
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
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name}:`, error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
};
