import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoadEnvironment, describeWorkload, type LoadEnvironment } from './support/environment';
import { settleAndVerify } from './support/verify';
import { runWorkload } from './support/workload';

/**
 * 16 clients for 20 s against the real API host on a fresh PostgreSQL database, over 4 shared wallets (4 clients
 * per user token): every rail, transfers (MoMo and bank payouts, failing ones, on-us into the next user's wallet),
 * deposits into betting accounts (some refused by the operator), gem packs bought from the shop, prepaid bills
 * paid (some to a biller that is down), the sandbox's failures, duplicate retries
 * (sequential and concurrent) and same-key conflicts. Then every money invariant of DESIGN.md "Money and the
 * ledger" is checked, to the pesewa.
 */
const CLIENTS = 16;
const USERS = 4;
const DURATION_MS = Number(process.env.LOAD_DURATION_MS ?? 20_000);

describe('the wallet ledger under 16 concurrent clients (PostgreSQL)', () => {
  let environment: LoadEnvironment;

  beforeAll(async () => {
    environment = await createLoadEnvironment({
      serverUrl: process.env.TEST_DATABASE_URL ?? '',
      userCount: USERS,
      fundingMinor: 50_000, // GH₵ 500 each: withdrawals race for it, some are refused for insufficient funds
    });
  });

  afterAll(async () => {
    await environment?.close();
  });

  it('conserves every pesewa, keeps wallets non-negative and moves money once per Idempotency-Key', async () => {
    const result = await runWorkload({
      baseUrl: environment.host.baseUrl,
      users: environment.users,
      clients: CLIENTS,
      durationMs: DURATION_MS,
      requestTimeoutMs: 10_000,
      retryForMs: 15_000,
      mix: 'full',
    });
    console.log(describeWorkload('concurrency', result, CLIENTS));

    const verified = await settleAndVerify({
      baseUrl: environment.host.baseUrl,
      databaseUrl: environment.database.url,
      users: environment.users,
      records: [...environment.fundingRecords, ...result.records],
      settleTimeoutMs: 20_000,
    });
    console.log(
      `concurrency: settled in ${verified.settleMs} ms; ${JSON.stringify(verified.summary)}; history rows/operations per user ${verified.historyCaps.map((cap) => `${cap.rows}/${cap.operations}`).join(' ')}`,
    );
    if (result.problems.length + verified.problems.length > 0) {
      console.log(environment.host.output.slice(-20).join('\n'));
    }

    expect(result.problems).toEqual([]);
    expect(verified.problems).toEqual([]);
    expect(result.counts.serverErrors).toBe(0);
    // The load really happened, with every kind of retry.
    expect(result.loadMs).toBeGreaterThanOrEqual(DURATION_MS);
    expect(result.records.length).toBeGreaterThan(200);
    expect(result.counts.replaysChecked).toBeGreaterThan(0);
    expect(result.counts.concurrentDuplicates).toBeGreaterThan(0);
    expect(result.counts.conflictsChecked).toBeGreaterThan(0);
    expect(verified.summary.successful).toBeGreaterThan(0);
    expect(verified.summary.failed).toBeGreaterThan(0);
    // Transfers really happened: paid out, failed and released, and on-us with the receiver's row.
    const kinds = verified.snapshot.operations.map((operation) => `${operation.kind} ${operation.status}`);
    for (const seen of [
      'momo_transfer Successful',
      'bank_transfer Successful',
      'momo_transfer Failed',
      'wallet_transfer Successful',
      'wallet_transfer_received Successful',
      'bet Successful',
      'bet Failed',
      'gem_purchase Successful',
      'bill_payment Successful',
      'bill_payment Failed',
    ])
      expect(kinds, seen).toContain(seen);
  });
});
