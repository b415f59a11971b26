import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { processingFee } from '../../src/domain/fees';
import { verifyAuditLog } from '../../src/server/audit/audit-verify';
import { queryRows } from '../../src/server/db/sql';
import { registerUser } from '../support/server-helpers';
import {
  bankWithdrawalBody,
  cardBody,
  postMoney,
  resultOf,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { fundWallet, keyFor, refusal } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Every money move and its outcome is in the audit trail, written by the statement that moves the money (so in its
 * transaction, alone or in a commit batch on PostgreSQL): created, posted, released, received; a refused or
 * rolled-back move leaves no row; the chains verify.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) expect((await verifyAuditLog(t.database.db)).broken).toEqual([]);
  await t?.close();
});

const db = () => t.database.db;

interface AuditRow {
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: Record<string, unknown> | null;
}

/** The money rows of a user's chain, in chain order (the chain also holds their tier's rows). */
const chainOfUser = (userId: number) =>
  queryRows<AuditRow>(
    db(),
    sql`select actor_kind, actor_id, actor_name, action, subject, before, after
        from audit_log where chain = ${`user:${userId}`} and action like 'money.%' order by seq`,
  );

const auditCount = async () =>
  Number((await queryRows<{ n: unknown }>(db(), sql`select count(*) as n from audit_log`))[0]?.n);

/** A user with GH₵ 100 from a card top-up, and their chain's first row (that top-up). */
const fundedUser = async (): Promise<WalletUser> => {
  const u = await walletUser(t.app, db());
  const topUp = resultOf(await postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 100)));
  expect((await chainOfUser(u.userId))[0]).toMatchObject({
    actor_kind: 'user',
    actor_id: u.userId,
    action: 'money.move',
    subject: `operation:${topUp.referenceNumber}`,
    after: { kind: 'card_top_up', direction: 'Credit', amountMinor: 10_000, feeMinor: 0 },
  });
  return u;
};

describe('the audit trail of the ledger', () => {
  it('records a withdrawal held (money.move by the user), then posted (money.posted by the ledger)', async () => {
    const u = await fundedUser();
    const result = resultOf(await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 30.5)));
    await t.app.wallet.worker.runOnce();
    const subject = `operation:${result.referenceNumber}`;
    expect((await chainOfUser(u.userId)).filter((row) => row.subject === subject)).toEqual([
      {
        actor_kind: 'user',
        actor_id: u.userId,
        actor_name: null,
        action: 'money.move',
        subject,
        before: null,
        after: {
          kind: 'bank_withdrawal',
          direction: 'Debit',
          amountMinor: 3050,
          feeMinor: 0,
          heldMinor: 3050,
          status: 'pending',
          counterparty: expect.objectContaining({ rail: 'bank' }),
        },
      },
      {
        actor_kind: 'system',
        actor_id: null,
        actor_name: 'ledger',
        action: 'money.posted',
        subject,
        before: { status: 'pending', heldMinor: 3050 },
        after: { status: 'Successful', heldMinor: 0, failureMessageId: null },
      },
    ]);
  });

  it('records a failed payout as money.released with its reason', async () => {
    const u = await fundedUser();
    const result = resultOf(
      await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 40, '9876000001')),
    );
    await t.app.wallet.worker.runOnce();
    const rows = await chainOfUser(u.userId);
    expect(rows.map((row) => row.action)).toEqual([
      'money.move',
      'money.posted',
      'money.move',
      'money.released',
    ]);
    expect(rows[3]).toMatchObject({
      subject: `operation:${result.referenceNumber}`,
      before: { status: 'pending', heldMinor: 4000 },
      after: { status: 'Failed', heldMinor: 0, failureMessageId: 'withdrawal.payoutFailed' },
    });
  });

  it('writes nothing for a refused withdrawal (more than the available balance)', async () => {
    const u = await fundedUser();
    const before = await auditCount();
    const response = await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 100.01));
    expect(response.statusCode, response.body).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it("records a transfer between wallets on both chains: the payer's move, the receiver's money.received", async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await fundWallet(db(), a, 10_000);
    const answer = await t.app.wallet.service.pay({
      idempotency: keyFor(a),
      draft: {
        kind: 'wallet_transfer',
        amountMinor: 2_000,
        counterparty: { rail: 'wallet', label: `user ${b}`, userId: b },
      },
      insufficientFunds: refusal,
    });
    expect(answer.statusCode).toBe(200);
    const [payer] = await chainOfUser(a);
    expect(payer).toMatchObject({
      actor_kind: 'user',
      actor_id: a,
      action: 'money.move',
      after: {
        kind: 'wallet_transfer',
        amountMinor: 2_000,
        feeMinor: processingFee(2_000),
        status: 'Successful',
      },
    });
    expect(await chainOfUser(b)).toEqual([
      expect.objectContaining({
        actor_kind: 'user',
        actor_id: a,
        action: 'money.received',
        subject: `${payer?.subject}-R`,
        after: expect.objectContaining({
          kind: 'wallet_transfer_received',
          amountMinor: 2_000,
          status: 'Successful',
        }),
      }),
    ]);
  });

  it('keeps both chains whole when transfers between two wallets race (one row per move on each side)', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    await fundWallet(db(), a, 100_000);
    await fundWallet(db(), b, 100_000);
    const pay = (from: number, to: number) =>
      t.app.wallet.service.pay({
        idempotency: keyFor(from),
        draft: {
          kind: 'wallet_transfer',
          amountMinor: 100,
          counterparty: { rail: 'wallet', label: 'x', userId: to },
        },
        insufficientFunds: refusal,
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? pay(a, b) : pay(b, a))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    for (const user of [a, b]) {
      const actions = (await chainOfUser(user)).map((row) => row.action);
      expect(actions.filter((action) => action === 'money.move')).toHaveLength(10);
      expect(actions.filter((action) => action === 'money.received')).toHaveLength(10);
    }
    expect((await verifyAuditLog(db())).broken).toEqual([]);
  });

  it('writes nothing for a move rolled back (a transfer the wallet cannot cover fails its statement)', async () => {
    const a = (await registerUser(t.app)).userId;
    const b = (await registerUser(t.app)).userId;
    const before = await auditCount();
    const answer = await t.app.wallet.service.pay({
      idempotency: keyFor(a),
      draft: {
        kind: 'wallet_transfer',
        amountMinor: 2_000,
        counterparty: { rail: 'wallet', label: `user ${b}`, userId: b },
      },
      insufficientFunds: refusal,
    });
    expect(answer.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('records a posting of no operation (a correction) on the system chain, with its entries', async () => {
    const a = (await registerUser(t.app)).userId;
    await fundWallet(db(), a, 1_234);
    const [row] = await queryRows<AuditRow>(
      db(),
      sql`select actor_kind, actor_name, action, subject, after from audit_log
          where chain = 'system' order by seq desc limit 1`,
    );
    expect(row).toMatchObject({
      actor_kind: 'system',
      actor_name: 'ledger',
      action: 'money.posted',
      subject: expect.stringMatching(/^ledger_transaction:\d+$/),
      after: {
        description: 'test funding',
        entries: [
          ['clearing:card', -1_234],
          [`wallet:${a}`, 1_234],
        ],
      },
    });
  });
});
