import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batcherOf, type CommitBatcher } from '../../src/server/db/commit-batcher';
import type { Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import { accountCodes, LedgerAccounts } from '../../src/server/ledger/accounts';
import { InsufficientFundsError } from '../../src/server/ledger/errors';
import { postTransaction } from '../../src/server/ledger/posting';
import type pg from 'pg';
import {
  balancesOf,
  createWallets,
  ledgerProblems,
  migratedScratch,
  openBatched,
} from './support/batch-ledger';
import type { ScratchDatabase } from './support/pg-admin';

/* The commit batcher (src/server/db/commit-batcher.ts) on the test server's PostgreSQL. */

let scratch: ScratchDatabase;
let database: Database;
const accounts = new LedgerAccounts();

beforeAll(async () => {
  scratch = await migratedScratch();
  // A 20-ms window: statements issued together land in one batch, whatever the machine's load.
  database = openBatched(scratch.url, { maxBatch: 32, lanes: 1, windowMs: 20 });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

const batcherOfDatabase = (of: Database): CommitBatcher => {
  const found = batcherOf((of.db as unknown as { $client: pg.Pool }).$client);
  if (!found) throw new Error('no batcher');
  return found;
};
const batcher = (): CommitBatcher => batcherOfDatabase(database);

/** Locks a wallet's row, then pauses (the rest of its batch waits, the wallet still locked). */
const LOCK_WALLET = `with locked as (update wallets set held_minor = held_minor where user_id = $1::int returning user_id),
  pause as (select pg_sleep($2::float8))
  select locked.user_id from locked, pause`;

const move = (userId: number, amountMinor: number, description = 'batch test') =>
  postTransaction(database.db, accounts, {
    operationId: null,
    description,
    entries: [
      { accountCode: accountCodes.wallet(userId), amountMinor },
      { accountCode: accountCodes.cardClearing(), amountMinor: -amountMinor },
    ],
  });

/** A transfer of `amountMinor` from one user's wallet to another's, on `of`'s pool (its batcher). */
const transfer = (of: Database, from: number, to: number, amountMinor: number) =>
  postTransaction(of.db, accounts, {
    operationId: null,
    description: 'batch test transfer',
    entries: [
      { accountCode: accountCodes.wallet(from), amountMinor: -amountMinor },
      { accountCode: accountCodes.wallet(to), amountMinor },
    ],
  });

describe('commit batcher', () => {
  it('runs statements queued together in one transaction; a failing one fails only its caller', async () => {
    const before = { ...batcher().stats };
    const results = await Promise.allSettled(
      [1, 2, 0, 4, 5].map((divisor) =>
        batcher().rows<{ quotient: number }>(0, 'batch_test_divide', 'select 10 / $1::int as quotient', [
          divisor,
        ]),
      ),
    );
    expect(batcher().stats.batches - before.batches).toBe(1);
    expect(
      results.map((result) => (result.status === 'fulfilled' ? result.value[0]?.quotient : 'failed')),
    ).toEqual([10, 5, 'failed', 2, 2]);
    const failure = results[2] as PromiseRejectedResult;
    expect((failure.reason as { code?: string }).code).toBe('22012');
  });

  it('an overdrawing posting in a batch is refused alone; the others of its batch are committed', async () => {
    const ids = await createWallets(database, 6);
    await Promise.all(ids.map((id) => move(id, 10_000)));
    const before = { ...batcher().stats };
    const amounts = [-2_500, -4_000, -10_001, 3_000, -10_000, -1];
    const results = await Promise.allSettled(ids.map((id, index) => move(id, amounts[index] as number)));
    expect(batcher().stats.largest).toBeGreaterThanOrEqual(2);
    expect(batcher().stats.failed - before.failed).toBe(1);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    const balances = await balancesOf(database, ids);
    expect(ids.map((id) => balances.get(id))).toEqual([7_500, 6_000, 10_000, 13_000, 0, 9_999]);
    expect(await ledgerProblems(database)).toEqual([]);
  });

  it('under concurrent postings of any amounts, wallets hold exactly the accepted sums and never go negative', async () => {
    const ids = await createWallets(database, 4);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            wallet: fc.integer({ min: 0, max: 3 }),
            amount: fc.integer({ min: -5_000, max: 5_000 }),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        async (moves) => {
          const start = await balancesOf(database, ids);
          const postings = moves.filter((entry) => entry.amount !== 0);
          const results = await Promise.allSettled(
            postings.map(({ wallet, amount }) => move(ids[wallet] as number, amount)),
          );
          const expected = new Map(start);
          results.forEach((result, index) => {
            const { wallet, amount } = postings[index] as { wallet: number; amount: number };
            if (result.status === 'rejected') {
              expect(result.reason).toBeInstanceOf(InsufficientFundsError);
              expect(amount).toBeLessThan(0);
            } else {
              const id = ids[wallet] as number;
              expected.set(id, (expected.get(id) ?? 0) + amount);
            }
          });
          const after = await balancesOf(database, ids);
          for (const id of ids) {
            expect(after.get(id)).toBe(expected.get(id));
            expect(after.get(id)).toBeGreaterThanOrEqual(0);
          }
          expect(await ledgerProblems(database)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("two hosts' batches holding the same wallets queued in opposite orders lock them in one order: no deadlock", async () => {
    const [first, second] = (await createWallets(database, 2)) as [number, number];
    const otherHost = openBatched(scratch.url, { maxBatch: 32, lanes: 1, windowMs: 20 });
    try {
      const hosts = [batcher(), batcherOfDatabase(otherHost)] as const;
      const before = hosts.map((host) => ({ ...host.stats }));
      // Each batch pauses after its first statement: in queued order, each host would hold one wallet and wait for
      // the other's, and PostgreSQL would cancel one batch's statement as a deadlock's victim.
      const lockWallet = (host: CommitBatcher, userId: number, pauseSeconds: number) =>
        host.rows<{ user_id: number }>(userId, 'batch_test_lock_wallet', LOCK_WALLET, [userId, pauseSeconds]);
      const answers = await Promise.all([
        lockWallet(hosts[0], second, 0.3),
        lockWallet(hosts[0], first, 0),
        lockWallet(hosts[1], first, 0.3),
        lockWallet(hosts[1], second, 0),
      ]);
      expect(answers.map((rows) => rows[0]?.user_id)).toEqual([second, first, first, second]);
      hosts.forEach((host, index) => {
        expect(host.stats.batches - (before[index]?.batches ?? 0), 'one batch per host').toBe(1);
        expect(host.stats.retried - (before[index]?.retried ?? 0), 'deadlock victims').toBe(0);
      });
    } finally {
      await otherHost.close();
    }
  });

  it('transfers between wallets share batches with other postings on two hosts: sums hold, nothing negative, no deadlock', async () => {
    const ids = await createWallets(database, 6);
    await Promise.all(ids.map((id) => move(id, 20_000)));
    // This test's postings belong to no operation, so each appends to the one system audit chain, whose lock every
    // posting takes after its wallets: a batch that locked a greater wallet first would then wait for that lock in
    // another batch waiting for the wallet. A user's money moves append to their own user's chain instead; the
    // chain is left out here so that what is counted is the wallets' lock order.
    await queryRows(
      database.db,
      sql`alter table ledger_transactions disable trigger ledger_transactions_audit_bare`,
    );
    const otherHost = openBatched(scratch.url, { maxBatch: 32, lanes: 2, windowMs: 20 });
    try {
      const hosts = [database, otherHost] as const;
      const hostOf = (index: number): Database => (index === 0 ? database : otherHost);
      const before = hosts.map((host) => ({ ...batcherOfDatabase(host).stats }));
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              host: fc.integer({ min: 0, max: 1 }),
              from: fc.integer({ min: 0, max: 5 }),
              to: fc.integer({ min: 0, max: 5 }),
              amount: fc.integer({ min: 1, max: 8_000 }),
            }),
            { minLength: 2, maxLength: 30 },
          ),
          async (moves) => {
            const start = await balancesOf(database, ids);
            // from === to: a debit of that wallet alone (a withdrawal), else a transfer between the two.
            const results = await Promise.allSettled(
              moves.map(({ host, from, to, amount }) =>
                from === to
                  ? postTransaction(hostOf(host).db, accounts, {
                      operationId: null,
                      description: 'batch test debit',
                      entries: [
                        { accountCode: accountCodes.wallet(ids[from] as number), amountMinor: -amount },
                        { accountCode: accountCodes.cardClearing(), amountMinor: amount },
                      ],
                    })
                  : transfer(hostOf(host), ids[from] as number, ids[to] as number, amount),
              ),
            );
            const expected = new Map(start);
            results.forEach((result, index) => {
              const { from, to, amount } = moves[index] as (typeof moves)[number];
              if (result.status === 'rejected') {
                expect(result.reason).toBeInstanceOf(InsufficientFundsError);
                return;
              }
              const payer = ids[from] as number;
              const payee = ids[to] as number;
              expected.set(payer, (expected.get(payer) ?? 0) - amount);
              if (from !== to) expected.set(payee, (expected.get(payee) ?? 0) + amount);
            });
            const after = await balancesOf(database, ids);
            for (const id of ids) {
              expect(after.get(id)).toBe(expected.get(id));
              expect(after.get(id)).toBeGreaterThanOrEqual(0);
            }
            expect(await ledgerProblems(database)).toEqual([]);
            // Keep the wallets funded for the next run: a credit to each, batched like the rest.
            await Promise.all(ids.map((id) => move(id, 5_000)));
          },
        ),
        { numRuns: 15 },
      );
      const stats = hosts.map((host) => batcherOfDatabase(host).stats);
      const lockedFirst = stats.reduce(
        (sum, host, index) => sum + host.walletsLockedFirst - (before[index]?.walletsLockedFirst ?? 0),
        0,
      );
      expect(lockedFirst, 'batches holding a transfer that locked their wallets first').toBeGreaterThan(0);
      stats.forEach((host, index) => {
        expect(host.retried - (before[index]?.retried ?? 0), 'deadlock victims run again').toBe(0);
        expect(host.batches - (before[index]?.batches ?? 0)).toBeLessThan(
          host.statements - (before[index]?.statements ?? 0),
        );
      });
    } finally {
      await otherHost.close();
      await queryRows(
        database.db,
        sql`alter table ledger_transactions enable trigger ledger_transactions_audit_bare`,
      );
    }
  });

  it('a kill -9 between a batch and its COMMIT loses nothing that was acknowledged, and keeps nothing of that batch', async () => {
    const ids = await createWallets(database, 8);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/load/support/batch-crash-child.ts', scratch.url, ids.join(',')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const acknowledged: string[] = [];
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    let pendingSeen = 0;
    const killed = new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
          if (line.startsWith('pending ')) {
            pendingSeen += 1;
            // Killed while a batch of several postings waits for its COMMIT, after a good number committed.
            if (acknowledged.length >= 200 && Number(line.slice(8)) >= 2 && !child.killed)
              child.kill('SIGKILL');
          }
        }
      });
      child.on('exit', () => resolve());
      child.on('error', reject);
      setTimeout(
        () => reject(new Error(`the child never reached a batch to kill: ${errors}`)),
        90_000,
      ).unref();
    });
    await killed;
    expect(child.signalCode).toBe('SIGKILL');
    expect(pendingSeen).toBeGreaterThan(0);
    const rows = await queryRows<{ description: string }>(
      database.db,
      sql`select description from ledger_transactions where description like 'crash-%'`,
    );
    const committed = new Set(rows.map((row) => row.description));
    // Everything answered is there; of what was never answered, the batch cut at its COMMIT left nothing.
    expect(acknowledged.filter((description) => !committed.has(description))).toEqual([]);
    expect(committed.size).toBe(acknowledged.length);
    const balances = await balancesOf(database, ids);
    expect([...balances.values()].reduce((sum, balance) => sum + balance, 0)).toBe(committed.size * 100);
    expect(await ledgerProblems(database)).toEqual([]);
  });
});
