/**
 * `npm run partners -- list | create-key <operator> | revoke <operator>`: the betting operators' API keys (for
 * POST /api/Transaction/AuthenticateUser). It works on the same database as the server: DATABASE_URL when set,
 * else the embedded PGlite under DATA_DIR (stop the server first: an embedded database has one user at a time).
 * Migrations and the reference data (the operators) are applied first.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/seed/seed';
import { runPartnersCommand } from './partners-command';

const main = async (): Promise<number> => {
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
  const database = await openDatabase({ ...config, DATABASE_POOL_SIZE: 2 });
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const result = await runPartnersCommand(database.db, process.argv.slice(2));
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
    console.error('partners:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
