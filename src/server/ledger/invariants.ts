import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/sql';
import type { ScheduledJob } from '../jobs/scheduler';

/*
 * The ledger's invariants, checked on a plain snapshot of its tables: by the load and crash tests once the load has
 * stopped, by `npm run ledger:check` on a live database, and hourly by the server (runLedgerCheck). Pure checks on
 * the snapshot (no I/O), so a unit test can prove that each one fails on a ledger broken on purpose.
 */

export interface LedgerSnapshot {
  /** `asset`: 'GHS' (pesewas) or 'GEM' (whole gems); when absent, 'GEM' for a gems or issuance account. */
  accounts: { id: number; code: string; kind: string; userId: number | null; asset?: string }[];
  wallets: { userId: number; balanceMinor: number; heldMinor: number }[];
  transactions: { id: number; operationId: number | null }[];
  entries: { id: number; transactionId: number; accountId: number; amountMinor: number }[];
  operations: {
    id: number;
    userId: number;
    referenceNumber: string;
    kind: string;
    direction: 'Credit' | 'Debit';
    amountMinor: number;
    /** The processing fee a debit pays on top of its amount (transfers); 0 when absent. */
    feeMinor?: number;
    status: 'pending' | 'review' | 'Successful' | 'Failed';
    heldMinor: number;
    /**
     * A receiving row (a transfer between wallets seen from the receiver): the sender's operation, whose posting
     * credited this wallet. Such a row has no ledger transaction and no key of its own.
     */
    sourceOperationId?: number | null;
    /** 1 for the user's newest operation in the history's order (created_at desc, id desc), 2 next, ... */
    recency?: number;
    /** Its UTC day, 'YYYY-MM-DD' (when absent, the debit day totals are not checked). */
    day?: string;
  }[];
  idempotencyKeys: { userId: number; key: string; operationId: number | null }[];
  /** The cached gem balances (gem_balances); when absent, not checked. */
  gemBalances?: { userId: number; gems: number }[];
  /**
   * What the tier limits and the monitoring rules read of each wallet's money out (wallet_debit_days with its
   * adjustments, summed by user and UTC day); when absent, not checked.
   */
  debitDays?: { userId: number; day: string; amountMinor: number; moves: number }[];
}

export interface CheckOptions {
  /** Every operation has resolved: no pending operation and no hold may remain. */
  settled: boolean;
  /** The most ledger transactions one operation may have (posting, and a reversal when a design uses one). */
  maxTransactionsPerOperation?: number;
  /**
   * Every operation was made by exactly one Idempotency-Key (default true). A live database whose stale keys were
   * purged is checked without it.
   */
  keys?: boolean;
}

/** A status whose operation may hold money: pending on its rail, or held for review (issue 25). */
const isHolding = (status: LedgerSnapshot['operations'][number]['status']): boolean =>
  status === 'pending' || status === 'review';

export const sumBy = <T>(items: readonly T[], value: (item: T) => number) =>
  items.reduce((total, item) => total + value(item), 0);

export const groupBy = <T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/** What a Successful operation moves its own wallet by: a credit its amount, a debit its amount and fee. */
export const walletMovement = (direction: 'Credit' | 'Debit', amountMinor: number, feeMinor = 0) =>
  direction === 'Credit' ? amountMinor : -(amountMinor + feeMinor);

const assetOf = (account: LedgerSnapshot['accounts'][number]) =>
  account.asset ?? (account.kind === 'gems' || account.kind === 'issuance' ? 'GEM' : 'GHS');

export const isReceivingRow = (operation: LedgerSnapshot['operations'][number]) =>
  operation.sourceOperationId !== undefined && operation.sourceOperationId !== null;

/** Every broken invariant, as a readable line; empty when the ledger is sound. */
export const ledgerViolations = (snapshot: LedgerSnapshot, options: CheckOptions): string[] => {
  const problems: string[] = [];
  const accountsById = new Map(snapshot.accounts.map((account) => [account.id, account]));
  const walletAccountOf = new Map(
    snapshot.accounts
      .filter((account) => account.kind === 'wallet')
      .map((account) => [account.userId, account]),
  );

  // 1. Each ledger transaction's entries sum to zero per asset (cedis never balance gems), and it has at least two
  // entries.
  const entriesByTransaction = groupBy(snapshot.entries, (entry) => entry.transactionId);
  for (const transaction of snapshot.transactions) {
    const entries = entriesByTransaction.get(transaction.id) ?? [];
    const byAsset = groupBy(entries, (entry) => {
      const account = accountsById.get(entry.accountId);
      return account ? assetOf(account) : 'GHS';
    });
    for (const [asset, assetEntries] of byAsset) {
      const total = sumBy(assetEntries, (entry) => entry.amountMinor);
      if (total !== 0)
        problems.push(
          `ledger transaction ${transaction.id} sums to ${total}${asset === 'GHS' ? '' : ' gems'}, not 0`,
        );
    }
    if (entries.length < 2)
      problems.push(`ledger transaction ${transaction.id} has ${entries.length} entries`);
  }
  const transactionIds = new Set(snapshot.transactions.map((transaction) => transaction.id));
  for (const entry of snapshot.entries) {
    if (!transactionIds.has(entry.transactionId)) problems.push(`entry ${entry.id} has no transaction`);
    if (!accountsById.has(entry.accountId)) problems.push(`entry ${entry.id} has no account`);
    if (!Number.isSafeInteger(entry.amountMinor) || entry.amountMinor === 0) {
      problems.push(`entry ${entry.id} amount ${entry.amountMinor} is not a non-zero integer`);
    }
  }

  // 2. Every cached wallet balance equals the sum of its wallet account's entries.
  const entriesByAccount = groupBy(snapshot.entries, (entry) => entry.accountId);
  const accountSum = (accountId: number) =>
    sumBy(entriesByAccount.get(accountId) ?? [], (entry) => entry.amountMinor);
  for (const wallet of snapshot.wallets) {
    const account = walletAccountOf.get(wallet.userId);
    const derived = account ? accountSum(account.id) : 0;
    if (wallet.balanceMinor !== derived) {
      problems.push(
        `wallet of user ${wallet.userId}: cached balance ${wallet.balanceMinor} != sum of its entries ${derived}`,
      );
    }
    // 3. Never negative: balance, holds, and available (balance - held).
    if (wallet.balanceMinor < 0)
      problems.push(`wallet of user ${wallet.userId}: balance ${wallet.balanceMinor} < 0`);
    if (wallet.heldMinor < 0) problems.push(`wallet of user ${wallet.userId}: held ${wallet.heldMinor} < 0`);
    if (wallet.balanceMinor - wallet.heldMinor < 0) {
      problems.push(
        `wallet of user ${wallet.userId}: available ${wallet.balanceMinor - wallet.heldMinor} < 0`,
      );
    }
  }
  for (const account of walletAccountOf.values()) {
    if (!snapshot.wallets.some((wallet) => wallet.userId === account.userId)) {
      problems.push(`wallet account ${account.code} has no wallet row`);
    }
  }

  // 4. Conservation: the cached wallet balances plus every other cedi account's entries sum to zero; the gem
  // accounts (the users' and issuance) sum to zero on their own.
  const walletTotal = sumBy(snapshot.wallets, (wallet) => wallet.balanceMinor);
  const systemTotal = sumBy(
    snapshot.accounts.filter((account) => account.kind !== 'wallet' && assetOf(account) === 'GHS'),
    (account) => accountSum(account.id),
  );
  if (walletTotal + systemTotal !== 0) {
    problems.push(
      `money not conserved: wallets ${walletTotal} + system accounts ${systemTotal} = ${walletTotal + systemTotal}`,
    );
  }
  const gemTotal = sumBy(
    snapshot.accounts.filter((account) => assetOf(account) === 'GEM'),
    (account) => accountSum(account.id),
  );
  if (gemTotal !== 0) problems.push(`gems not conserved: the gem accounts sum to ${gemTotal}`);
  for (const account of snapshot.accounts) {
    if (assetOf(account) === 'GEM' && account.kind === 'gems' && accountSum(account.id) < 0)
      problems.push(`gem account ${account.code}: ${accountSum(account.id)} gems < 0`);
  }
  const gemAccountOf = new Map(
    snapshot.accounts
      .filter((account) => account.kind === 'gems')
      .map((account) => [account.userId, account]),
  );
  for (const balance of snapshot.gemBalances ?? []) {
    const account = gemAccountOf.get(balance.userId);
    const derived = account ? accountSum(account.id) : 0;
    if (balance.gems !== derived)
      problems.push(
        `gems of user ${balance.userId}: cached ${balance.gems} != sum of its entries ${derived}`,
      );
    if (balance.gems < 0) problems.push(`gems of user ${balance.userId}: ${balance.gems} < 0`);
  }
  for (const account of gemAccountOf.values()) {
    if (snapshot.gemBalances && !snapshot.gemBalances.some((balance) => balance.userId === account.userId))
      if (accountSum(account.id) !== 0)
        problems.push(`gem account ${account.code} has ${accountSum(account.id)} gems and no cached balance`);
  }

  // 5. held_minor is exactly what the user's pending operations (and those held for review) hold.
  const operationsByUser = groupBy(snapshot.operations, (operation) => operation.userId);
  for (const wallet of snapshot.wallets) {
    const pendingHolds = sumBy(
      (operationsByUser.get(wallet.userId) ?? []).filter((operation) => isHolding(operation.status)),
      (operation) => operation.heldMinor,
    );
    if (wallet.heldMinor !== pendingHolds) {
      problems.push(
        `wallet of user ${wallet.userId}: held ${wallet.heldMinor} != holds of pending operations ${pendingHolds}`,
      );
    }
  }

  // 6. Each operation moved its wallet by exactly its amount (and a debit's fee) once when Successful, and not at
  // all otherwise. A receiving row moves nothing itself: its transfer's posting moved its wallet by its amount.
  const transactionsByOperation = groupBy(
    snapshot.transactions.filter((transaction) => transaction.operationId !== null),
    (transaction) => transaction.operationId,
  );
  const operationsById = new Map(snapshot.operations.map((operation) => [operation.id, operation]));
  const maxTransactions = options.maxTransactionsPerOperation ?? 1;
  const movedBy = (operationId: number, userId: number) => {
    const walletAccount = walletAccountOf.get(userId);
    return sumBy(transactionsByOperation.get(operationId) ?? [], (transaction) =>
      sumBy(
        (entriesByTransaction.get(transaction.id) ?? []).filter(
          (entry) => entry.accountId === walletAccount?.id,
        ),
        (entry) => entry.amountMinor,
      ),
    );
  };
  for (const operation of snapshot.operations) {
    const transactions = transactionsByOperation.get(operation.id) ?? [];
    const moved = movedBy(operation.id, operation.userId);
    const expected =
      operation.status === 'Successful' && !isReceivingRow(operation)
        ? walletMovement(operation.direction, operation.amountMinor, operation.feeMinor)
        : 0;
    if (moved !== expected) {
      problems.push(
        `operation ${operation.referenceNumber} (${operation.kind}, ${operation.status}, ${operation.amountMinor}) moved its wallet by ${moved}, expected ${expected}`,
      );
    }
    if (isReceivingRow(operation)) {
      const source = operationsById.get(operation.sourceOperationId as number);
      const credited = source ? movedBy(source.id, operation.userId) : 0;
      if (!source || source.status !== 'Successful' || operation.status !== 'Successful') {
        problems.push(
          `receiving row ${operation.referenceNumber} is ${operation.status}, its transfer ${source ? `${source.referenceNumber} is ${source.status}` : 'is missing'}`,
        );
      } else if (credited !== operation.amountMinor || operation.direction !== 'Credit') {
        problems.push(
          `receiving row ${operation.referenceNumber} (${operation.direction} ${operation.amountMinor}): its transfer ${source.referenceNumber} credited the wallet by ${credited}`,
        );
      }
      if (transactions.length > 0)
        problems.push(
          `receiving row ${operation.referenceNumber} has ${transactions.length} ledger transactions`,
        );
    }
    if (transactions.length > maxTransactions) {
      problems.push(
        `operation ${operation.referenceNumber} has ${transactions.length} ledger transactions (at most ${maxTransactions})`,
      );
    }
    if (!isHolding(operation.status) && operation.heldMinor !== 0) {
      problems.push(
        `operation ${operation.referenceNumber} is ${operation.status} but still holds ${operation.heldMinor}`,
      );
    }
    if (options.settled && isHolding(operation.status)) {
      problems.push(`operation ${operation.referenceNumber} (${operation.kind}) is still pending`);
    }
  }
  const operationIds = new Set(snapshot.operations.map((operation) => operation.id));
  for (const transaction of snapshot.transactions) {
    if (transaction.operationId !== null && !operationIds.has(transaction.operationId)) {
      problems.push(
        `ledger transaction ${transaction.id} names unknown operation ${transaction.operationId}`,
      );
    }
  }

  // 7. One key, one operation: every operation was made by exactly one Idempotency-Key (a receiving row by none:
  // it is written by its transfer's statement).
  const keysByOperation = groupBy(
    snapshot.idempotencyKeys.filter((key) => key.operationId !== null),
    (key) => key.operationId,
  );
  for (const operation of options.keys === false ? [] : snapshot.operations) {
    const keys = keysByOperation.get(operation.id) ?? [];
    const expectedKeys = isReceivingRow(operation) ? 0 : 1;
    if (keys.length !== expectedKeys) {
      problems.push(
        `operation ${operation.referenceNumber} is named by ${keys.length} idempotency keys (expected exactly ${expectedKeys})`,
      );
    }
  }

  // 8. The debit day totals equal each user's debits that have not failed, by UTC day.
  if (snapshot.debitDays) problems.push(...debitDayViolations(snapshot.debitDays, snapshot.operations));
  return problems;
};

const debitDayViolations = (
  kept: NonNullable<LedgerSnapshot['debitDays']>,
  operations: LedgerSnapshot['operations'],
): string[] => {
  const truth = new Map<string, { amountMinor: number; moves: number }>();
  for (const operation of operations) {
    if (operation.direction !== 'Debit' || operation.status === 'Failed' || operation.day === undefined)
      continue;
    const key = `user ${operation.userId} on ${operation.day}`;
    const day = truth.get(key) ?? { amountMinor: 0, moves: 0 };
    truth.set(key, { amountMinor: day.amountMinor + operation.amountMinor, moves: day.moves + 1 });
  }
  const keptByKey = new Map(kept.map((day) => [`user ${day.userId} on ${day.day}`, day]));
  const problems: string[] = [];
  for (const key of new Set([...truth.keys(), ...keptByKey.keys()])) {
    const expected = truth.get(key) ?? { amountMinor: 0, moves: 0 };
    const found = keptByKey.get(key) ?? { amountMinor: 0, moves: 0 };
    if (found.amountMinor !== expected.amountMinor || found.moves !== expected.moves)
      problems.push(
        `debit day totals of ${key}: kept ${found.amountMinor} in ${found.moves} moves != ` +
          `its debits ${expected.amountMinor} in ${expected.moves}`,
      );
  }
  return problems;
};

const num = (value: unknown): number => {
  const parsed =
    typeof value === 'number' ? value : Number(typeof value === 'bigint' ? value : String(value));
  if (!Number.isSafeInteger(parsed)) throw new Error(`not a safe integer: ${String(value)}`);
  return parsed;
};
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : num(value);

type Row = Record<string, unknown>;

/** Reads every ledger table in one REPEATABLE READ, READ ONLY transaction, so the snapshot is consistent. */
export const readLedgerSnapshot = (db: Db): Promise<LedgerSnapshot> =>
  db.transaction(
    async (tx) => {
      const rows = (text: string) => queryRows<Row>(tx, sql.raw(text));
      const accounts = (await rows('select id, code, kind, user_id, asset from ledger_accounts')).map(
        (row) => ({
          id: num(row.id),
          code: String(row.code),
          kind: String(row.kind),
          userId: numOrNull(row.user_id),
          asset: String(row.asset),
        }),
      );
      const wallets = (await rows('select user_id, balance_minor, held_minor from wallets')).map((row) => ({
        userId: num(row.user_id),
        balanceMinor: num(row.balance_minor),
        heldMinor: num(row.held_minor),
      }));
      const transactions = (await rows('select id, operation_id from ledger_transactions')).map((row) => ({
        id: num(row.id),
        operationId: numOrNull(row.operation_id),
      }));
      const entries = (
        await rows('select id, transaction_id, account_id, amount_minor from ledger_entries')
      ).map((row) => ({
        id: num(row.id),
        transactionId: num(row.transaction_id),
        accountId: num(row.account_id),
        amountMinor: num(row.amount_minor),
      }));
      const operations = (
        await rows(
          'select id, user_id, reference_number, kind, direction, amount_minor, fee_minor, status, held_minor, source_operation_id, ' +
            "(created_at at time zone 'UTC')::date::text as day, " +
            'row_number() over (partition by user_id order by created_at desc, id desc) as recency from wallet_operations',
        )
      ).map((row) => ({
        id: num(row.id),
        userId: num(row.user_id),
        referenceNumber: String(row.reference_number),
        kind: String(row.kind),
        direction: String(row.direction) as 'Credit' | 'Debit',
        amountMinor: num(row.amount_minor),
        feeMinor: num(row.fee_minor),
        status: String(row.status) as 'pending' | 'review' | 'Successful' | 'Failed',
        heldMinor: num(row.held_minor),
        sourceOperationId: numOrNull(row.source_operation_id),
        recency: num(row.recency),
        day: String(row.day),
      }));
      const idempotencyKeys = (await rows('select user_id, key, operation_id from idempotency_keys')).map(
        (row) => ({
          userId: num(row.user_id),
          key: String(row.key),
          operationId: numOrNull(row.operation_id),
        }),
      );
      const gemBalances = (await rows('select user_id, gems from gem_balances')).map((row) => ({
        userId: num(row.user_id),
        gems: num(row.gems),
      }));
      const debitDays = (
        await rows(
          'select user_id, day::text as day, sum(amount_minor) as amount_minor, sum(moves) as moves from (' +
            'select user_id, day, amount_minor, moves from wallet_debit_days union all ' +
            'select user_id, day, amount_minor, moves from wallet_debit_adjustments) kept group by user_id, day',
        )
      ).map((row) => ({
        userId: num(row.user_id),
        day: String(row.day),
        amountMinor: num(row.amount_minor),
        moves: num(row.moves),
      }));
      return {
        accounts,
        wallets,
        transactions,
        entries,
        operations,
        idempotencyKeys,
        gemBalances,
        debitDays,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

/**
 * The live database's ledger checked as `npm run ledger:check` and the server's hourly check do: pending operations
 * may hold money, and stale idempotency keys may have been purged. Each finding is logged as an error.
 */
export const runLedgerCheck = async (
  db: Db,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): Promise<string[]> => {
  const problems = ledgerViolations(await readLedgerSnapshot(db), { settled: false, keys: false });
  for (const problem of problems) log.error({ problem }, 'ledger check: invariant broken');
  if (problems.length === 0) log.info('ledger check: every invariant holds');
  return problems;
};

export const LEDGER_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * The hourly ledger check as a scheduled job: one host runs it each hour (the first an hour after a database first
 * has it, not at every start), and it stops with the other jobs.
 */
export const ledgerCheckJob = (
  db: Db,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  everyMs = LEDGER_CHECK_EVERY_MS,
  firstRunAfterMs = everyMs,
): ScheduledJob => ({
  name: 'ledger-check',
  everyMs,
  firstRunAfterMs,
  run: async () => {
    await runLedgerCheck(db, log);
  },
});
