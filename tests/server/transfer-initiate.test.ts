import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { TransferReview } from '../../src/contract/transfer';
import { QUOTE_VALIDITY_MS, transferSubmitViolations } from '../../src/domain/transfer';
import { runRatesCommand } from '../../scripts/rates-command';
import { deliveryMethods, transferCarts } from '../../src/server/db/schema';
import { envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  cashPickupIn,
  countryIdOf,
  deleteBeneficiary,
  DISABLED_DELIVERY,
  expireCart,
  initiate,
  payNow,
  quoteFor,
  review,
  transferRequest,
  transferUser,
} from '../support/server-transfer-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => t?.close());

const db = () => t.database.db;

const violationsOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { data: ErrorData }).data.violations?.map((violation) => violation.messageId);
};

describe('InitiateTransfer: the quote', () => {
  it('answers 201 with the cart id, the 1% fee, the total and the receive amount of a local transfer', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const before = Date.now();
    const response = await initiate(t.app, user, transferRequest(user, beneficiaryId, 250));
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = envelope<Record<string, unknown>>(response);
    expect(message).toBe('OK');
    expect(data).toEqual({
      guidId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sendAmount: 250,
      processingFee: 2.5,
      totalPay: 252.5,
      sendCurrency: 'GHS',
      currency: 'GHS',
      receiveAmount: 250,
      rate: '1',
      expiresAt: expect.any(String),
      beneficiaryId,
      paymentMethodId: 4,
      deliveryMethodId: 1,
      couponCode: null,
      couponDiscount: 0,
    });
    const expiresAt = Date.parse(data.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + QUOTE_VALIDITY_MS - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + QUOTE_VALIDITY_MS + 5_000);
  });

  it('converts abroad with the rate table, rounding the receive amount down; the fee is on the GHS amount', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const abroad = { ...cashPickupIn('GB', 'GBP'), paymentMethodId: 1 };
    // 12,345 pesewas x 0.0645 = 796.2525 pence: 796.
    expect(await quoteFor(t.app, user, beneficiaryId, 123.45, abroad)).toMatchObject({
      sendAmount: 123.45,
      processingFee: 1.23,
      totalPay: 124.68,
      currency: 'GBP',
      receiveAmount: 7.96,
      rate: '0.0645',
    });
    expect(
      await quoteFor(t.app, user, beneficiaryId, 1000, { ...abroad, ...cashPickupIn('US', 'USD') }),
    ).toMatchObject({
      receiveAmount: 80,
      rate: '0.08',
      totalPay: 1010,
    });
  });

  it('locks the rate: a rate set after the transfer was initiated changes new quotes, not the cart', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const abroad = { ...cashPickupIn('ZA', 'ZAR'), paymentMethodId: 1 };
    const quote = await quoteFor(t.app, user, beneficiaryId, 100, abroad);
    expect(quote).toMatchObject({ rate: '1.456', receiveAmount: 145.6 });
    expect((await runRatesCommand(db(), ['set', 'ZAR', '1.5'], 'test')).exitCode).toBe(0);
    const again = await review(t.app, user, quote.guidId);
    expect(envelope<TransferReview>(again).data).toMatchObject({ rate: '1.456', receiveAmount: 145.6 });
    expect(await quoteFor(t.app, user, beneficiaryId, 100, abroad)).toMatchObject({
      rate: '1.5',
      receiveAmount: 150,
    });
    await runRatesCommand(db(), ['set', 'ZAR', '1.456'], 'test');
  });

  it('ignores the fee, total and receive amount the browser sends: the server computes them', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    expect(
      await quoteFor(t.app, user, beneficiaryId, 10.5, { processingFee: 0, totalPay: 1, receiveAmount: 99 }),
    ).toMatchObject({ processingFee: 0.11, totalPay: 10.61, receiveAmount: 10.5 });
  });
});

describe('InitiateTransfer: the seven rules of spec section 5, in order', () => {
  it('answers every broken rule at once, in the spec order, identification last (from the database)', async () => {
    const user = await transferUser(t.app, db(), { identified: false });
    const response = await initiate(t.app, user, {
      sendAmount: 0,
      currency: 'USD',
      receivingCountryId: countryIdOf('US'),
      senderId: user.userId,
      paymentMethodId: 0,
      beneficiaryId: 0,
      deliveryMethodId: 0,
      transactionPurposeId: 0,
    });
    expect(violationsOf(response)).toEqual([
      'transfer.purposeRequired',
      'transfer.beneficiaryRequired',
      'transfer.amountInvalid',
      'transfer.paymentMethodRequired',
      'transfer.deliveryMethodRequired',
      'identity.required',
    ]);
    const body = envelope<ErrorData>(response);
    expect(body.message).toBe('Please select a purpose of transfer.');
    expect(body.data.violations?.[5]).toEqual({
      field: 'identification',
      messageId: 'identity.required',
      message: 'Please validate your identity to continue transaction',
    });
  });

  it.each([
    ['purpose', { transactionPurposeId: 0 }, false],
    ['beneficiary', { beneficiaryId: 0 }, false],
    ['amount 0', { sendAmount: 0 }, false],
    ['negative amount', { sendAmount: -5 }, false],
    ['amount under the GH₵ 1 floor', { sendAmount: 0.99 }, false],
    ['local limit', { sendAmount: 100_000 }, false],
    ['abroad limit', { sendAmount: 200_000, ...cashPickupIn('US', 'USD'), paymentMethodId: 1 }, false],
    ['payment method abroad', { ...cashPickupIn('NG', 'NGN'), paymentMethodId: 0 }, false],
    ['delivery method', { deliveryMethodId: 0 }, false],
    ['identification', {}, true],
  ])('%s: a 400 with exactly the rule the domain names', async (_, overrides, withoutIdentification) => {
    const user = await transferUser(t.app, db(), { identified: !withoutIdentification });
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const request = transferRequest(user, beneficiaryId, 50, overrides);
    const expected = transferSubmitViolations({
      transactionPurposeId: request.transactionPurposeId,
      beneficiaryId: request.beneficiaryId,
      sendAmountMinor: Math.round(request.sendAmount * 100),
      receiveCurrency: request.currency,
      paymentMethodId: request.paymentMethodId,
      deliveryMethodId: request.deliveryMethodId,
      hasIdentification: !withoutIdentification,
    }).map((violation) => violation.messageId);
    expect(expected).toHaveLength(1);
    expect(violationsOf(await initiate(t.app, user, request))).toEqual(expected);
  });

  it('takes amounts up to the limits: 99,999.99 local, 199,999.99 abroad; the limits themselves are refused', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const abroad = { ...cashPickupIn('US', 'USD'), paymentMethodId: 1 };
    expect(await quoteFor(t.app, user, beneficiaryId, 99_999.99)).toMatchObject({
      processingFee: 1000,
      totalPay: 100_999.99,
    });
    expect(violationsOf(await initiate(t.app, user, transferRequest(user, beneficiaryId, 100_000)))).toEqual([
      'amount.limit',
    ]);
    expect(await quoteFor(t.app, user, beneficiaryId, 199_999.99, abroad)).toMatchObject({
      processingFee: 2000,
      totalPay: 201_999.99,
      receiveAmount: 15_999.99,
    });
    expect(
      violationsOf(await initiate(t.app, user, transferRequest(user, beneficiaryId, 200_000, abroad))),
    ).toEqual(['amount.limit']);
  });
});

describe('InitiateTransfer: the GH₵ 1 floor (issue 21)', () => {
  it('refuses GH₵ 0.49 (its 1% fee rounds to 0) and anything under GH₵ 1, abroad too; nothing is quoted', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    for (const [amount, overrides] of [
      [0.49, {}],
      [0.01, {}],
      [0.99, {}],
      [0.5, { ...cashPickupIn('US', 'USD'), paymentMethodId: 1 }],
    ] as const) {
      const response = await initiate(t.app, user, transferRequest(user, beneficiaryId, amount, overrides));
      expect(violationsOf(response), String(amount)).toEqual(['transfer.amountBelowMinimum']);
      expect(envelope<ErrorData>(response).message).toBe('The smallest amount you can send is GH₵ 1.00.');
    }
    expect(await db().select().from(transferCarts).where(eq(transferCarts.userId, user.userId))).toEqual([]);
  });

  it('quotes GH₵ 1 and GH₵ 1.49 with a fee of one pesewa: never a paid-out transfer without a fee', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    expect(await quoteFor(t.app, user, beneficiaryId, 1)).toMatchObject({
      processingFee: 0.01,
      totalPay: 1.01,
    });
    expect(await quoteFor(t.app, user, beneficiaryId, 1.49)).toMatchObject({
      processingFee: 0.01,
      totalPay: 1.5,
    });
  });
});

describe('InitiateTransfer: what was chosen must exist', () => {
  it.each([
    [{ transactionPurposeId: 99 }, ['transfer.purposeRequired']],
    [{ ...cashPickupIn('SN', 'XOF'), paymentMethodId: 1 }, ['transfer.currencyUnknown']],
    [{ paymentMethodId: 99 }, ['transfer.paymentMethodRequired']],
    [{ deliveryMethodId: 99 }, ['transfer.deliveryMethodRequired']],
    [
      {
        transactionPurposeId: 99,
        ...cashPickupIn('SN', 'XOF'),
        paymentMethodId: 99,
        deliveryMethodId: 99,
      },
      [
        'transfer.purposeRequired',
        'transfer.currencyUnknown',
        'transfer.paymentMethodRequired',
        'transfer.deliveryMethodRequired',
      ],
    ],
  ])('%o is a 400 with %o', async (overrides, expected) => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    expect(
      violationsOf(await initiate(t.app, user, transferRequest(user, beneficiaryId, 20, overrides))),
    ).toEqual(expected);
  });

  it('a delivery method switched off is a 400 transfer.deliveryMethodRequired', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const request = transferRequest(user, beneficiaryId, 20, { deliveryMethodId: DISABLED_DELIVERY });
    await db()
      .update(deliveryMethods)
      .set({ isEnabled: false })
      .where(eq(deliveryMethods.id, DISABLED_DELIVERY));
    try {
      expect(violationsOf(await initiate(t.app, user, request))).toEqual(['transfer.deliveryMethodRequired']);
    } finally {
      await db()
        .update(deliveryMethods)
        .set({ isEnabled: true })
        .where(eq(deliveryMethods.id, DISABLED_DELIVERY));
    }
  });

  it("another user's, a deleted or an unknown beneficiary is a 404 beneficiary.notFound (an id past integer a 400)", async () => {
    const user = await transferUser(t.app, db());
    const other = await transferUser(t.app, db());
    const others = await addMobileBeneficiary(db(), other.userId);
    const deleted = await addMobileBeneficiary(db(), user.userId);
    await deleteBeneficiary(db(), deleted);
    for (const beneficiaryId of [others, deleted, 2_000_000_000]) {
      const response = await initiate(t.app, user, transferRequest(user, beneficiaryId, 20));
      expect(response.statusCode, String(beneficiaryId)).toBe(404);
      expect(envelope<ErrorData>(response).data.messageId).toBe('beneficiary.notFound');
    }
    // Past the column (integer): refused by the contract before any query.
    const response = await initiate(t.app, user, transferRequest(user, 2 ** 40, 20));
    expect(response.statusCode).toBe(400);
    expect(envelope<ErrorData>(response).data.messageId).toBe('request.invalid');
  });

  it("another user's senderId is a 403 and makes no cart", async () => {
    const user = await transferUser(t.app, db());
    const victim = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const response = await initiate(t.app, user, {
      ...transferRequest(user, beneficiaryId, 20),
      senderId: victim.userId,
    });
    expect(response.statusCode).toBe(403);
    expect(envelope<ErrorData>(response).data.messageId).toBe('auth.forbidden');
  });

  it.each([
    ['a text amount', { sendAmount: 'ten' }],
    ['three decimals', { sendAmount: 1.234 }],
    ['no sender', { senderId: undefined }],
    ['a lower-case currency', { currency: 'ghs' }],
    ['a long note', { payeeNote: 'x'.repeat(501) }],
    ['a text purpose', { transactionPurposeId: 'one' }],
  ])('bad input (%s) is a 400 request.invalid', async (_, overrides) => {
    const user = await transferUser(t.app, db());
    const response = await initiate(t.app, user, { ...transferRequest(user, 1, 20), ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(envelope<ErrorData>(response).data.messageId).toBe('request.invalid');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: apiPaths.initiateTransfer, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('ReviewTransactionByCartId', () => {
  it('answers the review fields of the cart and its status: open, then expired', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addBankBeneficiary(db(), user.userId, '0123456789', {
      firstName: 'Efua',
      middleName: 'Adjoa',
      lastName: 'Owusu',
    });
    const quote = await quoteFor(t.app, user, beneficiaryId, 40, {
      deliveryMethodId: BANK_DEPOSIT_DELIVERY,
      transactionPurposeId: 4,
      payeeNote: ' School fees ',
    });
    const response = await review(t.app, user, quote.guidId);
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<TransferReview>(response).data).toEqual({
      ...quote,
      transactionFee: 0.4,
      paymentType: 'Wallet balance',
      deliveryMethod: 'Bank Deposit',
      beneficiaryName: 'Efua Adjoa Owusu',
      beneficiaryPhone: '',
      beneficiaryAccount: 'GCB Bank •••• 6789',
      purpose: 'Other',
      cartStatus: 'open',
    });
    await expireCart(db(), quote.guidId);
    expect(envelope<TransferReview>(await review(t.app, user, quote.guidId)).data.cartStatus).toBe('expired');
  });

  it('shows a paid cart as paid', async () => {
    const user = await transferUser(t.app, db(), { cedis: 100 });
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const quote = await quoteFor(t.app, user, beneficiaryId, 10);
    expect((await payNow(t.app, user, quote.guidId)).statusCode).toBe(200);
    expect(envelope<TransferReview>(await review(t.app, user, quote.guidId)).data.cartStatus).toBe('paid');
  });

  it("another user's cart and an unknown one are a 404; a cart id that is not a uuid is a 400", async () => {
    const owner = await transferUser(t.app, db());
    const other = await transferUser(t.app, db());
    const quote = await quoteFor(t.app, owner, await addMobileBeneficiary(db(), owner.userId), 10);
    for (const cartId of [quote.guidId, '00000000-0000-4000-8000-000000000000']) {
      const response = await review(t.app, other, cartId);
      expect(response.statusCode).toBe(404);
      expect(envelope<ErrorData>(response).data.messageId).toBe('transfer.cartNotFound');
    }
    expect((await review(t.app, owner, 'not-a-uuid')).statusCode).toBe(400);
  });
});
