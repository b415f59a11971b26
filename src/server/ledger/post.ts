import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { walletUserId, type LedgerAccounts } from './accounts';
import { queryRows, toMinor } from '../db/sql';

export interface LedgerEntryInput {
  accountCode: string;
  /** Positive credits the account, negative debits it (pesewas). */
  amountMinor: number;
}

export interface PostTransactionInput {
  operationId: number | null;
  description: string;
  entries: readonly LedgerEntryInput[];
  /** Holds released from user wallets in the same step (a withdrawal being posted), by user id. */
  releaseHeld?: ReadonlyMap<number, number>;
}

export interface WalletBalance {
  userId: number;
  balanceMinor: number;
  heldMinor: number;
}

const assertBalanced = (entries: readonly LedgerEntryInput[]): void => {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  let total = 0;
  for (const { accountCode, amountMinor } of entries) {
    if (!Number.isSafeInteger(amountMinor) || amountMinor === 0) {
      throw new RangeError(`entry of ${accountCode} is not a non-zero integer amount: ${amountMinor}`);
    }
    total += amountMinor;
  }
  if (total !== 0) throw new Error(`ledger transaction does not sum to zero (off by ${total})`);
};

/** Locks wallet rows in user id order, so two transactions touching the same two wallets cannot deadlock. */
export const lockWallets = async (tx: Queryable, userIds: readonly number[]): Promise<WalletBalance[]> => {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const rows = await queryRows<{ user_id: number; balance_minor: unknown; held_minor: unknown }>(
    tx,
    sql`select user_id, balance_minor, held_minor from wallets where user_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by user_id for update`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    balanceMinor: toMinor(row.balance_minor),
    heldMinor: toMinor(row.held_minor),
  }));
};

/**
 * Appends one balanced ledger transaction inside the caller's DB transaction and updates the cached balance of
 * the user wallets it touches (never a system account's: their balances are derived from entries, so no money
 * movement waits on a shared row). The database refuses the commit if the entries do not sum to zero and any
 * wallet below zero (CHECK), whatever this code does.
 *
 * One wallet: its UPDATE takes the row lock. Two or more: they are locked first, in user id order.
 */
export const postTransaction = async (
  tx: Queryable,
  accounts: LedgerAccounts,
  { operationId, description, entries, releaseHeld = new Map() }: PostTransactionInput,
): Promise<WalletBalance[]> => {
  assertBalanced(entries);
  const walletDeltas = new Map<number, number>();
  for (const { accountCode, amountMinor } of entries) {
    const userId = walletUserId(accountCode);
    if (userId !== null) walletDeltas.set(userId, (walletDeltas.get(userId) ?? 0) + amountMinor);
  }
  for (const userId of releaseHeld.keys()) if (!walletDeltas.has(userId)) walletDeltas.set(userId, 0);
  if (walletDeltas.size > 1) await lockWallets(tx, [...walletDeltas.keys()]);
  await accounts.ensure(
    tx,
    entries.map((entry) => entry.accountCode),
  );

  const entryValues = sql.join(
    entries.map(({ accountCode, amountMinor }) => sql`(${accountCode}, ${amountMinor}::bigint)`),
    sql`, `,
  );
  const walletValues = [...walletDeltas].map(
    ([userId, delta]) => sql`(${userId}::int, ${delta}::bigint, ${releaseHeld.get(userId) ?? 0}::bigint)`,
  );
  const walletUpdate =
    walletValues.length === 0
      ? sql`select null::int as user_id, null::bigint as balance_minor, null::bigint as held_minor where false`
      : sql`update wallets set balance_minor = wallets.balance_minor + d.delta, held_minor = wallets.held_minor - d.release
          from (values ${sql.join(walletValues, sql`, `)}) as d(user_id, delta, release)
          where wallets.user_id = d.user_id
          returning wallets.user_id, wallets.balance_minor, wallets.held_minor`;

  // One round trip: the transaction, its entries (accounts found by code) and the wallets' cached balances.
  const [result] = await queryRows<{
    entry_count: number;
    wallets: { user_id: number; balance_minor: unknown; held_minor: unknown }[];
  }>(
    tx,
    sql`with t as (
          insert into ledger_transactions (operation_id, description) values (${operationId}::bigint, ${description})
          returning id
        ), e as (
          insert into ledger_entries (transaction_id, account_id, amount_minor)
          select t.id, a.id, v.amount from t
          cross join (values ${entryValues}) as v(code, amount)
          join ledger_accounts a on a.code = v.code
          returning 1
        ), w as (${walletUpdate})
        select (select count(*) from e)::int as entry_count,
               (select coalesce(json_agg(w), '[]'::json) from w) as wallets`,
  );
  if (!result || result.entry_count !== entries.length) {
    throw new Error(
      `ledger transaction lost entries (${result?.entry_count ?? 0} of ${entries.length} posted)`,
    );
  }
  const balances = result.wallets.map((row) => ({
    userId: row.user_id,
    balanceMinor: toMinor(row.balance_minor),
    heldMinor: toMinor(row.held_minor),
  }));
  if (balances.length !== walletDeltas.size)
    throw new Error('a wallet of this ledger transaction does not exist');
  return balances;
};
