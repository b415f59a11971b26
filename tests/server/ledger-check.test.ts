import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLedgerCheckCommand } from '../../scripts/ledger-check-command';
import { apiPaths } from '../../src/contract/paths';
import { JobScheduler } from '../../src/server/jobs/scheduler';
import { ledgerCheckJob } from '../../src/server/ledger/invariants';
import { buyGemPack } from '../support/server-shop-fixtures';
import { transferUser, type TransferUser } from '../support/server-transfer-fixtures';
import { momoWithdrawalBody, postMoney } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * `npm run ledger:check` and the server's hourly check: a sound ledger (top-ups, a pending withdrawal holding money,
 * a gem purchase) passes; a tampered one (an entry deleted, a cached balance changed) is reported, exit code 1.
 */

let t: TestApp;
let user: TransferUser;

beforeEach(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 60_000 });
  user = await transferUser(t.app, t.database.db, { cedis: 1000 });
  expect((await buyGemPack(t.app, user, { packId: 'gems-2500' })).statusCode).toBe(200);
  const withdrawal = await postMoney(t.app, user, apiPaths.withdrawal, momoWithdrawalBody(user, 40));
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
});
afterEach(async () => {
  await t?.close();
});

/** Runs `statement` with the ledger's own triggers off (entries are immutable otherwise): tampering, not the app. */
const tamper = (statement: ReturnType<typeof sql>) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

const check = () => runLedgerCheckCommand(t.database.db, []);

describe('ledger:check', () => {
  it('passes a sound ledger with a pending withdrawal holding money and a gem purchase', async () => {
    expect(await check()).toEqual({ exitCode: 0, lines: ['ledger check: every invariant holds'] });
  });

  it('reports a deleted entry (its transaction no longer sums to zero, the wallet disagrees)', async () => {
    await tamper(sql`delete from ledger_entries where id = (
      select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.user_id = ${user.userId} and a.kind = 'wallet' order by e.id limit 1)`);
    const { exitCode, lines } = await check();
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/ledger transaction \d+ sums to -?\d+, not 0/);
    expect(lines.join('\n')).toContain(`wallet of user ${user.userId}: cached balance`);
  });

  it('reports a changed cached balance, a changed hold and changed gems', async () => {
    await tamper(sql`update wallets set balance_minor = balance_minor + 1, held_minor = held_minor + 2
                     where user_id = ${user.userId}`);
    await tamper(sql`update gem_balances set gems = gems + 5 where user_id = ${user.userId}`);
    const { exitCode, lines } = await check();
    expect(exitCode).toBe(1);
    const report = lines.join('\n');
    const [, cached, derived] =
      /wallet of user \d+: cached balance (\d+) != sum of its entries (\d+)/.exec(report) ?? [];
    expect(Number(cached) - Number(derived)).toBe(1);
    expect(report).toContain(`wallet of user ${user.userId}: held 4002 != holds of pending operations 4000`);
    expect(report).toContain(`gems of user ${user.userId}: cached 2505 != sum of its entries 2500`);
  });

  it('the scheduled job logs an error for each finding', async () => {
    await tamper(sql`update wallets set balance_minor = balance_minor - 1 where user_id = ${user.userId}`);
    const errors: unknown[] = [];
    let found!: () => void;
    const logged = new Promise<void>((resolve) => (found = resolve));
    const jobs = new JobScheduler({ db: t.database.db, log: t.app.log, tickMs: 20 });
    jobs.add(
      ledgerCheckJob(
        t.database.db,
        {
          error: (details: unknown) => {
            errors.push(details);
            found();
          },
          info: () => undefined,
        } as never,
        10,
      ),
    );
    await jobs.start();
    await logged;
    await jobs.stop();
    expect(JSON.stringify(errors[0])).toMatch(
      new RegExp(`wallet of user ${user.userId}: cached balance \\d+ != sum of its entries \\d+`),
    );
  });
});
