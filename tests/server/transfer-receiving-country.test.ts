import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import type { TransactionDetail, TransferQuote } from '../../src/contract/transfer';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { DELIVERY_METHOD_IDS, PAYMENT_METHOD_IDS } from '../../src/domain/cross-border';
import { envelope } from '../support/server-helpers';
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  countryIdOf,
  FAMILY_SUPPORT,
  initiate,
  payNow,
  transactionDetail,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 22: InitiateTransfer with the transfer request of spec section 3 as written: it carries receivingCountryId
 * and no currency. The receive currency follows the receiving country; the limits and the payment-method rule of
 * section 5 follow from it; a currency that contradicts the country, or a country the beneficiary's account is not
 * in, is refused.
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

const countryId = countryIdOf;
const GHANA = 1;
const UNITED_STATES = countryId('US');

/** The transfer request of spec section 3, exactly its fields (no currency). */
const specRequest = (
  user: TransferUser,
  beneficiaryId: number,
  sendAmount: number,
  fields: Partial<Record<'receivingCountryId' | 'paymentMethodId' | 'deliveryMethodId', number>> = {},
) => ({
  sendAmount,
  receiveAmount: sendAmount,
  sendingCountryId: GHANA,
  receivingCountryId: UNITED_STATES,
  paymentMethodId: PAYMENT_METHOD_IDS.mobileWallet,
  senderId: user.userId,
  beneficiaryId,
  deliveryMethodId: DELIVERY_METHOD_IDS.cashPickup,
  transactionPurposeId: FAMILY_SUPPORT,
  identificationId: 1,
  processingFee: sendAmount / 100,
  totalPay: sendAmount * 1.01,
  ...fields,
});

const quoteOf = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { data: TransferQuote }).data;
};
const refusalOf = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(400);
  const { message, data } = JSON.parse(response.body) as { message: string; data: ErrorData };
  return { message, violations: data.violations?.map((violation) => violation.messageId) };
};

describe('InitiateTransfer: the receiving country decides the currency', () => {
  it('quotes the spec request to the United States in dollars, held to the limit abroad (below 200,000)', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const quote = quoteOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 150_000)));
    expect(quote).toMatchObject({
      sendAmount: 150_000,
      processingFee: 1500,
      totalPay: 151_500,
      sendCurrency: 'GHS',
      currency: 'USD',
      rate: '0.08',
      receiveAmount: 12_000,
    });
    expect(refusalOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 200_000)))).toEqual({
      message: 'Amount Exceeds Transaction limit.',
      violations: ['amount.limit'],
    });
  });

  it("refuses it without a payment method: 'Please select a valid Payment method'", async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const refused = await initiate(
      t.app,
      user,
      specRequest(user, beneficiaryId, 500, { paymentMethodId: 0 }),
    );
    expect(refusalOf(refused)).toEqual({
      message: 'Please select a valid Payment method',
      violations: ['transfer.paymentMethodRequired'],
    });
  });

  it("keeps the spec's local request: country 1, no currency, the wallet (1), quoted in cedis", async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const local = { receivingCountryId: GHANA, deliveryMethodId: DELIVERY_METHOD_IDS.mobileWallet };
    expect(quoteOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 250, local)))).toMatchObject({
      currency: 'GHS',
      receiveAmount: 250,
      paymentMethodId: 1,
    });
    // A local transfer needs no payment method, and keeps the local limit.
    const noMethod = { ...local, paymentMethodId: 0 };
    expect(
      quoteOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 250, noMethod))),
    ).toMatchObject({ currency: 'GHS', paymentMethodId: 4 });
    expect(refusalOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 100_000, local)))).toEqual({
      message: 'Amount Exceeds Transaction limit.',
      violations: ['amount.limit'],
    });
  });

  it('refuses a currency that contradicts the receiving country, and takes the one that agrees', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    for (const currency of ['GHS', 'NGN']) {
      const refused = await initiate(t.app, user, { ...specRequest(user, beneficiaryId, 500), currency });
      expect(refusalOf(refused), currency).toEqual({
        message: 'This currency is not paid out in the receiving country.',
        violations: ['transfer.currencyNotCountrys'],
      });
    }
    const naira = {
      ...specRequest(user, beneficiaryId, 500, { receivingCountryId: GHANA }),
      currency: 'NGN',
    };
    expect(refusalOf(await initiate(t.app, user, naira)).violations).toEqual([
      'transfer.currencyNotCountrys',
    ]);
    const agrees = { ...specRequest(user, beneficiaryId, 500), currency: 'USD' };
    expect(quoteOf(await initiate(t.app, user, agrees)).currency).toBe('USD');
  });

  it('refuses a payout into an account of another country: a Ghanaian MoMo number or bank account', async () => {
    const user = await transferUser(t.app, db());
    const mobile = await addMobileBeneficiary(db(), user.userId);
    const bank = await addBankBeneficiary(db(), user.userId);
    for (const [beneficiaryId, deliveryMethodId] of [
      [mobile, DELIVERY_METHOD_IDS.mobileWallet],
      [bank, DELIVERY_METHOD_IDS.bankDeposit],
    ] as const) {
      const refused = await initiate(
        t.app,
        user,
        specRequest(user, beneficiaryId, 500, { deliveryMethodId }),
      );
      expect(refusalOf(refused)).toEqual({
        message: "The beneficiary's account is in another country. Choose its country, or cash pick-up.",
        violations: ['transfer.beneficiaryCountry'],
      });
    }
    // In Ghana, the bank account receives cedis.
    const local = { receivingCountryId: GHANA, deliveryMethodId: DELIVERY_METHOD_IDS.bankDeposit };
    expect(quoteOf(await initiate(t.app, user, specRequest(user, bank, 500, local))).currency).toBe('GHS');
  });

  it('refuses a country it cannot pay out in, and a country that does not exist', async () => {
    const user = await transferUser(t.app, db());
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    // Senegal pays in CFA francs, which the rate table does not have.
    const senegal = specRequest(user, beneficiaryId, 500, { receivingCountryId: countryId('SN') });
    expect(refusalOf(await initiate(t.app, user, senegal)).violations).toEqual(['transfer.currencyUnknown']);
    const nowhere = specRequest(user, beneficiaryId, 500, { receivingCountryId: 9999 });
    expect(refusalOf(await initiate(t.app, user, nowhere)).message).toBe(
      'Some of the information sent is missing or not valid.',
    );
  });

  it('names the receiving country on the receipt', async () => {
    const user = await transferUser(t.app, db(), { cedis: 200 });
    const beneficiaryId = await addMobileBeneficiary(db(), user.userId);
    const fromWallet = { paymentMethodId: PAYMENT_METHOD_IDS.walletBalance };
    const quote = quoteOf(await initiate(t.app, user, specRequest(user, beneficiaryId, 100, fromWallet)));
    const paid = envelope<WalletOperationResult>(await payNow(t.app, user, quote.guidId)).data;
    const receipt = envelope<TransactionDetail>(
      await transactionDetail(t.app, user, paid.referenceNumber),
    ).data;
    expect(receipt).toMatchObject({ receiverCountry: 'United States', currency: 'USD', receiveAmount: 8 });
  });
});
