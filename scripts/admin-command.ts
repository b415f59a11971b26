import { userInfo } from 'node:os';
import { appendAudit } from '../src/server/audit/audit-log';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Db } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/seed/seed';

/*
 * The admin commands (`npm run rates`, `npm run coupons`, `npm run partners`) run on the same database as the server: DATABASE_URL when
 * set, else the embedded PGlite under DATA_DIR (stop the server first: an embedded database has one user at a
 * time). Migrations and the reference data are applied first, so they also work on a database the server has not
 * started on yet. Each command is a function of a database and its arguments (tested without a subprocess).
 */

export interface AdminCommandResult {
  exitCode: 0 | 1 | 2;
  lines: string[];
}

export type AdminCommand = (db: Db, args: readonly string[]) => Promise<AdminCommandResult>;

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

/** Who runs a command, for the audit trail: ADMIN_OPERATOR, else the system user's name. */
export const commandOperator = (): string => {
  try {
    return process.env.ADMIN_OPERATOR ?? userInfo().username;
  } catch {
    return 'operator';
  }
};

/**
 * `command` run in one transaction with its audit row ('command.<name>' on the system chain, actor the command; the
 * operator, the arguments, the exit code and, with `keepLines`, what it printed in `after`), so whatever it changed
 * is never without its row and a command that throws leaves neither. `keepLines: false` for a command that prints a
 * secret (partners: the new key).
 */
export const auditedCommand =
  <R extends AdminCommandResult>(
    name: string,
    command: (db: Db, args: readonly string[]) => Promise<R>,
    { keepLines = true }: { keepLines?: boolean } = {},
  ) =>
  (db: Db, args: readonly string[]): Promise<R> =>
    db.transaction(async (tx) => {
      const database = tx as unknown as Db;
      const result = await command(database, args);
      await appendAudit(database, {
        actor: { kind: 'command', name },
        action: `command.${name}`,
        subject: [name, ...args.slice(0, 1)].join(' '),
        after: {
          operator: commandOperator(),
          args,
          exitCode: result.exitCode,
          ...(keepLines ? { lines: result.lines } : {}),
        },
      });
      return result;
    });

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
