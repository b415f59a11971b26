import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { TransactionHistoryRow } from '../../src/contract/transfer';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { CartAlreadyPaidError } from '../../src/server/ledger/errors';
import { bearer, envelope } from '../support/server-helpers';
import {
  cashPickupIn,
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  deleteBeneficiary,
  expireCart,
  newAccountNo,
  newPhone,
  payNow,
  quoteFor,
  transferUser,
  verifyPhone,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { fundWallet, history, newKey, operation, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { entriesOf, keyFor, refusal } from '../support/server-wallet-ledger';
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

const resultOf = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: WalletOperationResult }).data;
};

const messageIdOf = (response: { body: string }) =>
  (JSON.parse(response.body) as { data: ErrorData }).data.messageId;

/** A funded user and an open cart of `amount` to a new MoMo beneficiary (number ending as given). */
const momoCart = async (cedis: number, amount: number, ending = '') => {
  const user = await transferUser(t.app, db(), { cedis });
  const beneficiaryId = await addMobileBeneficiary(db(), user.userId, newPhone(ending));
  const quote = await quoteFor(t.app, user, beneficiaryId, amount);
  return { user, beneficiaryId, quote };
};

const transactions = async (user: TransferUser): Promise<TransactionHistoryRow[]> => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.transactionHistory,
    query: { userId: String(user.userId) },
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<TransactionHistoryRow[]>(response).data;
};

describe('PayNow through a rail: hold amount + fee, pay out, then post or release', () => {
  it('pays a MoMo beneficiary: pending with the hold, then Successful once the worker hears the payout', async () => {
    const { user, quote } = await momoCart(500, 250);
    const result = resultOf(await payNow(t.app, user, quote.guidId));
    expect(result).toMatchObject({
      status: 'pending',
      amount: 250,
      walletAmount: 247.5,
      failureMessageId: null,
    });
    expect(await walletAmount(t.app, user)).toBe(247.5);
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, user, result.referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 247.5,
    });
    expect(await entriesOf(db(), result.referenceNumber)).toEqual({
      [`wallet:${user.userId}`]: -25_250,
      'payout:momo:MTN': 25_000,
      'revenue:fees': 250,
    });
    const [row] = await history(t.app, user);
    expect(row).toMatchObject({
      kind: 'momo_transfer',
      actionType: 'Debit',
      amount: 250,
      status: 'Successful',
      referenceNumber: result.referenceNumber,
      description: expect.stringMatching(/^Transfer to MoMo \(Kofi Boateng, MTN •••• \d{4}\)$/),
    });
  });

  it('pays a bank beneficiary through the bank rail', async () => {
    const user = await transferUser(t.app, db(), { cedis: 300 });
    const beneficiaryId = await addBankBeneficiary(db(), user.userId, '0123456789');
    const quote = await quoteFor(t.app, user, beneficiaryId, 120, {
      deliveryMethodId: BANK_DEPOSIT_DELIVERY,
    });
    const result = resultOf(await payNow(t.app, user, quote.guidId));
    expect(result).toMatchObject({ status: 'pending', walletAmount: 178.8 });
    await t.app.wallet.worker.runOnce();
    expect((await operation(t.app, user, result.referenceNumber)).status).toBe('Successful');
    expect(await entriesOf(db(), result.referenceNumber)).toEqual({
      [`wallet:${user.userId}`]: -12_120,
      'payout:bank:13': 12_000,
      'revenue:fees': 120,
    });
    expect((await history(t.app, user))[0]?.description).toBe(
      'Transfer to bank (Efua Owusu, GCB Bank •••• 6789)',
    );
  });

  it('a failed payout (number or account ending 000001) releases the hold: Failed transfer.payoutFailed', async () => {
    const { user, quote } = await momoCart(100, 40, '000001');
    const bankId = await addBankBeneficiary(db(), user.userId, newAccountNo('000001'));
    const bankQuote = await quoteFor(t.app, user, bankId, 30, { deliveryMethodId: BANK_DEPOSIT_DELIVERY });
    const momo = resultOf(await payNow(t.app, user, quote.guidId));
    const bank = resultOf(await payNow(t.app, user, bankQuote.guidId));
    expect(bank.walletAmount).toBe(100 - 40.4 - 30.3);
    await t.app.wallet.worker.runOnce();
    for (const reference of [momo.referenceNumber, bank.referenceNumber]) {
      expect(await operation(t.app, user, reference)).toMatchObject({
        status: 'Failed',
        failureMessageId: 'transfer.payoutFailed',
        walletAmount: 100,
      });
      expect(await entriesOf(db(), reference)).toEqual({});
    }
    expect(await walletAmount(t.app, user)).toBe(100);
    expect((await transactions(user)).map((row) => row.status)).toEqual(['Failed', 'Failed']);
  });

  it('the worker follows a payout whose callback is lost: polling finds the outcome', async () => {
    const { user, quote } = await momoCart(100, 20);
    const result = resultOf(await payNow(t.app, user, quote.guidId));
    // The rail decided, but its callback never came.
    await db().execute(
      sql`update sandbox_requests set status = 'succeeded', callback_sent_at = now() where reference = ${result.referenceNumber}`,
    );
    await t.app.wallet.provider.tick?.();
    expect((await operation(t.app, user, result.referenceNumber)).status).toBe('pending');
    await t.app.wallet.worker.runOnce({ minAgeMs: 0 });
    expect(await operation(t.app, user, result.referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 100 - 20.2,
    });
  });

  it('more than the wallet holds (amount + fee) is a 400 walletPayment.notEnough; the cart stays open', async () => {
    const { user, quote } = await momoCart(50, 49.6);
    const key = newKey();
    const refused = await payNow(t.app, user, quote.guidId, key);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(envelope<ErrorData>(refused).data).toEqual({
      messageId: 'walletPayment.notEnough',
      violations: [
        { field: 'amount', messageId: 'walletPayment.notEnough', message: 'Not enough funds in the wallet' },
      ],
    });
    // The refusal is that key's answer; after a top-up a new attempt (a new key) pays the same cart.
    await fundWallet(t.app, user, 1);
    const again = await payNow(t.app, user, quote.guidId, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused.json());
    expect(resultOf(await payNow(t.app, user, quote.guidId)).walletAmount).toBe(0.9);
  });
});

describe('PayNow on-us: a MoMo number that is another user’s verified phone', () => {
  it('moves the money wallet to wallet at once; the receiver sees the credit and who sent it', async () => {
    const receiver = await transferUser(t.app, db(), { firstName: 'Yaw', lastName: 'Darko' });
    const phone = newPhone();
    await verifyPhone(db(), receiver.userId, phone);
    const sender = await transferUser(t.app, db(), {
      cedis: 500,
      firstName: 'Ama',
      middleName: 'Serwaa',
      lastName: 'Mensah',
    });
    const beneficiaryId = await addMobileBeneficiary(db(), sender.userId, phone, {
      firstName: 'Yaw',
      lastName: 'D',
    });
    const quote = await quoteFor(t.app, sender, beneficiaryId, 120);
    const result = resultOf(await payNow(t.app, sender, quote.guidId));
    expect(result).toMatchObject({ status: 'Successful', amount: 120, walletAmount: 378.8 });
    expect(await walletAmount(t.app, receiver)).toBe(120);
    expect(await entriesOf(db(), result.referenceNumber)).toEqual({
      [`wallet:${sender.userId}`]: -12_120,
      [`wallet:${receiver.userId}`]: 12_000,
      'revenue:fees': 120,
    });
    expect((await history(t.app, sender))[0]).toMatchObject({
      kind: 'wallet_transfer',
      description: 'Transfer to wallet (Yaw D)',
      status: 'Successful',
    });
    expect(await history(t.app, receiver)).toEqual([
      {
        id: expect.any(Number),
        amount: 120,
        fee: 0,
        actionType: 'Credit',
        description: 'Transfer from wallet (Ama Serwaa Mensah)',
        kind: 'wallet_transfer_received',
        counterparty: 'Ama Serwaa Mensah',
        status: 'Successful',
        failureMessageId: null,
        referenceNumber: `${result.referenceNumber}-R`,
        date: expect.any(String),
      },
    ]);
    expect(await transactions(receiver)).toEqual([
      {
        id: expect.any(Number),
        senderName: 'Ama Serwaa Mensah',
        receiverName: 'Yaw Darko',
        referenceNumber: result.referenceNumber,
        sendAmount: 120,
        fee: 0,
        status: 'Successful',
        direction: 'received',
        receiveAmount: 120,
        currency: 'GHS',
        date: expect.any(String),
      },
    ]);
    expect((await transactions(sender))[0]).toMatchObject({
      senderName: 'Ama Serwaa Mensah',
      receiverName: 'Yaw D',
      direction: 'sent',
      status: 'Successful',
    });
    // Nothing waits for a rail.
    expect(await t.app.wallet.provider.status(result.referenceNumber)).toEqual({ status: 'unknown' });
  });

  it('is a rail payout when the number is not verified, is the sender’s own, or the transfer is abroad', async () => {
    const sender = await transferUser(t.app, db(), { cedis: 500 });
    const other = await transferUser(t.app, db());
    const own = newPhone();
    await verifyPhone(db(), sender.userId, own);
    const verified = newPhone();
    await verifyPhone(db(), other.userId, verified);
    const cases = [
      { phone: newPhone(), overrides: {}, kind: 'momo_transfer' },
      { phone: own, overrides: {}, kind: 'momo_transfer' },
      // Abroad (issue 22: collected in cash in the receiving country), never wallet to wallet.
      {
        phone: verified,
        overrides: { ...cashPickupIn('US', 'USD'), paymentMethodId: 1 },
        kind: 'cash_pickup_transfer',
      },
    ];
    for (const { phone, overrides, kind } of cases) {
      const beneficiaryId = await addMobileBeneficiary(db(), sender.userId, phone);
      const quote = await quoteFor(t.app, sender, beneficiaryId, 10, overrides);
      const result = resultOf(await payNow(t.app, sender, quote.guidId));
      expect(result.status, phone).toBe('pending');
      expect((await history(t.app, sender))[0]?.kind).toBe(kind);
    }
    expect(await walletAmount(t.app, other)).toBe(0);
  });

  it('is refused, moving nothing, when the sender cannot cover amount + fee', async () => {
    const receiver = await transferUser(t.app, db());
    const phone = newPhone();
    await verifyPhone(db(), receiver.userId, phone);
    const sender = await transferUser(t.app, db(), { cedis: 100 });
    const quote = await quoteFor(t.app, sender, await addMobileBeneficiary(db(), sender.userId, phone), 99.5);
    const response = await payNow(t.app, sender, quote.guidId);
    expect(response.statusCode).toBe(400);
    expect(messageIdOf(response)).toBe('walletPayment.notEnough');
    expect(await walletAmount(t.app, sender)).toBe(100);
    expect(await history(t.app, receiver)).toEqual([]);
  });
});

describe('a cart is paid exactly once', () => {
  it('the same key replays the first answer and moves money once; another body with it is a 409', async () => {
    const { user, quote } = await momoCart(100, 10);
    const key = newKey();
    const first = await payNow(t.app, user, quote.guidId, key);
    const again = await payNow(t.app, user, quote.guidId, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await walletAmount(t.app, user)).toBe(89.9);
    // Even once the quote has expired, a repeat of the request that paid it replays its answer.
    await expireCart(db(), quote.guidId);
    expect((await payNow(t.app, user, quote.guidId, key)).json()).toEqual(first.json());
    const other = await quoteFor(t.app, user, await addMobileBeneficiary(db(), user.userId), 5);
    const conflict = await payNow(t.app, user, other.guidId, key);
    expect(conflict.statusCode).toBe(409);
    expect(messageIdOf(conflict)).toBe('idempotency.conflict');
    expect((await history(t.app, user)).filter((row) => row.kind === 'momo_transfer')).toHaveLength(1);
  });

  it('another key on a paid cart is a 409 transfer.alreadyPaid', async () => {
    const { user, quote } = await momoCart(100, 10);
    resultOf(await payNow(t.app, user, quote.guidId));
    const second = await payNow(t.app, user, quote.guidId);
    expect(second.statusCode).toBe(409);
    expect(messageIdOf(second)).toBe('transfer.alreadyPaid');
    expect(await walletAmount(t.app, user)).toBe(89.9);
  });

  it('copies sent at once: with one key they all get the one answer; with several keys one pays, the rest 409', async () => {
    const { user, quote } = await momoCart(100, 10);
    const key = newKey();
    const sameKey = await Promise.all(
      Array.from({ length: 4 }, () => payNow(t.app, user, quote.guidId, key)),
    );
    for (const response of sameKey) expect(response.json()).toEqual(sameKey[0]?.json());
    expect(sameKey[0]?.statusCode).toBe(200);

    const next = await quoteFor(t.app, user, await addMobileBeneficiary(db(), user.userId), 10);
    const keys = await Promise.all(Array.from({ length: 4 }, () => payNow(t.app, user, next.guidId)));
    expect(keys.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await walletAmount(t.app, user)).toBe(100 - 2 * 10.1);
  });

  it('is enforced by the database: the ledger refuses a second operation on a cart, whatever the route checked', async () => {
    const { user, quote } = await momoCart(100, 10);
    const draft = {
      kind: 'momo_transfer' as const,
      amountMinor: 1_000,
      feeMinor: 10,
      cartId: quote.guidId,
      counterparty: { rail: 'momo' as const, label: 'x', network: 'MTN', lastFour: '0000' },
    };
    const move = () =>
      t.app.wallet.service.move({
        idempotency: keyFor(user.userId),
        draft,
        callProvider: async () => ({ status: 'pending' }),
        insufficientFunds: refusal,
      });
    expect((await move()).statusCode).toBe(200);
    await expect(move()).rejects.toBeInstanceOf(CartAlreadyPaidError);
    expect(await walletAmount(t.app, user)).toBe(89.9);
  });
});

describe('PayNow refuses what it must not pay', () => {
  it("another user's cart is a 404 transfer.cartNotFound, and nothing moves", async () => {
    const { quote } = await momoCart(100, 10);
    const attacker = await transferUser(t.app, db(), { cedis: 100 });
    const response = await payNow(t.app, attacker, quote.guidId);
    expect(response.statusCode).toBe(404);
    expect(messageIdOf(response)).toBe('transfer.cartNotFound');
    expect(await walletAmount(t.app, attacker)).toBe(100);
  });

  it("another user's userId in the body is a 403", async () => {
    const { user, quote } = await momoCart(100, 10);
    const attacker = await transferUser(t.app, db());
    const response = await payNow(t.app, attacker, quote.guidId, newKey(), {
      userId: user.userId,
      cartId: quote.guidId,
    });
    expect(response.statusCode).toBe(403);
    expect(await walletAmount(t.app, user)).toBe(100);
  });

  it('an expired quote is a 410 transfer.quoteExpired', async () => {
    const { user, quote } = await momoCart(100, 10);
    await expireCart(db(), quote.guidId);
    const response = await payNow(t.app, user, quote.guidId);
    expect(response.statusCode).toBe(410);
    expect(messageIdOf(response)).toBe('transfer.quoteExpired');
    expect(await walletAmount(t.app, user)).toBe(100);
  });

  it('a beneficiary deleted since the transfer was initiated is a 404 beneficiary.notFound', async () => {
    const { user, beneficiaryId, quote } = await momoCart(100, 10);
    await deleteBeneficiary(db(), beneficiaryId);
    const response = await payNow(t.app, user, quote.guidId);
    expect(response.statusCode).toBe(404);
    expect(messageIdOf(response)).toBe('beneficiary.notFound');
  });

  it('without an identification it is a 403 identity.required (the gate of every money-moving POST)', async () => {
    const user = await transferUser(t.app, db(), { identified: false });
    const response = await payNow(t.app, user, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(403);
    expect(messageIdOf(response)).toBe('identity.required');
  });

  it.each([
    ['no Idempotency-Key', 'idempotency.keyRequired', null, undefined],
    ['a cart id that is not a uuid', 'request.invalid', 'k', { cartId: 'cart-1' }],
    ['no cart id', 'request.invalid', 'k', {}],
    ['a text userId', 'auth.forbidden', 'k', { userId: 'me' }],
  ])('bad input (%s) is answered with %s', async (_, messageId, key, payload) => {
    const user = await transferUser(t.app, db());
    const response = await payNow(
      t.app,
      user,
      '00000000-0000-4000-8000-000000000000',
      key === null ? null : `${key}-${user.userId}`,
      payload === undefined ? undefined : { userId: user.userId, ...payload },
    );
    expect(response.statusCode).toBe(messageId === 'auth.forbidden' ? 403 : 400);
    expect(messageIdOf(response)).toBe(messageId);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: apiPaths.payNow, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
