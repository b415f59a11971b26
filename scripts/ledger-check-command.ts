import type { Db } from '../src/server/db/client';
import { runLedgerCheck } from '../src/server/ledger/invariants';
import type { AdminCommandResult } from './admin-command';

/*
 * `npm run ledger:check`: the ledger's invariants on the live database (src/server/ledger/invariants.ts, the same
 * checks as the load and crash tests), as a function of a database so the tests run it without a subprocess. Exit
 * code 1 and one line per finding when anything is wrong.
 */
export const runLedgerCheckCommand = async (db: Db, args: readonly string[]): Promise<AdminCommandResult> => {
  if (args.length > 0) return { exitCode: 2, lines: ['usage: npm run ledger:check'] };
  const quiet = { error: () => undefined, info: () => undefined };
  const problems = await runLedgerCheck(db, quiet);
  return problems.length === 0
    ? { exitCode: 0, lines: ['ledger check: every invariant holds'] }
    : { exitCode: 1, lines: [`ledger check: ${problems.length} finding(s)`, ...problems] };
};
