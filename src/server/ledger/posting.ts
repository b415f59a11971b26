import type { Db } from '../db/client';
import { toMinor } from '../db/sql';
import { assetOf, gemUserId, walletUserId, type LedgerAccounts } from './accounts';
import { InsufficientFundsError, InsufficientGemsError } from './errors';
import type { LedgerEntryInput } from './kinds';
import {
  batched,
  isCheckViolation,
  walletLockCheck,
  withChecks,
  type Precondition,
  type Statements,
} from './statements';

/*
 * The one way entries reach the ledger. Whatever posts (a provider's decision on a pending operation, an operation
 * decided as it is created, a bare correction), its entries and the wallet changes they imply are passed as arrays
 * (`unnest($codes::text[], $amounts::bigint[])`) to one statement built from the same two parts below, so a plan
 * of any length is still one round trip and one prepared statement. The deferred trigger checks at commit that the
 * entries sum to zero per asset (cedis, gems); the wallets' CHECKs refuse a negative balance or a hold above it,
 * and the gem balances' CHECK a negative gem balance.
 */

/** The ledger transaction `t` (from the CTE `source`, when it has a row) and its entries `e`. */
export const entriesPart = (transaction: string, codes: string, amounts: string) => `t as (
    ${transaction}
    returning id
  ), e as (
    insert into ledger_entries (transaction_id, account_id, amount_minor)
    select t.id, a.id, v.amount from t
    cross join unnest(${codes}::text[], ${amounts}::bigint[]) as v(code, amount)
    left join ledger_accounts a on a.code = v.code
    returning 1
  )`;

/** The user wallets' cached balances and holds, `w` (a missing account above is a NOT NULL violation, never a lost entry). */
export const walletsPart = (from: string, users: string, deltas: string, releases: string) => `w as (
    update wallets set balance_minor = wallets.balance_minor + d.delta, held_minor = wallets.held_minor - d.release
    from ${from}unnest(${users}::int[], ${deltas}::bigint[], ${releases}::bigint[]) as d(user_id, delta, release)
    where wallets.user_id = d.user_id
    returning wallets.user_id, wallets.balance_minor, wallets.held_minor
  )`;

/**
 * The users' gem balances, `g`: each user's net gem entry added to the cached balance (the row is created by the
 * first posting; a negative first posting fails the CHECK like any gem balance going below zero).
 */
export const gemsPart = (from: string, users: string, deltas: string) => `g as (
    insert into gem_balances (user_id, gems)
    select d.user_id, d.delta from ${from}unnest(${users}::int[], ${deltas}::bigint[]) as d(user_id, delta)
    on conflict (user_id) do update set gems = gem_balances.gems + excluded.gems
    returning gem_balances.user_id, gem_balances.gems
  )`;

/**
 * Fails the statement (so nothing of it is kept) when fewer wallets changed than planned: a missing wallet row.
 * A text cast to int raises, which PostgreSQL has no shorter way to do inside one statement; the count read from
 * `w` keeps the text from being a constant the planner would cast (and fail on) ahead of time.
 */
export const walletCheck = (users: string, message: string) =>
  `case when (select count(*) from w) <> cardinality(${users}::int[])
     then (${message} || ': ' || (select count(*) from w) || ' wallets changed')::int end as wallet_check`;

/** What the user wallets of a posting do: `delta` on the balance, `release` of a hold (arrays in user id order). */
export interface WalletChanges {
  users: number[];
  deltas: number[];
  releases: number[];
}

/** Entries sum to zero per asset: pesewas balance pesewas, gems balance gems. */
export const assertBalanced = (entries: readonly LedgerEntryInput[]): void => {
  if (entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
  const totals = new Map<string, number>();
  for (const { accountCode, amountMinor } of entries) {
    if (!Number.isSafeInteger(amountMinor) || amountMinor === 0) {
      throw new RangeError(`entry of ${accountCode} is not a non-zero integer amount: ${amountMinor}`);
    }
    const asset = assetOf(accountCode);
    totals.set(asset, (totals.get(asset) ?? 0) + amountMinor);
  }
  for (const [asset, total] of totals)
    if (total !== 0) throw new Error(`ledger transaction does not sum to zero in ${asset} (off by ${total})`);
};

/** What the users' gem balances do: each user's net gem entry (arrays in user id order, zero changes left out). */
export interface GemChanges {
  users: number[];
  deltas: number[];
}

export const gemChanges = (entries: readonly LedgerEntryInput[]): GemChanges => {
  const byUser = new Map<number, number>();
  for (const { accountCode, amountMinor } of entries) {
    const userId = gemUserId(accountCode);
    if (userId !== null) byUser.set(userId, (byUser.get(userId) ?? 0) + amountMinor);
  }
  const users = [...byUser.keys()].filter((id) => byUser.get(id) !== 0).sort((a, b) => a - b);
  return { users, deltas: users.map((id) => byUser.get(id) ?? 0) };
};

/** The wallet side of a plan: each user wallet's net entry, plus holds released (by user id). */
export const walletChanges = (
  entries: readonly LedgerEntryInput[],
  releases: ReadonlyMap<number, number> = new Map(),
): WalletChanges => {
  const byUser = new Map<number, { delta: number; release: number }>();
  for (const { accountCode, amountMinor } of entries) {
    const userId = walletUserId(accountCode);
    if (userId === null) continue;
    const change = byUser.get(userId) ?? { delta: 0, release: 0 };
    change.delta += amountMinor;
    byUser.set(userId, change);
  }
  for (const [userId, release] of releases) {
    const change = byUser.get(userId) ?? { delta: 0, release: 0 };
    change.release += release;
    byUser.set(userId, change);
  }
  const users = [...byUser.keys()].filter((id) => {
    const change = byUser.get(id);
    return change !== undefined && (change.delta !== 0 || change.release !== 0);
  });
  users.sort((a, b) => a - b);
  return {
    users,
    deltas: users.map((id) => byUser.get(id)?.delta ?? 0),
    releases: users.map((id) => byUser.get(id)?.release ?? 0),
  };
};

export const entryArrays = (entries: readonly LedgerEntryInput[]) => ({
  codes: entries.map((entry) => entry.accountCode),
  amounts: entries.map((entry) => entry.amountMinor),
});

export interface WalletBalance {
  userId: number;
  balanceMinor: number;
  heldMinor: number;
}

export interface WalletRecord {
  user_id: number;
  balance_minor: unknown;
  held_minor: unknown;
}

export const toWalletBalance = (row: WalletRecord): WalletBalance => ({
  userId: row.user_id,
  balanceMinor: toMinor(row.balance_minor),
  heldMinor: toMinor(row.held_minor),
});

/** Locks wallet rows in user id order, so two transactions touching the same two wallets cannot deadlock. */
export const lockWallets = (statements: Statements, userIds: readonly number[]): Promise<WalletRecord[]> =>
  statements.rows<WalletRecord>(
    'wallet_lock',
    'select user_id, balance_minor, held_minor from wallets where user_id = any($1::int[]) order by user_id for update',
    [[...new Set(userIds)].sort((a, b) => a - b)],
  );

/** A gem balance would go below zero: the database refused it. */
export const isGemShortfall = (error: unknown): boolean =>
  isCheckViolation(error, ['gem_balances_not_negative']);

/** A wallet would go below zero or below its holds: the database refused it. */
export const isWalletShortfall = (error: unknown): boolean =>
  isCheckViolation(error, ['wallets_available_not_negative', 'wallets_balance_not_negative']);

/**
 * Runs a posting statement (`post` makes exactly one), committed in a batch with concurrent ones (`batched`): when
 * it changes at most one user wallet (its UPDATE takes that row lock), in the lane of that wallet's user, else of
 * `laneKey`; when it changes two (a transfer between wallets), in `laneKey`'s lane, its batch locking every wallet
 * it changes first, in user id order (two opposite transfers cannot deadlock; commit-batcher.ts). Without a
 * batcher (PGlite, LEDGER_BATCH_MAX=1), on its own, the wallets locked first (statements.ts checkedAlone). The
 * `preconditions` are read once the wallets are locked, in order, in the same transaction (in a batch, in the
 * statement's savepoint): one refused, nothing of the posting happens (PreconditionFailedError).
 */
export const runPosting = async <T>(
  db: Db,
  changes: WalletChanges,
  laneKey: number,
  post: (statements: Statements) => Promise<T>,
  preconditions: readonly Precondition[] = [],
): Promise<T> => {
  if (changes.users.length <= 1) {
    const statements = batched(db, changes.users[0] ?? laneKey);
    if (preconditions.length === 0) return post(statements);
    const locks = changes.users.length > 0 ? [walletLockCheck(changes.users)] : [];
    return post(withChecks(statements, [...locks, ...preconditions]));
  }
  return post(
    withChecks(batched(db, laneKey, changes.users), [walletLockCheck(changes.users), ...preconditions]),
  );
};

export interface PostTransactionInput {
  operationId: number | null;
  description: string;
  entries: readonly LedgerEntryInput[];
  /** Holds released from user wallets in the same step, by user id. */
  releaseHeld?: ReadonlyMap<number, number>;
}

const POST_BARE = `with ${entriesPart(
  'insert into ledger_transactions (operation_id, description) values ($1::bigint, $2::text)',
  '$3',
  '$4',
)}, ${walletsPart('', '$5', '$6', '$7')}, ${gemsPart('', '$8', '$9')}
  select (select count(*) from e)::int as entry_count, (select count(*) from g)::int as gem_rows,
         (select coalesce(json_agg(w order by w.user_id), '[]'::json) from w) as wallets,
         ${walletCheck('$5', "'a wallet of this ledger transaction does not exist'")}`;

/**
 * A balanced ledger transaction that belongs to no operation's life cycle (a correction, a test's funding): the
 * same path as every operation's posting. Returns the user wallets it changed, in user id order.
 */
export const postTransaction = async (
  db: Db,
  accounts: LedgerAccounts,
  { operationId, description, entries, releaseHeld }: PostTransactionInput,
): Promise<WalletBalance[]> => {
  assertBalanced(entries);
  const changes = walletChanges(entries, releaseHeld);
  const gems = gemChanges(entries);
  const { codes, amounts } = entryArrays(entries);
  await accounts.ensure(db, codes, { autocommit: true });
  try {
    const [row] = await runPosting(db, changes, gems.users[0] ?? changes.users[0] ?? 0, (statements) =>
      statements.rows<{ entry_count: number; gem_rows: number; wallets: WalletRecord[] }>(
        'ledger_post',
        POST_BARE,
        [
          operationId,
          description,
          codes,
          amounts,
          changes.users,
          changes.deltas,
          changes.releases,
          gems.users,
          gems.deltas,
        ],
      ),
    );
    if (!row || row.entry_count !== entries.length || row.gem_rows !== gems.users.length) {
      throw new Error(
        `ledger transaction lost entries (${row?.entry_count ?? 0} of ${entries.length} posted)`,
      );
    }
    return row.wallets.map(toWalletBalance);
  } catch (error) {
    if (isWalletShortfall(error)) {
      const payer = changes.users[changes.deltas.findIndex((delta) => delta < 0)] ?? 0;
      throw new InsufficientFundsError(payer);
    }
    if (isGemShortfall(error)) {
      throw new InsufficientGemsError(gems.users[gems.deltas.findIndex((delta) => delta < 0)] ?? 0);
    }
    throw error;
  }
};
