import type { Db } from '../src/server/db/client';
import { issuePartnerKey, revokePartnerKeyOf } from '../src/server/ops/admin-actions';
import { partnerKeyListing } from '../src/server/routes/betting/payment-links-repository';

/*
 * The partner API key admin command (`npm run partners -- ...`), as a function of a database and its arguments,
 * so the tests run it without a subprocess. scripts/partners.ts opens the database (PGlite under DATA_DIR, or
 * DATABASE_URL). A key is 32 random bytes, printed once; only its sha256 is stored. One active key per operator:
 * create-key revokes the one before.
 */

export const PARTNERS_USAGE = [
  'usage: npm run partners -- list',
  '       npm run partners -- create-key <operator code>',
  '       npm run partners -- revoke <operator code>',
  '  The operator sends its key in the X-Partner-Key header of POST /api/Transaction/AuthenticateUser.',
];

export interface PartnersCommandResult {
  exitCode: 0 | 1 | 2;
  lines: string[];
  /** The new key (create-key only), also in `lines`. */
  key?: string;
}

const usage = (problem?: string): PartnersCommandResult => ({
  exitCode: 2,
  lines: [...(problem ? [problem] : []), ...PARTNERS_USAGE],
});

export const runPartnersCommand = async (db: Db, args: readonly string[]): Promise<PartnersCommandResult> => {
  const [command, code, ...rest] = args;
  if (command === 'list' && code === undefined) {
    const listing = await partnerKeyListing(db);
    return {
      exitCode: 0,
      lines: listing.map(
        (row) =>
          `${row.code.padEnd(12)}  ${row.name.padEnd(20)}  ${row.activeSince ? `key active since ${row.activeSince.toISOString()}` : 'no active key'}`,
      ),
    };
  }
  if ((command !== 'create-key' && command !== 'revoke') || code === undefined || rest.length > 0)
    return usage();
  if (command === 'revoke') {
    const revoked = await revokePartnerKeyOf(db, code);
    return revoked.ok
      ? { exitCode: 0, lines: [`${revoked.operator.name}: key revoked`] }
      : { exitCode: 1, lines: [revoked.problem] };
  }
  const issued = await issuePartnerKey(db, code);
  if (!issued.ok) return { exitCode: 1, lines: [issued.problem] };
  return {
    exitCode: 0,
    key: issued.key,
    lines: [`${issued.operator.name}: new API key (shown once; any previous key is revoked):`, issued.key],
  };
};
