import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BettingHistoryRow, BettingOperator } from '../../src/contract/betting';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { bearer, envelope } from '../support/server-helpers';
import {
  betBody,
  betResultOf,
  BETWAY,
  bettingDetail,
  bettingDetailOf,
  bettingHistory,
  messageIdOf,
  newBettingNo,
  postBet,
  specBetBody,
  SPORTYBET,
} from '../support/server-betting-fixtures';
import { transferUser } from '../support/server-transfer-fixtures';
import { history, newKey, operation, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { accountTotal, entriesOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const user = (cedis = 0, identified = true) => transferUser(t.app, db(), { cedis, identified });

describe('betting operators (GET api/Transaction/GetBettingOperators)', () => {
  it('lists the seeded operators of Ghana by name, each with its code', async () => {
    const u = await user();
    const response = await t.app.inject({
      method: 'GET',
      url: apiPaths.bettingOperators,
      headers: bearer(u.token),
    });
    const operators = envelope<BettingOperator[]>(response).data;
    expect(operators).toContainEqual(SPORTYBET);
    expect(operators).toContainEqual(BETWAY);
    expect(operators.length).toBeGreaterThanOrEqual(5);
    const names = operators.map((operator) => operator.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('InitiateBettingTransaction', () => {
  it('holds GH₵ 50 + 1% fee, answers pending with referenceNo and walletAmount, then posts it to the operator', async () => {
    const u = await user(100);
    const clearingBefore = await accountTotal(db(), 'clearing:betting:sportybet');
    const bettingNo = newBettingNo();
    const result = betResultOf(await postBet(t.app, u, betBody(u, 50, { bettingNo })));
    expect(result).toMatchObject({ status: 'pending', amount: 50, walletAmount: 49.5 });
    expect(result.referenceNo).toBe(result.referenceNumber);
    expect(await walletAmount(t.app, u)).toBe(49.5);

    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, result.referenceNo)).toMatchObject({
      status: 'Successful',
      walletAmount: 49.5,
    });
    expect(await entriesOf(db(), result.referenceNo)).toEqual({
      [`wallet:${u.userId}`]: -5050,
      'clearing:betting:sportybet': 5000,
      'revenue:fees': 50,
    });
    expect((await accountTotal(db(), 'clearing:betting:sportybet')) - clearingBefore).toBe(5000);

    expect(await bettingDetailOf(t.app, u, result.referenceNo)).toMatchObject({
      referenceNumber: result.referenceNo,
      senderName: u.fullName,
      sendAmount: 50,
      processingFee: 0.5,
      totalPay: 50.5,
      paymentMethod: 'Wallet',
      status: 'Successful',
      failureMessageId: null,
      operatorName: 'SportyBet Ghana',
      bettingNo,
      receiverPhoneNo: '0241234567',
    });
    const [row] = await history(t.app, u);
    expect(row).toMatchObject({
      kind: 'bet',
      actionType: 'Debit',
      amount: 50,
      counterparty: `SportyBet Ghana •••• ${bettingNo.slice(-4)}`,
    });
  });

  it('a betting number ending 000001 is refused by the operator: Failed betting.refused, the money comes back', async () => {
    const u = await user(100);
    const result = betResultOf(
      await postBet(t.app, u, betBody(u, 40, { bettingNo: newBettingNo('000001') })),
    );
    expect(result.walletAmount).toBe(59.6);
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, u, result.referenceNo)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'betting.refused',
      walletAmount: 100,
    });
    expect(await walletAmount(t.app, u)).toBe(100);
    expect(await entriesOf(db(), result.referenceNo)).toEqual({});
    expect(await bettingDetailOf(t.app, u, result.referenceNo)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'betting.refused',
    });
  });

  it('insufficient funds moves nothing: 400 walletPayment.notEnough (amount + fee counts), no bet recorded', async () => {
    const u = await user(50);
    const response = await postBet(t.app, u, betBody(u, 49.6));
    expect(response.statusCode, response.body).toBe(400);
    expect(messageIdOf(response)).toBe('walletPayment.notEnough');
    expect(await walletAmount(t.app, u)).toBe(50);
    expect((await bettingHistory(t.app, u)).total).toBe(0);
    // 49.50 + 0.50 is exactly the balance: paid.
    expect(betResultOf(await postBet(t.app, u, betBody(u, 49.5))).walletAmount).toBe(0);
  });

  it('is idempotent: a replay answers the first answer and pays once; another body with the key is a 409', async () => {
    const u = await user(100);
    const key = newKey();
    const body = betBody(u, 10);
    const first = betResultOf(await postBet(t.app, u, body, key));
    const again = betResultOf(await postBet(t.app, u, body, key));
    expect(again.referenceNo).toBe(first.referenceNo);
    expect(await walletAmount(t.app, u)).toBe(89.9);
    expect((await bettingHistory(t.app, u)).total).toBe(1);
    const conflict = await postBet(t.app, u, { ...body, sendAmount: 11 }, key);
    expect(conflict.statusCode).toBe(409);
    expect(messageIdOf(conflict)).toBe('idempotency.conflict');
  });

  it('answers every broken rule in order, and an unknown operator', async () => {
    const u = await user(100);
    const response = await postBet(
      t.app,
      u,
      betBody(u, 0, { operatorId: 0, bettingNo: '', receiverPhoneNo: '12' }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelope<ErrorData>(response).data.violations?.map((v) => [v.field, v.messageId])).toEqual([
      ['operatorId', 'betting.operatorRequired'],
      ['bettingNo', 'betting.numberRequired'],
      ['receiverPhoneNo', 'betting.phoneInvalid'],
      ['sendAmount', 'betting.amountInvalid'],
    ]);
    expect(envelope<ErrorData>(response).data.violations?.[3]?.message).toBe('Please Enter a valid Amount.');
    expect(messageIdOf(await postBet(t.app, u, betBody(u, 10, { bettingNo: '12ab' })))).toBe(
      'betting.numberInvalid',
    );
    expect(messageIdOf(await postBet(t.app, u, betBody(u, 0.99)))).toBe('betting.amountInvalid');
    expect(messageIdOf(await postBet(t.app, u, betBody(u, 100_000.01)))).toBe('amount.limit');
    const unknown = await postBet(t.app, u, betBody(u, 10, { operatorId: 999 }));
    expect(unknown.statusCode).toBe(400);
    expect(messageIdOf(unknown)).toBe('betting.operatorUnknown');
    expect(await walletAmount(t.app, u)).toBe(100);
  });

  it('needs an identification (403 identity.required), the token’s own userId (403) and an Idempotency-Key (400)', async () => {
    const unidentified = await user(0, false);
    const gate = await postBet(t.app, unidentified, betBody(unidentified, 10));
    expect(gate.statusCode).toBe(403);
    expect(messageIdOf(gate)).toBe('identity.required');

    const u = await user(100);
    const other = await user();
    const forbidden = await postBet(t.app, u, betBody(other, 10));
    expect(forbidden.statusCode).toBe(403);
    expect(messageIdOf(forbidden)).toBe('auth.forbidden');

    const noKey = await t.app.inject({
      method: 'POST',
      url: apiPaths.initiateBetting,
      headers: bearer(u.token),
      payload: betBody(u, 10),
    });
    expect(noKey.statusCode).toBe(400);
    expect(messageIdOf(noKey)).toBe('idempotency.keyRequired');
    expect(await walletAmount(t.app, u)).toBe(100);
  });
});

describe('the spec’s betting request as written (section 3: no operatorId)', () => {
  /** Makes `code` the default operator (none for null) for the duration of `work`, then SportyBet again. */
  const withDefaultOperator = async (code: string | null, work: () => Promise<void>) => {
    await db().execute(sql`update betting_operators set is_default = false where is_default`);
    if (code) await db().execute(sql`update betting_operators set is_default = true where code = ${code}`);
    try {
      await work();
    } finally {
      await db().execute(sql`update betting_operators set is_default = false where is_default`);
      await db().execute(sql`update betting_operators set is_default = true where code = ${SPORTYBET.code}`);
    }
  };

  it('pays the default operator (SportyBet Ghana) the server’s figures, and Betting Details names it', async () => {
    const u = await user(2400);
    const bettingNo = newBettingNo();
    const result = betResultOf(await postBet(t.app, u, specBetBody(u, bettingNo)));
    expect(result).toMatchObject({ status: 'pending', amount: 2300, walletAmount: 77 });
    await t.app.wallet.worker.runOnce();
    expect(await entriesOf(db(), result.referenceNo)).toEqual({
      [`wallet:${u.userId}`]: -232300,
      'clearing:betting:sportybet': 230000,
      'revenue:fees': 2300,
    });
    expect(await bettingDetailOf(t.app, u, result.referenceNo)).toMatchObject({
      operatorName: SPORTYBET.name,
      bettingNo,
      receiverPhoneNo: '0241234567',
      sendAmount: 2300,
      processingFee: 23,
      totalPay: 2323,
      status: 'Successful',
    });
    // The browser's fee and total are not what is charged: the server's 1% is.
    const cheap = betResultOf(
      await postBet(t.app, u, { ...specBetBody(u), sendAmount: 50, processingFee: 0, totalPay: 50 }),
    );
    expect(cheap).toMatchObject({ amount: 50, walletAmount: 26.5 });
  });

  it('pays the operator the database names as default, and without one asks for an operator', async () => {
    const u = await user(5000);
    await withDefaultOperator(BETWAY.code, async () => {
      const result = betResultOf(await postBet(t.app, u, specBetBody(u)));
      expect((await bettingDetailOf(t.app, u, result.referenceNo)).operatorName).toBe(BETWAY.name);
    });
    await withDefaultOperator(null, async () => {
      const refused = await postBet(t.app, u, specBetBody(u));
      expect(refused.statusCode).toBe(400);
      expect(envelope(refused).message).toBe('Please select a betting operator.');
    });
    // At most one default operator: the database refuses a second.
    await expect(
      db().execute(sql`update betting_operators set is_default = true where code = ${BETWAY.code}`),
    ).rejects.toThrow();
  });

  it('GetBettingTransactionByUserId answers data[] (newest first); the page and its total are on GetBettingHistoryPage', async () => {
    const u = await user(100);
    const references: string[] = [];
    for (const amount of [1, 2, 3])
      references.push(betResultOf(await postBet(t.app, u, betBody(u, amount))).referenceNo);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPaths.bettingHistory,
      query: { userId: String(u.userId) },
      headers: bearer(u.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = envelope<BettingHistoryRow[]>(response).data;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((row) => row.referenceNumber)).toEqual([...references].reverse());
    expect(rows[0]).toMatchObject({ senderName: u.fullName, paymentMethod: 'Wallet', sendAmount: 3 });
    expect(await bettingHistory(t.app, u, { pageSize: '2' })).toMatchObject({
      total: 3,
      page: 0,
      pageSize: 2,
    });
  });
});

describe('betting history and Betting Details', () => {
  it('pages the user’s bets newest first and searches by reference number', async () => {
    const u = await user(100);
    const references: string[] = [];
    for (let index = 0; index < 6; index += 1)
      references.push(betResultOf(await postBet(t.app, u, betBody(u, 1 + index))).referenceNo);
    const first = await bettingHistory(t.app, u, { page: '0', pageSize: '5' });
    expect(first.total).toBe(6);
    expect(first.rows.map((row) => row.referenceNumber)).toEqual(references.slice(1).reverse());
    expect(first.rows[0]).toMatchObject({
      senderName: u.fullName,
      paymentMethod: 'Wallet',
      sendAmount: 6,
      status: 'pending',
      operatorName: 'SportyBet Ghana',
    });
    const last = await bettingHistory(t.app, u, { page: '9', pageSize: '5' });
    expect(last.page).toBe(1);
    expect(last.rows.map((row) => row.referenceNumber)).toEqual([references[0]]);

    const wanted = references[2] as string;
    const found = await bettingHistory(t.app, u, { search: wanted.slice(-6).toLowerCase() });
    expect(found.rows.map((row) => row.referenceNumber)).toEqual([wanted]);
    expect((await bettingHistory(t.app, u, { search: '%' })).total).toBe(0);
  });

  it('BOLA: another user’s bet is a 404 like an unknown one, and is in no one else’s history', async () => {
    const owner = await user(100);
    const intruder = await user(100);
    const { referenceNo } = betResultOf(await postBet(t.app, owner, betBody(owner, 5)));
    const stolen = await bettingDetail(t.app, intruder, referenceNo);
    expect(stolen.statusCode).toBe(404);
    expect(messageIdOf(stolen)).toBe('betting.notFound');
    expect(messageIdOf(await bettingDetail(t.app, intruder, 'WNOPE'))).toBe('betting.notFound');
    expect((await bettingHistory(t.app, intruder, { search: referenceNo })).total).toBe(0);
    const theirs = await t.app.inject({
      method: 'GET',
      url: apiPaths.bettingHistory,
      query: { userId: String(owner.userId) },
      headers: bearer(intruder.token),
    });
    expect(theirs.statusCode).toBe(403);
    const operationOfOther = await t.app.inject({
      method: 'GET',
      url: apiPaths.walletOperation,
      query: { referenceNumber: referenceNo },
      headers: bearer(intruder.token),
    });
    expect(operationOfOther.statusCode).toBe(404);
  });

  it('a transfer’s reference is no bet', async () => {
    const u = await user(100);
    const topUps = await history(t.app, u);
    const reference = topUps[0]?.referenceNumber as string;
    expect((await bettingDetail(t.app, u, reference)).statusCode).toBe(404);
  });
});
