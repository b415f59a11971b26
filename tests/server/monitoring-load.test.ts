import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsPaths } from '../../src/contract/ops';
import { apiPaths } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { queryRows } from '../../src/server/db/sql';
import { bearer } from '../support/server-helpers';
import { signedInStaff } from '../support/server-ops-helpers';
import {
  bankWithdrawalBody,
  fundWallet,
  postMoney,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { walletOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The monitoring rules under concurrent load (issue 25), with the default thresholds; on PostgreSQL
 * (TEST_DATABASE_URL) the moves of many users are committed in batches and each user's are decided one after another
 * under the wallet lock. Every user fires a burst at once: the velocity rule holds exactly the moves after the 20th,
 * whatever order they arrive in; two officers then decide every hold at the same time (each decision sent twice:
 * one wins, the other is told it was decided), and the ledger's invariants hold once everything has settled: money
 * set aside is never spent twice, a rejected hold gives back exactly what it set aside.
 */

const USERS = 4;
const BURST = 26;
const CEDIS = 10;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

const holdsOf = async (userId: number) =>
  queryRows<{ id: number; reference_number: string }>(
    db(),
    sql`select h.id, o.reference_number from monitoring_holds h join wallet_operations o on o.id = h.operation_id
        where h.user_id = ${userId}::int and h.status = 'open' order by h.id`,
  );

describe('monitoring under load', () => {
  it('a burst per user: the velocity rule holds exactly the moves after the 20th; decisions race; invariants hold', async () => {
    const users: WalletUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await walletUser(t.app, db());
      await fundWallet(t.app, user, 1_000);
      users.push(user);
    }
    const answers = await Promise.all(
      users.flatMap((user) =>
        Array.from({ length: BURST }, () =>
          postMoney(t.app, user, apiPaths.withdrawal, bankWithdrawalBody(user, CEDIS)),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const statuses = answers.map((answer) => (answer.json() as { data: WalletOperationResult }).data.status);
    expect(statuses.filter((status) => status === 'review')).toHaveLength(USERS * (BURST - 20));

    const officers = [await signedInStaff(t, 'compliance'), await signedInStaff(t, 'compliance')];
    const holds = (await Promise.all(users.map((user) => holdsOf(user.userId)))).flat();
    expect(holds).toHaveLength(USERS * (BURST - 20));
    const decisions = await Promise.all(
      holds.flatMap((hold, index) =>
        officers.map((officer) =>
          t.app.inject({
            method: 'POST',
            url: opsPaths.decideReview,
            headers: bearer(officer.token),
            payload: {
              id: `hold:${hold.id}`,
              decision: index % 2 === 0 ? 'approve' : 'reject',
              reason: 'decided under load',
            },
          }),
        ),
      ),
    );
    // Each hold decided exactly once: one 200 and one 409 per hold.
    for (let i = 0; i < holds.length; i += 1) {
      const pair = [decisions[2 * i]?.statusCode, decisions[2 * i + 1]?.statusCode].sort();
      expect(pair).toEqual([200, 409]);
    }

    for (let pass = 0; pass < 5; pass += 1) await t.app.wallet.worker.runOnce();
    const released = holds.filter((_, index) => index % 2 === 0).length;
    const paidOut = USERS * 20 + released;
    const [row] = await queryRows<{ successful: unknown; failed: unknown; open: unknown }>(
      db(),
      sql`select count(*) filter (where status = 'Successful') as successful,
                 count(*) filter (where status = 'Failed') as failed,
                 count(*) filter (where status in ('pending', 'review')) as open
          from wallet_operations where kind = 'bank_withdrawal'
            and user_id = any(${`{${users.map((user) => user.userId).join(',')}}`}::int[])`,
    );
    expect({
      successful: Number(row?.successful),
      failed: Number(row?.failed),
      open: Number(row?.open),
    }).toEqual({
      successful: paidOut,
      failed: holds.length - released,
      open: 0,
    });
    // Every user's wallet: the funding less exactly the withdrawals paid out; nothing held any more.
    let total = 0;
    for (const user of users) {
      const wallet = await walletOf(db(), user.userId);
      expect(wallet.heldMinor).toBe(0);
      total += wallet.balanceMinor;
    }
    expect(total).toBe(USERS * 100_000 - paidOut * CEDIS * 100);
    // PGlite answers one query at a time: the burst's 104 requests and 48 decisions take it a while on 2 cores.
  }, 180_000);
});
