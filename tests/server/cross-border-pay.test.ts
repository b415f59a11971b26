import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { TransactionDetail, TransferQuote } from '../../src/contract/transfer';
import type { WalletOperationResult } from '../../src/contract/wallet';
import {
  COLLECTION_CODE_DIGITS,
  DELIVERY_METHOD_IDS,
  PAYMENT_METHOD_IDS,
} from '../../src/domain/cross-border';
import { queryRows } from '../../src/server/db/sql';
import { bearer, envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  countryIdOf,
  deleteBeneficiary,
  expireCart,
  initiate,
  newAccountNo,
  payNow,
  quoteFor,
  review,
  transactionDetail,
  transferRequest,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import {
  DECLINED_CARD,
  fundWallet,
  history,
  newKey,
  operation,
  VALID_CARD,
  walletAmount,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * PayNow of a cross-border cart by card (payment method 2) and by MoMo (payment method 1): the collection lands in
 * the wallet tied to the cart, then the cart's transfer debit pays out on the rail the delivery method decides.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const UNITED_STATES_ID = countryIdOf('US');

const dataOf = (response: { statusCode: number; body: string }, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return (JSON.parse(response.body) as { data: WalletOperationResult }).data;
};
const failureOf = (response: { statusCode: number; body: string }, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return (JSON.parse(response.body) as { data: ErrorData }).data.messageId;
};

/** Received in the United States, in dollars (issue 22: the receiving country decides the currency). */
const abroad = (paymentMethodId: number, deliveryMethodId: number) => ({
  currency: 'USD',
  receivingCountryId: UNITED_STATES_ID,
  paymentMethodId,
  deliveryMethodId,
});
/** Into an account in Ghana (a Ghanaian MoMo wallet or bank account is paid in Ghana, in cedis). */
const inGhana = (paymentMethodId: number, deliveryMethodId: number) => ({
  paymentMethodId,
  deliveryMethodId,
});

const cardFields = (quote: TransferQuote, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ama',
  lastName: 'Mensah',
  cardNumber: '4242 4242 4242 4242',
  cardExpiryMonth: 12,
  cardExpiryYear: new Date().getUTCFullYear() + 2,
  cardCVCNumber: '123',
  cardAmount: quote.totalPay,
  currency: 'GHS',
  isBankPayment: false,
  ...overrides,
});

const payByCard = (user: TransferUser, quote: TransferQuote, key = newKey(), overrides = {}) =>
  payNow(t.app, user, quote.guidId, key, {
    userId: user.userId,
    cartId: quote.guidId,
    ...cardFields(quote, overrides),
  });

const payByMomo = (user: TransferUser, quote: TransferQuote, key: string, phone = '0241234567') =>
  payNow(t.app, user, quote.guidId, key, {
    userId: user.userId,
    cartId: quote.guidId,
    momoPhone: phone,
    momoProvider: 'MTN',
  });

/** What the sandbox was asked to pay out for an operation. */
const payoutOf = async (reference: string) => {
  const [row] = await queryRows<{ rail: string; payout_currency: string; payout_minor: unknown }>(
    db(),
    sql`select rail, payout_currency, payout_minor from sandbox_requests where reference = ${reference}`,
  );
  return row ? { rail: row.rail, currency: row.payout_currency, minor: Number(row.payout_minor) } : null;
};

const operationsOfCart = async (cartId: string) =>
  queryRows<{ kind: string; status: string }>(
    db(),
    sql`select kind, status from wallet_operations where cart_id = ${cartId} or funding_cart_id = ${cartId}
        order by id`,
  );

/**
 * A user (funded with `cedis`), a beneficiary of the delivery method's kind, and a quote to it: a cash pick-up in
 * the United States (dollars); a MoMo or bank payout to the beneficiary's account in Ghana (cedis).
 */
const cartOf = async (
  paymentMethodId: number,
  { amount = 1000, deliveryMethodId = DELIVERY_METHOD_IDS.bankDeposit as number, cedis = 0 } = {},
) => {
  const user = await transferUser(t.app, db(), { cedis });
  const beneficiaryId =
    deliveryMethodId === DELIVERY_METHOD_IDS.bankDeposit
      ? await addBankBeneficiary(db(), user.userId)
      : await addMobileBeneficiary(db(), user.userId);
  const where = deliveryMethodId === DELIVERY_METHOD_IDS.cashPickup ? abroad : inGhana;
  const quote = await quoteFor(t.app, user, beneficiaryId, amount, where(paymentMethodId, deliveryMethodId));
  return { user, beneficiaryId, quote };
};

const bankCart = (paymentMethodId: number) => cartOf(paymentMethodId);
const cashCartAbroad = (paymentMethodId: number) =>
  cartOf(paymentMethodId, { deliveryMethodId: DELIVERY_METHOD_IDS.cashPickup });
const momoCart = (amount: number, deliveryMethodId: number = DELIVERY_METHOD_IDS.mobileWallet) =>
  cartOf(PAYMENT_METHOD_IDS.mobileWallet, { amount, deliveryMethodId });

describe('PayNow by card (payment method 2)', () => {
  it('charges the card the total, then pays the cash pick-up abroad out in the receive currency', async () => {
    const { user, quote } = await cashCartAbroad(PAYMENT_METHOD_IDS.card);
    expect(quote).toMatchObject({ paymentMethodId: 2, deliveryMethodId: 3, totalPay: 1010, currency: 'USD' });
    const result = dataOf(await payByCard(user, quote));
    expect(result).toMatchObject({ status: 'pending', amount: 1000, walletAmount: 0 });
    // The card's money went through the wallet: in with the collection, held by the transfer.
    expect(await walletAmount(t.app, user)).toBe(0);
    expect(await payoutOf(result.referenceNumber)).toEqual({
      rail: 'cash',
      currency: 'USD',
      minor: Math.round(quote.receiveAmount * 100),
    });
    await t.app.wallet.worker.runOnce();
    expect(await operation(t.app, user, result.referenceNumber)).toMatchObject({ status: 'Successful' });
    expect((await history(t.app, user)).map((row) => [row.kind, row.status])).toEqual([
      ['cash_pickup_transfer', 'Successful'],
      ['card_top_up', 'Successful'],
    ]);
    expect(await walletAmount(t.app, user)).toBe(0);
    // Paid: a second payment is refused, and the review says so.
    expect(failureOf(await payByCard(user, quote), 409)).toBe('transfer.alreadyPaid');
    expect(envelope<{ cartStatus: string }>(await review(t.app, user, quote.guidId)).data.cartStatus).toBe(
      'paid',
    );
  });

  it('a declined card moves no money: 402 with its message, nothing paid out, the cart can still be paid', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    const declined = await payByCard(user, quote, newKey(), { cardNumber: DECLINED_CARD });
    expect(failureOf(declined, 402)).toBe('card.declined');
    expect(await walletAmount(t.app, user)).toBe(0);
    expect(await operationsOfCart(quote.guidId)).toEqual([{ kind: 'card_top_up', status: 'Failed' }]);
    expect(envelope<{ cartStatus: string }>(await review(t.app, user, quote.guidId)).data.cartStatus).toBe(
      'open',
    );
    // Another card, another attempt (another key): paid.
    expect(dataOf(await payByCard(user, quote, newKey(), { cardNumber: VALID_CARD })).status).toBe('pending');
  });

  it('a repeat with the same key answers the same transfer and charges the card once', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    const key = newKey();
    const first = dataOf(await payByCard(user, quote, key));
    const again = dataOf(await payByCard(user, quote, key));
    expect(again.referenceNumber).toBe(first.referenceNumber);
    expect(await operationsOfCart(quote.guidId)).toHaveLength(2);
  });

  it('two card payments of one cart at once (two keys): one charge, one transfer, the other a 409', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    const answers = await Promise.all([payByCard(user, quote), payByCard(user, quote)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await operationsOfCart(quote.guidId)).toEqual([
      { kind: 'card_top_up', status: 'Successful' },
      { kind: 'bank_transfer', status: 'pending' },
    ]);
  });

  it('takes the card variant of spec section 3 as written (no name on the card); a declined one moves nothing', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    // Exactly the fields of section 3: userId, cartId and the card variant's seven.
    const specCard = (cardNumber: string) => ({
      userId: user.userId,
      cartId: quote.guidId,
      cardNumber,
      cardExpiryYear: new Date().getUTCFullYear() + 2,
      cardExpiryMonth: 12,
      cardCVCNumber: '123',
      cardAmount: quote.totalPay,
      currency: 'GHS',
      isBankPayment: false,
    });
    // A name that is sent is still the card form's: letters only.
    const badName = { ...specCard(VALID_CARD), firstName: 'Ama1', lastName: 'Mensah' };
    expect(failureOf(await payNow(t.app, user, quote.guidId, newKey(), badName), 400)).toBe(
      'card.firstName.letters',
    );
    const declined = await payNow(t.app, user, quote.guidId, newKey(), specCard(DECLINED_CARD));
    expect(failureOf(declined, 402)).toBe('card.declined');
    expect(envelope<ErrorData>(declined).message).toBe('Your card was declined. No money was taken.');
    expect(await operationsOfCart(quote.guidId)).toEqual([{ kind: 'card_top_up', status: 'Failed' }]);
    expect(await walletAmount(t.app, user)).toBe(0);

    const paid = dataOf(await payNow(t.app, user, quote.guidId, newKey(), specCard(VALID_CARD)));
    expect(paid).toMatchObject({ status: 'pending', amount: 1000, walletAmount: 0 });
    expect(await operationsOfCart(quote.guidId)).toEqual([
      { kind: 'card_top_up', status: 'Failed' },
      { kind: 'card_top_up', status: 'Successful' },
      { kind: 'bank_transfer', status: 'pending' },
    ]);
  });

  it('refuses a card for a cart of another method, the wallet for a card cart, and a changed total', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.mobileWallet);
    expect(failureOf(await payByCard(user, quote), 400)).toBe('payment.methodMismatch');
    const card = await bankCart(PAYMENT_METHOD_IDS.card);
    await fundWallet(t.app, card.user, 2000);
    expect(failureOf(await payNow(t.app, card.user, card.quote.guidId), 400)).toBe('payment.methodMismatch');
    expect(failureOf(await payByCard(card.user, card.quote, newKey(), { cardAmount: 1000 }), 409)).toBe(
      'payment.amountChanged',
    );
    expect(failureOf(await payByCard(card.user, card.quote, newKey(), { cardCVCNumber: '12' }), 400)).toBe(
      'card.cvc',
    );
    expect(await operationsOfCart(card.quote.guidId)).toEqual([]);
    expect(await walletAmount(t.app, card.user)).toBe(2000);
  });
});

describe('PayNow by MoMo (payment method 1)', () => {
  it('is pending until the payer approves, then the transfer runs; a repeat with the key follows it', async () => {
    const { user, quote } = await momoCart(200);
    const key = newKey();
    const waiting = dataOf(await payByMomo(user, quote, key), 202);
    expect(waiting).toMatchObject({ status: 'pending', amount: 202 });
    expect(dataOf(await payByMomo(user, quote, key), 202).referenceNumber).toBe(waiting.referenceNumber);
    await t.app.wallet.worker.runOnce();
    const paid = dataOf(await payByMomo(user, quote, key));
    expect(paid.referenceNumber).not.toBe(waiting.referenceNumber);
    expect(await payoutOf(paid.referenceNumber)).toMatchObject({ rail: 'momo', currency: 'GHS' });
    expect((await history(t.app, user)).map((row) => row.kind)).toEqual(['momo_transfer', 'momo_top_up']);
  });

  it('is paid out by the worker when the browser stopped asking', async () => {
    const { user, quote } = await momoCart(300, DELIVERY_METHOD_IDS.bankDeposit);
    dataOf(await payByMomo(user, quote, newKey()), 202);
    await t.app.wallet.worker.runOnce();
    expect(await operationsOfCart(quote.guidId)).toEqual([
      { kind: 'momo_top_up', status: 'Successful' },
      { kind: 'bank_transfer', status: 'pending' },
    ]);
    await t.app.wallet.worker.runOnce();
    expect((await operationsOfCart(quote.guidId)).at(-1)?.status).toBe('Successful');
  });

  it('a payer who approves after the quote expired is paid out at the quote charged (issue 21)', async () => {
    const { user, quote } = await momoCart(300, DELIVERY_METHOD_IDS.bankDeposit);
    dataOf(await payByMomo(user, quote, newKey()), 202);
    await expireCart(db(), quote.guidId);
    await t.app.wallet.worker.runOnce();
    expect(await operationsOfCart(quote.guidId)).toEqual([
      { kind: 'momo_top_up', status: 'Successful' },
      { kind: 'bank_transfer', status: 'pending' },
    ]);
  });

  it('a beneficiary deleted before the approval: the money stays in the wallet, nothing is paid out (issue 21)', async () => {
    const { user, beneficiaryId, quote } = await momoCart(300, DELIVERY_METHOD_IDS.bankDeposit);
    const key = newKey();
    dataOf(await payByMomo(user, quote, key), 202);
    await deleteBeneficiary(db(), beneficiaryId);
    await t.app.wallet.worker.runOnce();
    expect(failureOf(await payByMomo(user, quote, key), 409)).toBe('payment.fundsInWallet');
    await t.app.wallet.worker.runOnce();
    expect(await operationsOfCart(quote.guidId)).toEqual([{ kind: 'momo_top_up', status: 'Successful' }]);
    expect(await walletAmount(t.app, user)).toBe(quote.totalPay);
  });

  it('a payer who rejects the request moves no money', async () => {
    const { user, quote } = await momoCart(200);
    const key = newKey();
    dataOf(await payByMomo(user, quote, key, '0240000001'), 202);
    await t.app.wallet.worker.runOnce();
    expect(failureOf(await payByMomo(user, quote, key, '0240000001'), 402)).toBe('topUp.momoRejected');
    await t.app.wallet.worker.runOnce();
    expect(await operationsOfCart(quote.guidId)).toEqual([{ kind: 'momo_top_up', status: 'Failed' }]);
    expect(await walletAmount(t.app, user)).toBe(0);
  });

  it("refuses a payer's number that is not one", async () => {
    const { user, quote } = await momoCart(50);
    expect(failureOf(await payByMomo(user, quote, newKey(), '12'), 400)).toBe('payment.momoPayerPhone');
  });
});

describe('Cash pick-up and delivery methods', () => {
  it('pays a cash pick-up out through the cash partner; the receipt shows the collection code', async () => {
    const { user, quote } = await cartOf(PAYMENT_METHOD_IDS.walletBalance, {
      amount: 500,
      deliveryMethodId: DELIVERY_METHOD_IDS.cashPickup,
      cedis: 600,
    });
    const result = dataOf(await payNow(t.app, user, quote.guidId));
    expect(await payoutOf(result.referenceNumber)).toMatchObject({ rail: 'cash', currency: 'USD' });
    await t.app.wallet.worker.runOnce();
    const receipt = envelope<TransactionDetail>(
      await transactionDetail(t.app, user, result.referenceNumber),
    ).data;
    expect(receipt.collectionCode).toMatch(new RegExp(`^\\d{${COLLECTION_CODE_DIGITS}}$`));
    expect(receipt).toMatchObject({ deliveryMethod: 'Cash Pickup', status: 'Successful' });
    expect((await history(t.app, user))[0]?.kind).toBe('cash_pickup_transfer');
  });

  it('a delivery method must suit the beneficiary, and abroad be a cross-border one', async () => {
    const user = await transferUser(t.app, db());
    const mobile = await addMobileBeneficiary(db(), user.userId);
    const bank = await addBankBeneficiary(db(), user.userId, newAccountNo());
    const violations = async (beneficiaryId: number, overrides: object) => {
      const response = await initiate(t.app, user, transferRequest(user, beneficiaryId, 20, overrides));
      return failureOf(response, 400);
    };
    expect(await violations(mobile, { deliveryMethodId: DELIVERY_METHOD_IDS.bankDeposit })).toBe(
      'delivery.needsBankBeneficiary',
    );
    expect(await violations(bank, { deliveryMethodId: DELIVERY_METHOD_IDS.mobileWallet })).toBe(
      'delivery.needsMobileBeneficiary',
    );
    expect(await violations(bank, { deliveryMethodId: DELIVERY_METHOD_IDS.cashPickup })).toBe(
      'delivery.cashPickupNeedsPhone',
    );
    expect(await violations(mobile, { ...abroad(1, DELIVERY_METHOD_IDS.wallet) })).toBe(
      'transfer.deliveryMethodRequired',
    );
  });
});

describe('Carts: BOLA, expiry, keys', () => {
  it("another user's cart is a 404 for every payment way, and nothing is charged", async () => {
    const { quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    const thief = await transferUser(t.app, db(), { cedis: 2000 });
    expect(failureOf(await payByCard(thief, quote), 404)).toBe('transfer.cartNotFound');
    expect(failureOf(await payByMomo(thief, quote, newKey()), 404)).toBe('transfer.cartNotFound');
    expect(failureOf(await payNow(t.app, thief, quote.guidId), 404)).toBe('transfer.cartNotFound');
    expect(failureOf(await review(t.app, thief, quote.guidId), 404)).toBe('transfer.cartNotFound');
    expect(await operationsOfCart(quote.guidId)).toEqual([]);
    expect(await walletAmount(t.app, thief)).toBe(2000);
  });

  it('an expired quote is a 410 and charges nothing; initiating again with the same details quotes afresh', async () => {
    const { user, beneficiaryId, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    await expireCart(db(), quote.guidId);
    expect(failureOf(await payByCard(user, quote), 410)).toBe('transfer.quoteExpired');
    expect(await operationsOfCart(quote.guidId)).toEqual([]);
    // The same details again: what the screen does to offer a fresh quote at the rate of now.
    const again = inGhana(PAYMENT_METHOD_IDS.card, DELIVERY_METHOD_IDS.bankDeposit);
    const fresh = await quoteFor(t.app, user, beneficiaryId, 1000, again);
    expect(fresh.guidId).not.toBe(quote.guidId);
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now());
    expect(dataOf(await payByCard(user, fresh)).status).toBe('pending');
  });

  it('needs an Idempotency-Key', async () => {
    const { user, quote } = await bankCart(PAYMENT_METHOD_IDS.card);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.payNow,
      headers: bearer(user.token),
      payload: { userId: user.userId, cartId: quote.guidId, ...cardFields(quote) },
    });
    expect(failureOf(response, 400)).toBe('idempotency.keyRequired');
  });
});
