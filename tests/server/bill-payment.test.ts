import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bill,
  BillingCompany,
  BillingHistoryPage,
  BillingHistoryRow,
  BillingReceiptDetail,
  BillingSubCompany,
  PayBillRequest,
} from '../../src/contract/billing';
import type { ErrorData, Violation } from '../../src/contract/envelope';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { queryRows } from '../../src/server/db/sql';
import { sandboxBillDates } from '../../src/server/providers/biller-rail';
import { payBillBody, specPayBillBody } from '../support/server-billing-fixtures';
import { bearer, envelope } from '../support/server-helpers';
import { transferUser, type TransferUser } from '../support/server-transfer-fixtures';
import { newKey, operation, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Bill payment through the API: billers, the bill looked up (a quote), PayBill, the history and receipts, on the
 * sandbox biller (README, "Sandbox billers").
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

/** Seeded sub-companies and their documented sandbox references. */
const ECG_PREPAID = { id: 1, reference: '01234567890', customerName: 'Kwame Mensah', down: '04512000001' };
const ECG_POSTPAID = { id: 2, reference: '0101234567', amount: 245.6, down: '0455000001' };
const DSTV = { id: 5, reference: '7012345678', amount: 365 };
const GOTV = { id: 6, reference: '2012345678', amount: 120 };
const GWL = { id: 4, reference: '100234567', amount: 87.35 };
const UG = { id: 8, reference: '10812345', amount: 2850 };
const TELECEL = { id: 7, reference: 'BB10234567', amount: 499 };
const GRA = { id: 9, reference: 'P0012345678', amount: 1200 };

const messageIdOf = (response: LightMyRequestResponse) => envelope<ErrorData>(response).data.messageId;

const get = (user: TransferUser, url: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, headers: bearer(user.token) });

const lookup = (user: TransferUser, subCompanyId: number, referenceNumber: string) =>
  get(user, apiPaths.billByReference, { referenceNumber, subCompanyId: String(subCompanyId) });

const billOf = async (user: TransferUser, subCompanyId: number, reference: string): Promise<Bill> => {
  const response = await lookup(user, subCompanyId, reference);
  expect(response.statusCode, response.body).toBe(200);
  const bills = envelope<Bill[]>(response).data;
  expect(bills).toHaveLength(1);
  return bills[0] as Bill;
};

/** The spec's lookup (section 7): the reference only. */
const lookupByReference = (user: TransferUser, referenceNumber: string) =>
  get(user, apiPaths.billByReference, { referenceNumber });

const payBill = (user: TransferUser, body: PayBillRequest, key = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.payBill,
    payload: body,
    headers: { ...bearer(user.token), [IDEMPOTENCY_KEY_HEADER]: key },
  });

const resultOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return envelope<WalletOperationResult>(response).data;
};

const receiptOf = async (user: TransferUser, referenceNumber: string) => {
  const response = await get(user, apiPaths.billingTransaction, { referenceNumber });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BillingReceiptDetail>(response).data;
};

const historyOf = async (user: TransferUser, query: Record<string, string> = {}) => {
  const response = await get(user, apiPaths.billingHistoryPage, { userId: String(user.userId), ...query });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BillingHistoryPage>(response).data;
};

const operationCount = async (userId: number) => {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from wallet_operations where user_id = ${userId} and kind = 'bill_payment'`,
  );
  return row?.n ?? 0;
};

describe('billers', () => {
  it('lists the seeded companies and each one’s sub-companies with their reference rules', async () => {
    const user = await transferUser(t.app, db());
    const companies = envelope<BillingCompany[]>(await get(user, apiPaths.billingCompanies, {})).data;
    const names = companies.map((company) => company.companyName);
    expect(names).toEqual(
      expect.arrayContaining(['Electricity Company of Ghana (ECG)', 'Ghana Water Limited']),
    );
    const ecg = companies.find((company) => company.code === 'ECG');
    const subs = envelope<BillingSubCompany[]>(
      await get(user, apiPaths.billingSubCompanies, { companyId: String(ecg?.id) }),
    ).data;
    expect(subs).toEqual([
      expect.objectContaining({
        subCompanyName: 'ECG Prepaid',
        companyName: 'Electricity Company of Ghana (ECG)',
        title: 'Meter Number',
        minLength: 11,
        maxLength: 13,
        regularExpression: '^[0-9]{11,13}$',
        prepaid: true,
      }),
      expect.objectContaining({ subCompanyName: 'ECG Postpaid', prepaid: false }),
    ]);
    const none = await get(user, apiPaths.billingSubCompanies, { companyId: '999' });
    expect(envelope<BillingSubCompany[]>(none).data).toEqual([]);
  });
});

describe('GetBillByReferenceNumber', () => {
  it('answers the documented bill with the real bill month, and keeps it as a quote', async () => {
    const user = await transferUser(t.app, db());
    const bill = await billOf(user, DSTV.id, DSTV.reference);
    expect(bill).toMatchObject({
      status: 'Unpaid',
      customerName: 'Kofi Appiah',
      totalBillDue: DSTV.amount,
      referenceNo: DSTV.reference,
      prepaid: false,
      ...sandboxBillDates(new Date(), false),
    });
    expect(bill.billMonth).toMatch(/^\d{4}-\d{2}$/);
  });

  it('checks the sub-company’s reference rules first, every broken one in order, with its bound and its field’s title', async () => {
    const user = await transferUser(t.app, db());
    const short = await lookup(user, ECG_PREPAID.id, '12ab');
    expect(short.statusCode).toBe(400);
    const violations = envelope<ErrorData>(short).data.violations as Violation[];
    expect(violations.map((violation) => violation.messageId)).toEqual([
      'billing.titledReference.tooShort',
      'billing.titledReference.pattern',
    ]);
    // Issue 23: the field is 'Meter Number', and the message says so (it said 'Reference number').
    expect(violations[0]).toMatchObject({
      message: 'Meter Number must be at least 11 characters long.',
      values: { title: 'Meter Number', min: 11 },
    });
    expect(violations[1]?.message).toBe('Meter Number does not match the required pattern.');
    const long = await lookup(user, ECG_PREPAID.id, '12345678901234');
    expect(envelope<ErrorData>(long).data.violations?.[0]?.message).toBe(
      'Meter Number must not exceed 13 characters.',
    );
    // Issue 21: the answer's own message names the bound too (it showed '{max}').
    expect(envelope(long).message).toBe('Meter Number must not exceed 13 characters.');
    expect(envelope(short).message).toBe('Meter Number must be at least 11 characters long.');
  });

  it('says the spec’s own messages for a biller whose field is titled ‘Reference Number’', async () => {
    const user = await transferUser(t.app, db());
    const retitle = (title: string) =>
      db().execute(sql`update billing_sub_companies set title = ${title} where id = ${GRA.id}`);
    await retitle('Reference Number');
    try {
      const short = await lookup(user, GRA.id, 'P01');
      expect(short.statusCode).toBe(400);
      expect(
        (envelope<ErrorData>(short).data.violations as Violation[]).map(({ messageId, message }) => [
          messageId,
          message,
        ]),
      ).toEqual([
        ['billing.reference.tooShort', 'Reference number must be at least 11 characters long.'],
        ['billing.reference.pattern', 'Reference number does not match the required pattern.'],
      ]);
      const long = await lookup(user, GRA.id, 'P00123456789012');
      expect(envelope(long).message).toBe('Reference number must not exceed 11 characters.');
      expect(messageIdOf(long)).toBe('billing.reference.tooLong');
      const odd = await lookup(user, GRA.id, 'X0012345678');
      expect(messageIdOf(odd)).toBe('billing.reference.pattern');
      expect(envelope(odd).message).toBe('Reference number does not match the required pattern.');
      const unknown = await lookup(user, GRA.id, 'P0099999999');
      expect(unknown.statusCode).toBe(404);
      expect(envelope(unknown).message).toBe(
        'No bill was found for this reference number. Please check it and try again.',
      );
    } finally {
      await retitle('Taxpayer Identification Number (TIN)');
    }
  });

  it('says clearly when no bill has that reference, or the sub-company is unknown', async () => {
    const user = await transferUser(t.app, db());
    const unknown = await lookup(user, DSTV.id, '7099999999');
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).message).toBe(
      'No bill was found for this Smartcard Number. Please check it and try again.',
    );
    expect(envelope<ErrorData>(unknown).data).toMatchObject({
      messageId: 'billing.titledBillNotFound',
      violations: [{ field: 'referenceNo', values: { title: 'Smartcard Number' } }],
    });
    expect(messageIdOf(await lookup(user, 999, '7099999999'))).toBe('billing.subCompanyNotFound');
  });
});

describe('GetBillByReferenceNumber with the reference only (spec section 7)', () => {
  it('asks the billers whose reference rules the number fits, and answers the one that holds it', async () => {
    const user = await transferUser(t.app, db());
    // Ten digits fit ECG Postpaid, Ghana Water, DStv and GOtv: only DStv holds this one.
    const response = await lookupByReference(user, DSTV.reference);
    expect(response.statusCode, response.body).toBe(200);
    const [bill] = envelope<Bill[]>(response).data;
    expect(bill).toMatchObject({
      subCompanyId: DSTV.id,
      referenceNo: DSTV.reference,
      customerName: 'Kofi Appiah',
      totalBillDue: DSTV.amount,
    });
    expect((await billOf(user, UG.id, UG.reference)).subCompanyId).toBe(UG.id);
  });

  it('asks which biller, in a 400 naming them, when more than one holds the reference', async () => {
    const user = await transferUser(t.app, db());
    // The sandbox's "biller down" suffix: every biller whose rules fit answers a bill for it.
    const response = await lookupByReference(user, ECG_POSTPAID.down);
    expect(response.statusCode).toBe(400);
    expect(messageIdOf(response)).toBe('billing.billerRequired');
    expect(envelope(response).message).toBe(
      'This reference number is known to more than one biller (ECG Postpaid, Ghana Water Postpaid, DStv, GOtv). Please choose the biller.',
    );
    expect(envelope<ErrorData>(response).data.violations?.[0]).toMatchObject({
      field: 'subCompanyId',
      values: { billers: 'ECG Postpaid, Ghana Water Postpaid, DStv, GOtv' },
    });
    // Naming the biller answers its bill.
    expect((await billOf(user, ECG_POSTPAID.id, ECG_POSTPAID.down)).subCompanyId).toBe(ECG_POSTPAID.id);
  });

  it('answers 404 when no biller holds it, or no biller’s rules fit it', async () => {
    const user = await transferUser(t.app, db());
    for (const reference of ['7099999999', 'not-a-reference']) {
      const response = await lookupByReference(user, reference);
      expect(response.statusCode, reference).toBe(404);
      expect(messageIdOf(response)).toBe('billing.billNotFound');
    }
  });
});

describe('PayBill with the spec’s request (section 3: no quoteId)', () => {
  it('pays the user’s quote for that reference at the bill’s own figures (the bill month sent is ignored)', async () => {
    const user = await transferUser(t.app, db(), { cedis: 2000 });
    const bill = envelope<Bill[]>(await lookupByReference(user, GRA.reference)).data[0] as Bill;
    const result = resultOf(await payBill(user, specPayBillBody(user, bill, GRA.amount)));
    expect(result).toMatchObject({ amount: GRA.amount, walletAmount: 2000 - GRA.amount });
    const receipt = await receiptOf(user, result.referenceNumber);
    expect(receipt).toMatchObject({
      billReference: GRA.reference,
      billMonth: bill.billMonth,
      customerName: 'Kwabena Ofori',
      totalPay: GRA.amount,
    });
    // The bill is paid: the same request again (another key) is refused, nothing moves.
    const again = await payBill(user, specPayBillBody(user, bill, GRA.amount));
    expect(again.statusCode).toBe(409);
    expect(messageIdOf(again)).toBe('billing.alreadyPaid');
    expect(await walletAmount(t.app, user)).toBe(2000 - GRA.amount);
  });

  it('looks the bill up itself when the user has no quote for it, and pays a prepaid amount chosen', async () => {
    const user = await transferUser(t.app, db(), { cedis: 1000 });
    const sent = { customerId: 'from-the-client', customerName: 'Kojo Tetteh', dueDate: '2026-11-21' };
    const broadband = resultOf(
      await payBill(
        user,
        specPayBillBody(
          user,
          { ...sent, referenceNo: TELECEL.reference, subCompanyId: TELECEL.id },
          TELECEL.amount,
        ),
      ),
    );
    expect(broadband.amount).toBe(TELECEL.amount);
    expect((await receiptOf(user, broadband.referenceNumber)).customerId).toBe(
      `TELECEL-BROADBAND-${TELECEL.reference}`,
    );
    const units = resultOf(
      await payBill(
        user,
        specPayBillBody(
          user,
          { ...sent, referenceNo: ECG_PREPAID.reference, subCompanyId: ECG_PREPAID.id },
          20,
        ),
      ),
    );
    expect(units.amount).toBe(20);
    expect(await walletAmount(t.app, user)).toBe(1000 - TELECEL.amount - 20);
  });

  it('refuses totals that disagree with the bill, saying what is due, and moves nothing', async () => {
    const user = await transferUser(t.app, db(), { cedis: 500 });
    const bill = await billOf(user, GWL.id, GWL.reference);
    for (const tampered of [
      specPayBillBody(user, bill, 1),
      { ...specPayBillBody(user, bill, GWL.amount), totalPay: 1 },
      { ...specPayBillBody(user, bill, GWL.amount), processingFee: 1, totalPay: GWL.amount + 1 },
    ]) {
      const response = await payBill(user, tampered);
      expect(response.statusCode, JSON.stringify(tampered)).toBe(400);
      expect(messageIdOf(response)).toBe('billing.totalsMismatch');
      expect(envelope(response).message).toBe(
        'The amounts sent do not match this bill: GH₵ 87.35 to pay, with no fee. Please check them and try again.',
      );
    }
    expect(await walletAmount(t.app, user)).toBe(500);
    expect(await operationCount(user.userId)).toBe(0);
  });

  it("answers the reference rules (minLength, in words) and 'Insufficient funds' to the spec's request", async () => {
    const user = await transferUser(t.app, db(), { cedis: 100 });
    const short = await payBill(
      user,
      specPayBillBody(
        user,
        { ...(await billOf(user, DSTV.id, DSTV.reference)), referenceNo: '70123' },
        DSTV.amount,
      ),
    );
    expect(short.statusCode).toBe(400);
    expect(envelope(short).message).toBe('Smartcard Number must be at least 10 characters long.');
    expect(envelope<ErrorData>(short).data.violations?.[0]).toMatchObject({
      field: 'referenceNo',
      messageId: 'billing.titledReference.tooShort',
      values: { title: 'Smartcard Number', min: 10 },
    });
    const poor = await payBill(
      user,
      specPayBillBody(user, await billOf(user, ECG_POSTPAID.id, ECG_POSTPAID.reference), ECG_POSTPAID.amount),
    );
    expect(poor.statusCode).toBe(400);
    expect(envelope(poor).message).toBe('Insufficient funds');
    expect(await walletAmount(t.app, user)).toBe(100);
    expect(await operationCount(user.userId)).toBe(0);
  });
});

describe('PayBill', () => {
  it('pays a prepaid purchase of the amount chosen: one ledger transaction to the biller, a token on the receipt', async () => {
    const user = await transferUser(t.app, db(), { cedis: 500 });
    const bill = await billOf(user, ECG_PREPAID.id, ECG_PREPAID.reference);
    expect(bill).toMatchObject({ status: 'Active', prepaid: true, customerName: ECG_PREPAID.customerName });
    const result = resultOf(await payBill(user, payBillBody(user, bill, 123.45)));
    expect(result).toMatchObject({ amount: 123.45, walletAmount: 376.55 });
    expect(await operation(t.app, user, result.referenceNumber)).toMatchObject({ status: 'Successful' });
    expect(await walletAmount(t.app, user)).toBe(376.55);

    const entries = await queryRows<{ code: string; amount_minor: string }>(
      db(),
      sql`select a.code, e.amount_minor::text from ledger_entries e
          join ledger_transactions lt on lt.id = e.transaction_id
          join wallet_operations o on o.id = lt.operation_id
          join ledger_accounts a on a.id = e.account_id
          where o.reference_number = ${result.referenceNumber} order by e.amount_minor`,
    );
    expect(entries).toEqual([
      { code: `wallet:${user.userId}`, amount_minor: '-12345' },
      { code: 'clearing:biller:ECG', amount_minor: '12345' },
    ]);

    const receipt = await receiptOf(user, result.referenceNumber);
    expect(receipt).toMatchObject({
      status: 'Successful',
      subCompanyName: 'ECG Prepaid',
      title: 'Meter Number',
      billReference: ECG_PREPAID.reference,
      totalBill: 123.45,
      processingFee: 0,
      totalPay: 123.45,
      paidBy: 'Wallet',
    });
    expect(receipt.token).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
  });

  it('refuses a prepaid amount out of bounds', async () => {
    const user = await transferUser(t.app, db(), { cedis: 50 });
    const bill = await billOf(user, ECG_PREPAID.id, ECG_PREPAID.reference);
    const response = await payBill(user, payBillBody(user, bill, 0.5));
    expect(response.statusCode).toBe(400);
    expect(messageIdOf(response)).toBe('billing.amountRange');
    expect(await operationCount(user.userId)).toBe(0);
  });

  it('pays a postpaid bill exactly once: the bill then shows Paid and cannot be paid again', async () => {
    const user = await transferUser(t.app, db(), { cedis: 1000 });
    const bill = await billOf(user, GOTV.id, GOTV.reference);
    const key = newKey();
    const paid = resultOf(await payBill(user, payBillBody(user, bill), key));
    expect(paid.amount).toBe(GOTV.amount);
    expect(await walletAmount(t.app, user)).toBe(1000 - GOTV.amount);
    // The same request again replays its answer; the same quote with another key is refused.
    expect(resultOf(await payBill(user, payBillBody(user, bill), key)).referenceNumber).toBe(
      paid.referenceNumber,
    );
    const again = await payBill(user, payBillBody(user, bill));
    expect(again.statusCode).toBe(409);
    expect(messageIdOf(again)).toBe('billing.alreadyPaid');
    // Looked up again, by anyone: Paid, nothing due; paying that quote is refused too.
    const other = await transferUser(t.app, db(), { cedis: 1000 });
    const second = await billOf(other, GOTV.id, GOTV.reference);
    expect(second).toMatchObject({ status: 'Paid', totalBillDue: 0 });
    const refused = await payBill(other, payBillBody(other, second, GOTV.amount));
    expect(refused.statusCode).toBe(409);
    expect(await walletAmount(t.app, other)).toBe(1000);
    expect(await walletAmount(t.app, user)).toBe(1000 - GOTV.amount);
  });

  it('lets the database refuse a second payment of one bill through two quotes (the paid-once index)', async () => {
    const user = await transferUser(t.app, db(), { cedis: 6000 });
    const first = await billOf(user, UG.id, UG.reference);
    const second = await billOf(user, UG.id, UG.reference);
    const answers = await Promise.all([
      payBill(user, payBillBody(user, first)),
      payBill(user, payBillBody(user, second)),
    ]);
    // One of them is refused (whichever came second), by the quote check or by the database's index.
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await walletAmount(t.app, user)).toBe(6000 - UG.amount);
  });

  it('never charges an amount tampered with by the client: the looked-up bill decides', async () => {
    const user = await transferUser(t.app, db(), { cedis: 500 });
    const bill = await billOf(user, GWL.id, GWL.reference);
    for (const tampered of [
      payBillBody(user, bill, 1),
      { ...payBillBody(user, bill), totalPay: 1 },
      { ...payBillBody(user, bill), referenceNo: '100234568' },
      { ...payBillBody(user, bill), billMonth: '2020-01' },
      { ...payBillBody(user, bill), processingFee: 1, totalPay: GWL.amount + 1 },
    ]) {
      const response = await payBill(user, tampered);
      expect(response.statusCode, JSON.stringify(tampered)).toBe(400);
      expect(messageIdOf(response)).toBe('billing.detailsMismatch');
    }
    expect(await walletAmount(t.app, user)).toBe(500);
    expect(await operationCount(user.userId)).toBe(0);
    // The untouched request pays what the bill said.
    expect(resultOf(await payBill(user, payBillBody(user, bill))).amount).toBe(GWL.amount);
  });

  it("says 'Insufficient funds' and moves nothing when the wallet cannot cover the bill", async () => {
    const user = await transferUser(t.app, db(), { cedis: 100 });
    const bill = await billOf(user, ECG_POSTPAID.id, ECG_POSTPAID.reference);
    const response = await payBill(user, payBillBody(user, bill));
    expect(response.statusCode).toBe(400);
    expect(envelope(response).message).toBe('Insufficient funds');
    expect(messageIdOf(response)).toBe('billing.insufficientFunds');
    expect(await walletAmount(t.app, user)).toBe(100);
    expect(await operationCount(user.userId)).toBe(0);
  });

  it('holds the payment when the biller is down, then releases it with a message', async () => {
    const user = await transferUser(t.app, db(), { cedis: 300 });
    const bill = await billOf(user, ECG_POSTPAID.id, ECG_POSTPAID.down);
    const result = resultOf(await payBill(user, payBillBody(user, bill)));
    expect(result).toMatchObject({ status: 'pending', amount: 150, walletAmount: 150 });
    await t.app.wallet.worker.runOnce({ minAgeMs: 0 });
    expect(await operation(t.app, user, result.referenceNumber)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'billing.billerFailed',
    });
    expect(await walletAmount(t.app, user)).toBe(300);
    // The failed payment frees the bill: it shows Unpaid again.
    expect((await billOf(user, ECG_POSTPAID.id, ECG_POSTPAID.down)).status).toBe('Unpaid');
  });

  it('is behind the identity gate and needs an Idempotency-Key', async () => {
    const stranger = await transferUser(t.app, db(), { cedis: 0, identified: false });
    const bill = await billOf(stranger, DSTV.id, DSTV.reference);
    const gated = await payBill(stranger, payBillBody(stranger, bill));
    expect(gated.statusCode).toBe(403);
    expect(messageIdOf(gated)).toBe('identity.required');
    const user = await transferUser(t.app, db(), { cedis: 10 });
    const noKey = await t.app.inject({
      method: 'POST',
      url: apiPaths.payBill,
      payload: payBillBody(user, await billOf(user, DSTV.id, DSTV.reference)),
      headers: bearer(user.token),
    });
    expect(noKey.statusCode).toBe(400);
  });

  it("answers another user's quote, receipt and history like missing ones (BOLA)", async () => {
    const owner = await transferUser(t.app, db(), { cedis: 500 });
    const thief = await transferUser(t.app, db(), { cedis: 500 });
    const bill = await billOf(owner, ECG_PREPAID.id, ECG_PREPAID.reference);
    const stolen = await payBill(thief, { ...payBillBody(owner, bill, 10), userId: thief.userId });
    expect(stolen.statusCode).toBe(404);
    expect(messageIdOf(stolen)).toBe('billing.quoteNotFound');
    const paid = resultOf(await payBill(owner, payBillBody(owner, bill, 10)));
    const receipt = await get(thief, apiPaths.billingTransaction, { referenceNumber: paid.referenceNumber });
    expect(receipt.statusCode).toBe(404);
    const history = await get(thief, apiPaths.billingHistory, { userId: String(owner.userId) });
    expect(history.statusCode).toBe(403);
    expect((await historyOf(thief)).total).toBe(0);
    expect(await walletAmount(t.app, thief)).toBe(500);
  });
});

describe('GetBillingTransactionByUserId', () => {
  it('answers data[] as spec section 7 reads it, newest first; the page and total are on GetBillingHistoryPage', async () => {
    const user = await transferUser(t.app, db(), { cedis: 100 });
    const references: string[] = [];
    for (const amount of [5, 6]) {
      const bill = await billOf(user, ECG_PREPAID.id, ECG_PREPAID.reference);
      references.push(resultOf(await payBill(user, payBillBody(user, bill, amount))).referenceNumber);
    }
    const response = await get(user, apiPaths.billingHistory, { userId: String(user.userId) });
    expect(response.statusCode, response.body).toBe(200);
    const rows = envelope<BillingHistoryRow[]>(response).data;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((row) => row.referenceNumber)).toEqual([...references].reverse());
    expect(rows[0]).toMatchObject({
      senderName: user.fullName,
      sendAmount: 6,
      billReference: ECG_PREPAID.reference,
    });
    expect(await historyOf(user, { pageSize: '1' })).toMatchObject({ total: 2, page: 0, pageSize: 1 });
  });

  it('pages the payments newest first, five a page, and searches either reference', async () => {
    const user = await transferUser(t.app, db(), { cedis: 1000 });
    const references: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const bill = await billOf(user, ECG_PREPAID.id, ECG_PREPAID.reference);
      references.push(resultOf(await payBill(user, payBillBody(user, bill, 10 + index))).referenceNumber);
    }
    const first = await historyOf(user, { page: '0', pageSize: '5' });
    expect(first.total).toBe(6);
    expect(first.rows).toHaveLength(5);
    expect(first.rows[0]).toMatchObject({
      referenceNumber: references[5],
      billReference: ECG_PREPAID.reference,
      sendAmount: 15,
      status: 'Successful',
      senderName: user.fullName,
      subCompanyName: 'ECG Prepaid',
    });
    const last = await historyOf(user, { page: '9', pageSize: '5' });
    expect(last).toMatchObject({ page: 1, total: 6 });
    expect(last.rows.map((row) => row.referenceNumber)).toEqual([references[0]]);
    const byOurs = await historyOf(user, { search: (references[2] as string).toLowerCase() });
    expect(byOurs.rows.map((row) => row.referenceNumber)).toEqual([references[2]]);
    expect((await historyOf(user, { search: '234567890' })).total).toBe(6);
    expect((await historyOf(user, { search: 'nothing-like-it' })).total).toBe(0);
  });
});
