import { dataOf, NoAnswer, request, sleep } from './http';
import { clientViolations, ledgerViolations, type ClientRecord, type LedgerSnapshot } from './invariants';
import { pendingOperationCount, readLedgerSnapshot } from './ledger-snapshot';
import { tierLimitViolations } from './tier-limits';
import type { LoadUser } from './users';

export interface VerifyOptions {
  baseUrl: string;
  databaseUrl: string;
  users: readonly LoadUser[];
  records: ClientRecord[];
  /** How long to wait for the worker to resolve every pending operation. */
  settleTimeoutMs: number;
  maxTransactionsPerOperation?: number;
}

export interface VerifyResult {
  problems: string[];
  snapshot: LedgerSnapshot;
  settleMs: number;
  /** History rows returned vs the user's operations (the server caps the list). */
  historyCaps: { userId: number; rows: number; operations: number }[];
  summary: {
    operations: number;
    successful: number;
    failed: number;
    pending: number;
    ledgerTransactions: number;
    entries: number;
    walletTotalMinor: number;
  };
}

/** Runs `work` over items with at most `limit` at a time. */
const inBatches = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
};

const get = async (baseUrl: string, path: string, token: string) => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      return await request(baseUrl, { method: 'GET', path, token, timeoutMs: 10_000 });
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      await sleep(200);
    }
  }
  throw new Error(`GET ${path}: no answer after 20 tries`);
};

/**
 * Once the load has stopped: waits until the worker has resolved every pending operation (the sandbox decides
 * after SANDBOX_DECISION_MS; expiring MoMo requests after SANDBOX_MOMO_EXPIRY_MS), follows every acknowledged
 * operation through GetWalletOperation to its final status (as a client would), checks each user's history and
 * balance answers, then checks every ledger invariant and the clients' records against one database snapshot.
 */
export const settleAndVerify = async (options: VerifyOptions): Promise<VerifyResult> => {
  const problems: string[] = [];
  const started = Date.now();
  const deadline = started + options.settleTimeoutMs;
  let pending = await pendingOperationCount(options.databaseUrl);
  while (pending > 0 && Date.now() < deadline) {
    await sleep(200);
    pending = await pendingOperationCount(options.databaseUrl);
  }
  const settleMs = Date.now() - started;
  if (pending > 0)
    problems.push(`${pending} operations still pending ${options.settleTimeoutMs} ms after the load stopped`);

  const tokenOf = new Map(options.users.map((user) => [user.userId, user.token]));
  // Follow every acknowledged operation to its final status through the API.
  await inBatches(
    options.records.filter((record) => record.referenceNumber !== null),
    16,
    async (record) => {
      const answer = await get(
        options.baseUrl,
        `/api/User/GetWalletOperation?referenceNumber=${encodeURIComponent(record.referenceNumber!)}`,
        tokenOf.get(record.userId) ?? '',
      );
      const data = dataOf<{ status?: unknown; referenceNumber?: unknown }>(answer);
      if (answer.status !== 200 || data?.referenceNumber !== record.referenceNumber) {
        problems.push(
          `GetWalletOperation ${record.referenceNumber}: ${answer.status} ${answer.text.slice(0, 200)}`,
        );
        return;
      }
      const status = data.status;
      if (record.finalStatus !== null && record.finalStatus !== 'pending' && record.finalStatus !== status) {
        problems.push(
          `operation ${record.referenceNumber} was answered ${record.finalStatus}, now reads ${String(status)}`,
        );
      }
      record.finalStatus =
        status === 'Successful' || status === 'Failed' || status === 'pending' ? status : null;
    },
  );

  const snapshot = await readLedgerSnapshot(options.databaseUrl);

  const historyCaps: { userId: number; rows: number; operations: number }[] = [];
  // Each user's history lists every operation with its status, and the balance answer is the available balance.
  for (const user of options.users) {
    const history = await get(
      options.baseUrl,
      `/api/User/GetWalletHistoryByUserId?userId=${user.userId}`,
      user.token,
    );
    const rows = dataOf<{ referenceNumber: string; status: string }[]>(history);
    if (history.status !== 200 || !Array.isArray(rows)) {
      problems.push(`history of user ${user.userId}: ${history.status} ${history.text.slice(0, 200)}`);
    } else {
      const shown = new Map(rows.map((row) => [row.referenceNumber, row.status]));
      const operations = snapshot.operations.filter((operation) => operation.userId === user.userId);
      const byReference = new Map(operations.map((operation) => [operation.referenceNumber, operation]));
      // The server caps the history (newest first): a shorter list is allowed only when it is a cap, and then
      // only the newest operations may be missing.
      const truncated = rows.length < operations.length;
      if (rows.length > operations.length || (truncated && rows.length < 100)) {
        problems.push(
          `history of user ${user.userId} has ${rows.length} rows, the database ${operations.length} operations`,
        );
      }
      historyCaps.push({ userId: user.userId, rows: rows.length, operations: operations.length });
      for (const row of rows) {
        const operation = byReference.get(row.referenceNumber);
        if (!operation)
          problems.push(
            `history of user ${user.userId} shows ${row.referenceNumber}, not an operation of theirs`,
          );
        else if (operation.status !== row.status) {
          problems.push(
            `history of user ${user.userId}: ${row.referenceNumber} shows ${row.status}, the database ${operation.status}`,
          );
        }
      }
      for (const record of options.records) {
        if (record.userId !== user.userId || record.referenceNumber === null) continue;
        const status = shown.get(record.referenceNumber);
        const operation = byReference.get(record.referenceNumber);
        // Beyond the cap in the history's own order (created_at desc, id desc, as read in the same snapshot).
        if (status === undefined && truncated && operation && (operation.recency ?? 0) > rows.length)
          continue;
        if (status !== record.finalStatus) {
          problems.push(
            `history of user ${user.userId}: ${record.referenceNumber} shows ${status ?? 'nothing'}, expected ${record.finalStatus ?? 'none'}`,
          );
        }
      }
    }
    const amount = await get(
      options.baseUrl,
      `/api/User/GetWalletAmountByUserId?userId=${user.userId}`,
      user.token,
    );
    const walletAmount = dataOf<{ walletAmount?: unknown }>(amount)?.walletAmount;
    const wallet = snapshot.wallets.find((row) => row.userId === user.userId);
    const available = wallet ? wallet.balanceMinor - wallet.heldMinor : Number.NaN;
    if (typeof walletAmount !== 'number' || Math.round(walletAmount * 100) !== available) {
      problems.push(
        `GetWalletAmountByUserId of user ${user.userId}: ${String(walletAmount)}, available balance is ${available / 100}`,
      );
    }
  }

  problems.push(
    ...ledgerViolations(snapshot, {
      settled: true,
      ...(options.maxTransactionsPerOperation
        ? { maxTransactionsPerOperation: options.maxTransactionsPerOperation }
        : {}),
    }),
  );
  problems.push(...clientViolations(snapshot, options.records));
  // Issue 24: no user's day or month ever passed their tier's limit, no wallet holds more than its maximum.
  problems.push(...(await tierLimitViolations(options.databaseUrl)));

  const operations = snapshot.operations;
  return {
    problems,
    snapshot,
    settleMs,
    historyCaps,
    summary: {
      operations: operations.length,
      successful: operations.filter((operation) => operation.status === 'Successful').length,
      failed: operations.filter((operation) => operation.status === 'Failed').length,
      pending: operations.filter((operation) => operation.status === 'pending').length,
      ledgerTransactions: snapshot.transactions.length,
      entries: snapshot.entries.length,
      walletTotalMinor: snapshot.wallets.reduce((total, wallet) => total + wallet.balanceMinor, 0),
    },
  };
};
