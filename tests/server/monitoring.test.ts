import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsPaths, type MonitoringRule, type Reversal, type ReviewItem } from '../../src/contract/ops';
import { apiPaths } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { domainMessages } from '../../src/domain/messages';
import { queryRows } from '../../src/server/db/sql';
import { insertProofOfAddress } from '../../src/server/routes/upgrade/proof-of-address-repository';
import { bearer, envelope, expectRefusal } from '../support/server-helpers';
import { setMonitoringRule } from '../support/server-monitoring-helpers';
import { signedInStaff } from '../support/server-ops-helpers';
import { addMobileBeneficiary, payNow, quoteFor, transferUser } from '../support/server-transfer-fixtures';
import {
  bankWithdrawalBody,
  history,
  postMoney,
  walletUser,
  fundWallet,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { walletOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Real-time monitoring (issue 25) through the API, on PGlite and on PostgreSQL (TEST_DATABASE_URL): each rule's hit
 * and an ordinary payment's miss, a hit held with its amount and fee set aside and answered 200 'review', released
 * (it goes on exactly as if it had passed) or rejected (amount and fee back exactly) by a compliance officer, four
 * eyes on reversals, and the thresholds changed as audited data. The ledger's invariants hold after all of it.
 */

let t: TestApp;
let compliance: { id: number; token: string };
let support: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  compliance = await signedInStaff(t, 'compliance');
  support = await signedInStaff(t, 'support');
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

const staffCall = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const reviewed = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { message: string; data: WalletOperationResult };
  expect(body.data.status).toBe('review');
  expect(body.message).toBe(domainMessages['monitoring.underReview']);
  return body.data;
};

const passed = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  const data = (JSON.parse(response.body) as { data: WalletOperationResult }).data;
  expect(data.status).not.toBe('review');
  return data;
};

const holdOf = async (referenceNumber: string) => {
  const [row] = await queryRows<{ id: number; status: string; hits: unknown }>(
    db(),
    sql`select h.id, h.status, h.hits from monitoring_holds h join wallet_operations o on o.id = h.operation_id
        where o.reference_number = ${referenceNumber}`,
  );
  if (!row) throw new Error(`no hold for ${referenceNumber}`);
  const hits = (typeof row.hits === 'string' ? JSON.parse(row.hits) : row.hits) as { rule: string }[];
  return { id: row.id, status: row.status, rules: hits.map((hit) => hit.rule) };
};

const decide = (holdId: number, decision: 'approve' | 'reject', token = compliance.token) =>
  staffCall(token, 'POST', opsPaths.decideReview, {
    id: `hold:${holdId}`,
    decision,
    reason: `${decision} after looking at it`,
  });

const statusOf = async (referenceNumber: string) => {
  const [row] = await queryRows<{ status: string; held_minor: unknown }>(
    db(),
    sql`select status, held_minor from wallet_operations where reference_number = ${referenceNumber}`,
  );
  return row && { status: row.status, held_minor: Number(row.held_minor) };
};

const withdraw = (user: WalletUser, cedis: number) =>
  postMoney(t.app, user, apiPaths.withdrawal, bankWithdrawalBody(user, cedis));

/** A user at Medium (daily limit GH₵ 15,000) with a beneficiary added now, paying it `cedis` through PayNow. */
const payNewBeneficiary = async (user: WalletUser, cedis: number, beneficiaryId?: number) => {
  const beneficiary = beneficiaryId ?? (await addMobileBeneficiary(db(), user.userId));
  const quote = await quoteFor(t.app, user, beneficiary, cedis);
  return { beneficiary, response: await payNow(t.app, user, quote.guidId) };
};

describe('a hit holds the money move: set aside, answered review', () => {
  it('large amount: above 80% of the daily limit is held with its hold; rejected, every pesewa comes back', async () => {
    const u = await walletUser(t.app, db());
    await fundWallet(t.app, u, 4_000);
    // Minimum: daily GH₵ 3,000, 80% is GH₵ 2,400. An ordinary withdrawal passes.
    passed(await withdraw(u, 100));
    await t.app.wallet.worker.runOnce();
    const before = await walletOf(db(), u.userId);
    const held = reviewed(await withdraw(u, 2_401));
    expect(await holdOf(held.referenceNumber)).toMatchObject({ status: 'open', rules: ['largeAmount'] });
    expect(await walletOf(db(), u.userId)).toEqual({
      balanceMinor: before.balanceMinor,
      heldMinor: before.heldMinor + 240_100,
    });
    // Nothing was asked of the rail while it waits; the worker leaves it alone.
    await t.app.wallet.worker.runOnce();
    expect(await statusOf(held.referenceNumber)).toMatchObject({ status: 'review' });
    expect(
      (await history(t.app, u)).find((row) => row.referenceNumber === held.referenceNumber),
    ).toMatchObject({ status: 'review' });

    const rejected = await decide((await holdOf(held.referenceNumber)).id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await walletOf(db(), u.userId)).toEqual(before);
    expect(await statusOf(held.referenceNumber)).toMatchObject({ status: 'Failed' });
    const row = (await history(t.app, u)).find((entry) => entry.referenceNumber === held.referenceNumber);
    expect(row).toMatchObject({ status: 'Failed', failureMessageId: 'monitoring.rejected' });
    // Decided once: the same decision again is a 409, and the audit trail names the officer.
    expectRefusal(
      await decide((await holdOf(held.referenceNumber)).id, 'approve'),
      409,
      'ops.review.decided',
    );
    const [audit] = await queryRows<{ actor_kind: string; actor_id: number }>(
      db(),
      sql`select actor_kind, actor_id from audit_log where action = 'review.rejected'
          and subject = ${`operation:${held.referenceNumber}`}`,
    );
    expect(audit).toEqual({ actor_kind: 'staff', actor_id: compliance.id });
  });

  it('new beneficiary: a first payment above GH₵ 2,000 is held; released, it pays out as if it had passed', async () => {
    const u = await transferUser(t.app, db(), { cedis: 9_000, tier: 'medium' });
    const { beneficiary, response } = await payNewBeneficiary(u, 2_100);
    const held = reviewed(response);
    const hold = await holdOf(held.referenceNumber);
    expect(hold.rules).toEqual(['newBeneficiary']);
    const fee = 2_100; // 1% of GH₵ 2,100 in pesewas
    expect((await walletOf(db(), u.userId)).heldMinor).toBe(210_000 + fee);

    const released = await decide(hold.id, 'approve');
    expect(released.statusCode, released.body).toBe(200);
    await t.app.wallet.worker.runOnce();
    expect(await statusOf(held.referenceNumber)).toMatchObject({ status: 'Successful', held_minor: 0 });
    expect(await walletOf(db(), u.userId)).toEqual({ balanceMinor: 900_000 - 210_000 - fee, heldMinor: 0 });

    // Misses: the same beneficiary again (paid before), and a first payment of GH₵ 2,000 to another new one.
    passed((await payNewBeneficiary(u, 2_050, beneficiary)).response);
    passed((await payNewBeneficiary(u, 2_000)).response);
  });

  it('new beneficiary: one added more than an hour ago is paid as usual', async () => {
    const u = await transferUser(t.app, db(), { cedis: 3_000, tier: 'medium' });
    const beneficiary = await addMobileBeneficiary(db(), u.userId);
    await db().execute(
      sql`update beneficiaries set created_at = now() - interval '61 minutes' where id = ${beneficiary}::int`,
    );
    passed((await payNewBeneficiary(u, 2_500, beneficiary)).response);
  });

  it('structuring: the third payment of a day that takes it within 5% under the daily limit is held', async () => {
    const u = await walletUser(t.app, db());
    await fundWallet(t.app, u, 4_000);
    passed(await withdraw(u, 1_000));
    passed(await withdraw(u, 900));
    // 1,000 + 900 + 900 = 2,800: 93% of GH₵ 3,000, not within 5%: passes.
    passed(await withdraw(u, 900));
    const v = await walletUser(t.app, db());
    await fundWallet(t.app, v, 4_000);
    passed(await withdraw(v, 1_000));
    passed(await withdraw(v, 900));
    // 1,000 + 900 + 960 = 2,860: 95.3% of the limit, the third payment: held.
    const held = reviewed(await withdraw(v, 960));
    expect((await holdOf(held.referenceNumber)).rules).toEqual(['structuring']);
    expect((await decide((await holdOf(held.referenceNumber)).id, 'approve')).statusCode).toBe(200);
    await t.app.wallet.worker.runOnce();
    expect(await statusOf(held.referenceNumber)).toMatchObject({ status: 'Successful' });
  });
});

describe('the thresholds are data compliance changes, each change audited', () => {
  it('velocity at 3 moves in 10 minutes holds the 4th; GET shows the change and who made it', async () => {
    const rules = envelope<MonitoringRule[]>(
      await staffCall(compliance.token, 'GET', opsPaths.monitoringRules),
    ).data;
    expect(rules.find((rule) => rule.name === 'velocity')).toMatchObject({
      enabled: true,
      parameters: { count: 20, minutes: 10 },
    });
    const invalid = await staffCall(compliance.token, 'PUT', opsPaths.monitoringRules, {
      rules: [{ name: 'velocity', enabled: true, parameters: { count: 0, minutes: 10 } }],
      reason: 'a threshold out of range',
    });
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(JSON.parse(invalid.body)).toMatchObject({
      message: 'A rule or one of its thresholds is not valid: count.',
      data: { messageId: 'ops.monitoring.invalid' },
    });
    const saved = await staffCall(compliance.token, 'PUT', opsPaths.monitoringRules, {
      rules: [{ name: 'velocity', enabled: true, parameters: { count: 3, minutes: 10 } }],
      reason: 'a burst of small payouts seen this week',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(envelope<MonitoringRule[]>(saved).data.find((rule) => rule.name === 'velocity')).toMatchObject({
      parameters: { count: 3, minutes: 10 },
      updatedBy: compliance.id,
    });
    const [audit] = await queryRows<{ actor_id: number; after: unknown }>(
      db(),
      sql`select actor_id, after from audit_log where action = 'monitoring.rule.changed'
          and subject = 'monitoringRule:velocity' order by id desc limit 1`,
    );
    expect(audit?.actor_id).toBe(compliance.id);
    try {
      const u = await walletUser(t.app, db());
      await fundWallet(t.app, u, 1_000);
      for (let i = 0; i < 3; i += 1) passed(await withdraw(u, 10));
      const held = reviewed(await withdraw(u, 10));
      expect((await holdOf(held.referenceNumber)).rules).toEqual(['velocity']);
      const queue = envelope<ReviewItem[]>(await staffCall(compliance.token, 'GET', opsPaths.reviews)).data;
      expect(queue).toContainEqual(
        expect.objectContaining({
          kind: 'hold',
          userId: u.userId,
          reference: held.referenceNumber,
          amount: 10,
          reason: 'velocity',
        }),
      );
      // Support may not decide holds (the permissions table): 403.
      expectRefusal(
        await decide((await holdOf(held.referenceNumber)).id, 'approve', support.token),
        403,
        'auth.forbidden',
      );
      expect((await decide((await holdOf(held.referenceNumber)).id, 'reject')).statusCode).toBe(200);
    } finally {
      await setMonitoringRule(db(), 'velocity', true, { count: 20, minutes: 10 });
    }
  });
});

describe('the review queue also holds the proofs of address (issue 24)', () => {
  it('listed beside the holds; approved by compliance through the same decision, the user at Enhanced', async () => {
    const u = await walletUser(t.app, db(), true, 'medium');
    const proof = await insertProofOfAddress(db(), u.userId, 'utilityBill', {
      id: 'proof',
      contentType: 'image/png',
      sizeBytes: 2048,
      storagePath: `${u.userId}/proof.png`,
    });
    if (!proof) throw new Error('no proof of address queued');
    const queue = envelope<ReviewItem[]>(await staffCall(compliance.token, 'GET', opsPaths.reviews)).data;
    const item = queue.find((entry) => entry.kind === 'proofOfAddress' && entry.userId === u.userId);
    expect(item).toMatchObject({ reference: null, amount: null, reason: 'proofOfAddress' });
    const decided = await staffCall(compliance.token, 'POST', opsPaths.decideReview, {
      id: item?.id,
      decision: 'approve',
      reason: 'the utility bill matches the name and address',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [user] = await queryRows<{ account_tier: string }>(
      db(),
      sql`select account_tier from users where id = ${u.userId}::int`,
    );
    expect(user?.account_tier).toBe('enhanced');
    const [audit] = await queryRows<{ actor_kind: string; actor_id: number }>(
      db(),
      sql`select actor_kind, actor_id from audit_log where action = 'review.proofOfAddress.approved'
          and chain = ${`user:${u.userId}`}`,
    );
    expect(audit).toEqual({ actor_kind: 'staff', actor_id: compliance.id });
    expectRefusal(
      await staffCall(compliance.token, 'POST', opsPaths.decideReview, {
        id: item?.id,
        decision: 'reject',
        reason: 'decided twice',
      }),
      409,
      'ops.review.decided',
    );
    expectRefusal(
      await staffCall(compliance.token, 'POST', opsPaths.decideReview, {
        id: 'hold:999999',
        decision: 'reject',
        reason: 'no such hold',
      }),
      404,
      'ops.review.notFound',
    );
  });
});

describe('reversals: four eyes', () => {
  it('the proposer cannot approve; another officer can, and the ledger posts a reversing transaction', async () => {
    const u = await walletUser(t.app, db());
    await fundWallet(t.app, u, 500);
    const paid = passed(await withdraw(u, 200));
    await t.app.wallet.worker.runOnce();
    expect(await statusOf(paid.referenceNumber)).toMatchObject({ status: 'Successful' });
    const before = await walletOf(db(), u.userId);

    const proposed = await staffCall(support.token, 'POST', opsPaths.proposeReversal, {
      referenceNumber: paid.referenceNumber,
      reason: 'the bank returned the payout',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const reversal = envelope<Reversal>(proposed).data;
    expect(reversal).toMatchObject({ status: 'proposed', proposedBy: support.id, approvedBy: null });
    expectRefusal(
      await staffCall(support.token, 'POST', opsPaths.proposeReversal, {
        referenceNumber: paid.referenceNumber,
        reason: 'proposed twice',
      }),
      409,
      'ops.reversal.notReversible',
    );

    // The same person may never approve their own proposal, whatever their role.
    const second = passed(await withdraw(u, 50));
    await t.app.wallet.worker.runOnce();
    const officer = await signedInStaff(t, 'compliance');
    const own = await staffCall(officer.token, 'POST', opsPaths.proposeReversal, {
      referenceNumber: second.referenceNumber,
      reason: 'to try the four eyes',
    });
    expect(own.statusCode, own.body).toBe(200);
    expectRefusal(
      await staffCall(officer.token, 'POST', opsPaths.approveReversal, {
        id: envelope<Reversal>(own).data.id,
      }),
      403,
      'ops.reversal.sameStaff',
    );

    const approved = await staffCall(compliance.token, 'POST', opsPaths.approveReversal, { id: reversal.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(envelope<Reversal>(approved).data).toMatchObject({
      status: 'approved',
      approvedBy: compliance.id,
    });
    // The GH₵ 200 is back; the GH₵ 50 withdrawal (not reversed) stays out.
    expect(await walletOf(db(), u.userId)).toEqual({
      balanceMinor: before.balanceMinor + 20_000 - 5_000,
      heldMinor: 0,
    });
    const [posted] = await queryRows<{ reverses: unknown; total: unknown }>(
      db(),
      sql`select t.reverses_transaction_id as reverses, (select sum(amount_minor) from ledger_entries e
            where e.transaction_id = t.id) as total
          from reversals r join ledger_transactions t on t.id = r.transaction_id where r.id = ${reversal.id}::int`,
    );
    expect(Number(posted?.total)).toBe(0);
    expect(posted?.reverses).not.toBeNull();
    expectRefusal(
      await staffCall(compliance.token, 'POST', opsPaths.approveReversal, { id: reversal.id }),
      409,
      'ops.reversal.approvedAlready',
    );
  });
});
