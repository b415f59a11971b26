import {
  groupBy,
  isReceivingRow,
  sumBy,
  walletMovement,
  type LedgerSnapshot,
} from '../../../src/server/ledger/invariants';

/*
 * The clients' view of the money, checked against a snapshot of the ledger tables; the ledger's own invariants
 * (ledgerViolations) are the server's (src/server/ledger/invariants.ts), shared with `npm run ledger:check`.
 */
export {
  ledgerViolations,
  type CheckOptions,
  type LedgerSnapshot,
} from '../../../src/server/ledger/invariants';

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
