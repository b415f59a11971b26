import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoadEnvironment, type LoadEnvironment } from './support/environment';
import { withClient } from './support/pg-admin';
import { placeUsers } from './support/tier-limits';
import { fundByCard } from './support/users';
import { moneyPostsOf, runWrk, writeWrkUsers, type WrkMix } from './support/wrk';

/**
 * The benchmark's load generator (issue 28: wrk with scripts/bench/money-load.lua) against the real API host, a few
 * seconds of each mix: every answered money POST moved money once under its own key, every cart was paid by the
 * next request, nothing failed on the server, and the ledger still sums to zero with no negative wallet.
 */
const USERS = 8;
const CONNECTIONS = 8;
const SECONDS = 3;
const EXTRA_FUNDING_MINOR = 1_600_000;

describe('wrk with the money-load script (PostgreSQL)', () => {
  let environment: LoadEnvironment;
  let directory: string;
  let usersFile: string;

  beforeAll(async () => {
    environment = await createLoadEnvironment({
      serverUrl: process.env.TEST_DATABASE_URL ?? '',
      userCount: USERS,
      fundingMinor: 400_000,
    });
    // The benchmark's users are Enhanced (its amounts stay within that tier's limits), as in bench:ledger.
    await placeUsers(
      environment.database.url,
      environment.users,
      environment.users.map(() => 'enhanced'),
    );
    // Enough that a fast host's run does not drain a wallet (the transfers mix pays out a little more than its
    // top-ups bring): GH₵ 20,000 each, within the Enhanced tier's maximum balance.
    await Promise.all(
      environment.users.map((user) => fundByCard(environment.host.baseUrl, user, EXTRA_FUNDING_MINOR)),
    );
    directory = await mkdtemp(path.join(tmpdir(), 'wrk-load-'));
    usersFile = path.join(directory, 'users.txt');
    await writeWrkUsers(environment.users, usersFile);
  });

  afterAll(async () => {
    await environment?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const keysOfRun = (runId: string) =>
    withClient(environment.database.url, async (client) => {
      const { rows } = await client.query<{ keys: string; operations: string }>(
        `select count(*) as keys, count(operation_id) as operations from idempotency_keys where key like $1`,
        [`${runId}-%`],
      );
      return { keys: Number(rows[0]!.keys), operations: Number(rows[0]!.operations) };
    });

  /** The run's refused money POSTs by status and message, as stored under their keys. */
  const refusalsOfRun = (runId: string) =>
    withClient(environment.database.url, async (client) => {
      const { rows } = await client.query<{ status: number; message: string; n: string }>(
        `select response_status as status, coalesce(response_body->'data'->>'messageId', '') as message,
                count(*) as n
         from idempotency_keys where key like $1 and response_status >= 400 group by 1, 2 order by 3 desc`,
        [`${runId}-%`],
      );
      return rows.map((row) => `${row.status} ${row.message}: ${row.n}`);
    });

  it.each<[WrkMix, string]>([
    ['classic', 'wrkclassic'],
    ['transfers', 'wrktransfers'],
  ])('%s mix: one operation per answered key, no server failure', async (mix, runId) => {
    const result = await runWrk({
      baseUrl: environment.host.baseUrl,
      usersFile,
      mix,
      connections: CONNECTIONS,
      durationS: SECONDS,
      runId,
    });
    console.log(`wrk ${mix}: ${JSON.stringify(result)}`);
    console.log(`wrk ${mix} refusals: ${JSON.stringify(await refusalsOfRun(runId))}`);
    expect(result.answers5xx).toBe(0);
    expect(result.socketErrors + result.timeouts).toBe(0);
    expect(moneyPostsOf(result)).toBeGreaterThan(20);
    // In a healthy run every money POST is answered 200 (tier limits may refuse a few with a 400).
    expect(result.answers4xx).toBeLessThan(moneyPostsOf(result) / 10);
    if (mix === 'transfers') expect(result.carts).toBeGreaterThan(10);
    else expect(result.carts).toBe(0);
    // The keys of the run: one each per answered money POST (a request cut by the end of the run may be unanswered).
    const keys = await keysOfRun(runId);
    expect(keys.keys).toBeGreaterThanOrEqual(result.answers2xx);
    expect(keys.keys).toBeLessThanOrEqual(moneyPostsOf(result) + CONNECTIONS);
    expect(keys.operations).toBeGreaterThanOrEqual(result.answers2xx);
    // wrk costs little: well under a millisecond of CPU per request even on a loaded machine.
    expect((result.cpuS * 1000) / result.requests).toBeLessThan(0.5);
  });

  it('leaves a ledger that sums to zero and no wallet negative', async () => {
    const problems = await withClient(environment.database.url, async (client) => {
      const unbalanced = await client.query(
        'select transaction_id from ledger_entries group by transaction_id having sum(amount_minor) <> 0',
      );
      const negative = await client.query(
        'select user_id from wallets where balance_minor < 0 or held_minor < 0 or held_minor > balance_minor',
      );
      return unbalanced.rowCount! + negative.rowCount!;
    });
    expect(problems).toBe(0);
  });
});
