import type { Db } from '../src/server/db/client';
import { verificationLines, verifyAuditLog } from '../src/server/audit/audit-verify';
import type { AdminCommandResult } from './admin-command';

/*
 * `npm run audit:verify`: walks every hash chain of audit_log (src/server/audit/audit-verify.ts), as a function of a
 * database so the tests run it without a subprocess. Exit code 1 and the first broken row of each broken chain.
 */
export const runAuditVerifyCommand = async (db: Db, args: readonly string[]): Promise<AdminCommandResult> => {
  if (args.length > 0) return { exitCode: 2, lines: ['usage: npm run audit:verify'] };
  const verification = await verifyAuditLog(db);
  return { exitCode: verification.broken.length === 0 ? 0 : 1, lines: verificationLines(verification) };
};
