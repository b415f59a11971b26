/**
 * The money invariants, checked on a plain snapshot of the ledger tables (read once the load has stopped and every
 * pending operation has resolved) and on the clients' own records of the answers they got. Pure: no I/O, so a unit
 * test can prove that each check fails on a ledger broken on purpose.
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
    status: 'pending' | 'Successful' | 'Failed';
    heldMinor: number;
    /**
     * A receiving row (a transfer between wallets seen from the receiver): the sender's operation, whose posting
     * credited this wallet. Such a row has no ledger transaction and no key of its own.
     */
    sourceOperationId?: number | null;
    /** 1 for the user's newest operation in the history's order (created_at desc, id desc), 2 next, ... */
    recency?: number;
  }[];
  idempotencyKeys: { userId: number; key: string; operationId: number | null }[];
}

export type FinalStatus = 'pending' | 'Successful' | 'Failed';

/** What a client knows of one Idempotency-Key it used, from the answers it got (nothing from the database). */
export interface ClientRecord {
  userId: number;
  key: string;
  kind: string;
  direction: 'Credit' | 'Debit';
  amountMinor: number;
  /** The fee a debit pays on top of its amount (a transfer's 1%); 0 when absent. */
  feeMinor?: number;
  /** A transfer between wallets: the user whose wallet it credits (amount) when it is Successful. */
  creditsUserId?: number;
  /** A gem purchase: the gems it gives the user's gem account when Successful. */
  gems?: number;
  /** The HTTP status of the acknowledged (first non-409, non-5xx) answer; null when none ever came. */
  answerStatus: number | null;
  /** The operation the answer named (success answers, and failures that name one). */
  referenceNumber: string | null;
  /** The status the answer gave, then followed with GetWalletOperation until it was final. */
  finalStatus: FinalStatus | null;
  /** What the sandbox's documented test inputs say must happen, when known. */
  expected?: 'Successful' | 'Failed' | 'rejected';
}

export interface CheckOptions {
  /** Every operation has resolved: no pending operation and no hold may remain. */
  settled: boolean;
  /** The most ledger transactions one operation may have (posting, and a reversal when a design uses one). */
  maxTransactionsPerOperation?: number;
}

const sumBy = <T>(items: readonly T[], value: (item: T) => number) =>
  items.reduce((total, item) => total + value(item), 0);

const groupBy = <T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> => {
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
const walletMovement = (direction: 'Credit' | 'Debit', amountMinor: number, feeMinor = 0) =>
  direction === 'Credit' ? amountMinor : -(amountMinor + feeMinor);

const assetOf = (account: LedgerSnapshot['accounts'][number]) =>
  account.asset ?? (account.kind === 'gems' || account.kind === 'issuance' ? 'GEM' : 'GHS');

const isReceivingRow = (operation: LedgerSnapshot['operations'][number]) =>
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

  // 5. held_minor is exactly what the user's pending operations hold.
  const operationsByUser = groupBy(snapshot.operations, (operation) => operation.userId);
  for (const wallet of snapshot.wallets) {
    const pendingHolds = sumBy(
      (operationsByUser.get(wallet.userId) ?? []).filter((operation) => operation.status === 'pending'),
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
    if (operation.status !== 'pending' && operation.heldMinor !== 0) {
      problems.push(
        `operation ${operation.referenceNumber} is ${operation.status} but still holds ${operation.heldMinor}`,
      );
    }
    if (options.settled && operation.status === 'pending') {
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
  for (const operation of snapshot.operations) {
    const keys = keysByOperation.get(operation.id) ?? [];
    const expectedKeys = isReceivingRow(operation) ? 0 : 1;
    if (keys.length !== expectedKeys) {
      problems.push(
        `operation ${operation.referenceNumber} is named by ${keys.length} idempotency keys (expected exactly ${expectedKeys})`,
      );
    }
  }
  return problems;
};

/**
 * The clients' view: what they were told must be what the database holds. Each user's balance equals the sum of
 * the Successful credits less the Successful debits the clients were acknowledged (plus nothing else); every
 * acknowledged operation exists with the final status the client followed it to; each key names the operation
 * its answer named; and the sandbox's documented outcomes happened.
 */
export const clientViolations = (snapshot: LedgerSnapshot, records: readonly ClientRecord[]): string[] => {
  const problems: string[] = [];
  const operationsByReference = new Map(
    snapshot.operations.map((operation) => [operation.referenceNumber, operation]),
  );
  const operationsById = new Map(snapshot.operations.map((operation) => [operation.id, operation]));
  const keyRows = new Map(snapshot.idempotencyKeys.map((row) => [`${row.userId}|${row.key}`, row]));

  const seenReferences = new Map<string, string>();
  for (const record of records) {
    const label = `key ${record.key} (user ${record.userId}, ${record.kind} ${record.amountMinor})`;
    if (record.answerStatus === null) {
      problems.push(`${label}: never acknowledged`);
      continue;
    }
    if (record.expected === 'rejected' && record.answerStatus < 400) {
      problems.push(`${label}: expected a refusal, got ${record.answerStatus}`);
    }
    if (
      (record.expected === 'Successful' || record.expected === 'Failed') &&
      record.finalStatus !== record.expected
    ) {
      problems.push(
        `${label}: expected final status ${record.expected}, the client saw ${record.finalStatus ?? 'none'}`,
      );
    }
    if (record.referenceNumber === null) {
      // A refusal that names no operation must not have made one that moved money.
      const row = keyRows.get(`${record.userId}|${record.key}`);
      const operation = row?.operationId != null ? operationsById.get(row.operationId) : undefined;
      if (operation && operation.status === 'Successful') {
        problems.push(
          `${label}: answered ${record.answerStatus} without an operation, but ${operation.referenceNumber} is Successful`,
        );
      }
      continue;
    }
    const other = seenReferences.get(record.referenceNumber);
    if (other !== undefined)
      problems.push(`${label}: reference ${record.referenceNumber} was also the answer to key ${other}`);
    seenReferences.set(record.referenceNumber, record.key);
    const operation = operationsByReference.get(record.referenceNumber);
    if (!operation) {
      problems.push(`${label}: acknowledged operation ${record.referenceNumber} is not in the database`);
      continue;
    }
    if (operation.userId !== record.userId)
      problems.push(`${label}: operation ${record.referenceNumber} belongs to user ${operation.userId}`);
    if (operation.amountMinor !== record.amountMinor || operation.direction !== record.direction) {
      problems.push(
        `${label}: operation ${record.referenceNumber} is ${operation.direction} ${operation.amountMinor}, the client asked ${record.direction} ${record.amountMinor}`,
      );
    }
    if (operation.status !== record.finalStatus) {
      problems.push(
        `${label}: operation ${record.referenceNumber} is ${operation.status} in the database, the client saw ${record.finalStatus ?? 'none'}`,
      );
    }
    const row = keyRows.get(`${record.userId}|${record.key}`);
    if (!row) problems.push(`${label}: no idempotency key row`);
    else if (row.operationId !== operation.id) {
      problems.push(`${label}: the key names operation ${row.operationId}, the answer named ${operation.id}`);
    }
  }

  // Each user's balance, from the clients' records alone.
  const expectedBalance = new Map<number, number>();
  for (const wallet of snapshot.wallets) expectedBalance.set(wallet.userId, 0);
  const recordedUsers = new Set(records.map((record) => record.userId));
  for (const record of records) {
    if (record.finalStatus !== 'Successful') continue;
    expectedBalance.set(
      record.userId,
      (expectedBalance.get(record.userId) ?? 0) +
        walletMovement(record.direction, record.amountMinor, record.feeMinor),
    );
    if (record.creditsUserId !== undefined) {
      expectedBalance.set(
        record.creditsUserId,
        (expectedBalance.get(record.creditsUserId) ?? 0) + record.amountMinor,
      );
    }
  }
  for (const wallet of snapshot.wallets) {
    if (!recordedUsers.has(wallet.userId)) continue;
    const expected = expectedBalance.get(wallet.userId) ?? 0;
    if (wallet.balanceMinor !== expected) {
      problems.push(
        `user ${wallet.userId}: balance ${wallet.balanceMinor}, the clients' acknowledged Successful operations add up to ${expected}`,
      );
    }
  }
  // Each user's gems, from the clients' Successful gem purchases alone.
  const expectedGems = new Map<number, number>();
  for (const record of records) {
    if (record.finalStatus === 'Successful' && record.gems !== undefined)
      expectedGems.set(record.userId, (expectedGems.get(record.userId) ?? 0) + record.gems);
  }
  const gemEntriesByAccount = groupBy(snapshot.entries, (entry) => entry.accountId);
  for (const userId of recordedUsers) {
    const gemAccounts = snapshot.accounts.filter(
      (account) => account.kind === 'gems' && account.userId === userId,
    );
    const gems = sumBy(gemAccounts, (account) =>
      sumBy(gemEntriesByAccount.get(account.id) ?? [], (entry) => entry.amountMinor),
    );
    const expected = expectedGems.get(userId) ?? 0;
    if (gems !== expected) {
      problems.push(
        `user ${userId}: ${gems} gems, the clients' acknowledged Successful gem purchases add up to ${expected}`,
      );
    }
  }
  // Nothing moved money that no client was told about.
  const acknowledged = new Set(
    records.map((record) => record.referenceNumber).filter((reference) => reference !== null),
  );
  for (const operation of snapshot.operations) {
    if (!recordedUsers.has(operation.userId)) continue;
    // A receiving row is told of through its transfer.
    const told = isReceivingRow(operation)
      ? operationsById.get(operation.sourceOperationId as number)?.referenceNumber
      : operation.referenceNumber;
    if (operation.status === 'Successful' && (told === undefined || !acknowledged.has(told))) {
      problems.push(
        `operation ${operation.referenceNumber} (${operation.kind} ${operation.amountMinor}) is Successful but no client was told of it`,
      );
    }
  }
  return problems;
};
