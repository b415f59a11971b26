import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { queryRows } from '../db/sql';
import { UnknownAccountError } from './errors';

/**
 * Ledger account codes: one wallet per user; clearing accounts for money coming in and payout accounts for money
 * going out, per rail and counterparty; revenue accounts (fees, the gem shop). Gems are an asset of their own
 * (never cedis): one gem account per user, and the issuance account the shop's gems come from.
 */
export const accountCodes = {
  wallet: (userId: number) => `wallet:${userId}`,
  cardClearing: () => 'clearing:card',
  bankClearing: (bankId: number) => `clearing:bank:${bankId}`,
  momoClearing: (provider: string) => `clearing:momo:${provider}`,
  bankPayout: (bankId: number) => `payout:bank:${bankId}`,
  momoPayout: (provider: string) => `payout:momo:${provider}`,
  cashPayout: (partner: string) => `payout:cash:${partner}`,
  bettingClearing: (operator: string) => `clearing:betting:${operator}`,
  billerClearing: (biller: string) => `clearing:biller:${biller}`,
  feeRevenue: () => 'revenue:fees',
  shopRevenue: () => 'revenue:shop',
  gems: (userId: number) => `gems:${userId}`,
  gemIssuance: () => 'issuance:gems',
} as const;

type AccountKind = 'wallet' | 'clearing' | 'revenue' | 'gems' | 'issuance';

/** What an account's entries count: pesewas ('GHS') or whole gems ('GEM'). */
export type LedgerAsset = 'GHS' | 'GEM';

const WALLET_CODE = /^wallet:(\d+)$/;
const GEMS_CODE = /^gems:(\d+)$/;

/** The user whose wallet an account code names, or null for a system account. */
export const walletUserId = (code: string): number | null => {
  const match = WALLET_CODE.exec(code);
  return match ? Number(match[1]) : null;
};

/** The user whose gem account a code names, or null. */
export const gemUserId = (code: string): number | null => {
  const match = GEMS_CODE.exec(code);
  return match ? Number(match[1]) : null;
};

const kindOf = (code: string): AccountKind => {
  if (walletUserId(code) !== null) return 'wallet';
  if (gemUserId(code) !== null) return 'gems';
  if (code === accountCodes.gemIssuance()) return 'issuance';
  if (code.startsWith('revenue:')) return 'revenue';
  if (code.startsWith('clearing:') || code.startsWith('payout:')) return 'clearing';
  throw new UnknownAccountError(code);
};

/** The asset of an account code (the database fixes it when the account is created). */
export const assetOf = (code: string): LedgerAsset => {
  const kind = kindOf(code);
  return kind === 'gems' || kind === 'issuance' ? 'GEM' : 'GHS';
};

/** The user an account belongs to (a wallet or a gem account), or null for a system account. */
const ownerOf = (code: string): number | null => walletUserId(code) ?? gemUserId(code);

/**
 * Creates missing accounts in the caller's transaction. Accounts are never removed, so a code once seen committed
 * is remembered by the process and costs no statement afterwards. A code this transaction creates is remembered
 * only the next time (the transaction might still roll back), unless the statement ran on its own (`autocommit`).
 */
export class LedgerAccounts {
  private readonly known = new Set<string>();

  async ensure(tx: Queryable, codes: readonly string[], { autocommit = false } = {}): Promise<void> {
    const missing = [...new Set(codes)].filter((code) => !this.known.has(code));
    if (missing.length === 0) return;
    const values = sql.join(
      missing.map((code) => sql`(${code}, ${kindOf(code)}, ${assetOf(code)}, ${ownerOf(code)}::int)`),
      sql`, `,
    );
    // ON CONFLICT waits for a concurrent creator to commit, then does nothing. No conflict target: a code and its
    // (owner, asset) pair name the same account, and a concurrent creator may be caught by either unique index first.
    const created = await queryRows<{ code: string }>(
      tx,
      sql`insert into ledger_accounts (code, kind, asset, user_id) values ${values} on conflict do nothing returning code`,
    );
    const createdHere = new Set(created.map((row) => row.code));
    for (const code of missing) if (autocommit || !createdHere.has(code)) this.known.add(code);
  }
}
