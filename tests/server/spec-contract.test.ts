import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/domain/calendar';
import { bearer, envelope } from '../support/server-helpers';
import { uploadImage } from '../support/server-identification-helpers';
import { newBettingNo, partnerKey } from '../support/server-betting-fixtures';
import { newKey } from '../support/server-wallet-fixtures';
import { validSignUpInput } from '../support/sign-up-arbitraries';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Spec section 7, "The calls it makes", one row one test: each call is made as the spec's client makes it, with the
 * payload of section 3 field for field (nothing of ours added; docs/decisions.md, "Issue 22: the spec's contract as a
 * test"), and each test asserts the status and every field the row says the client reads. Rows run in the table's
 * order on one user, so later rows use what earlier ones made (the cart, the references). A row marked "no token"
 * works without one; every other refuses a missing token (the last describe).
 * Money POSTs carry an Idempotency-Key header (a header, not a field of the payload: DESIGN.md, "Money and the ledger").
 */

/** The rows of spec section 7 as written there: method and path, with "(no token)" where the spec marks it. */
const SECTION_7 = [
  'GET api/Country/GetAllCountries (no token)',
  'POST api/User/UserRegistration (no token)',
  'POST api/User/UserLogin (no token)',
  'POST api/User/ValidateToken (no auth header)',
  'GET api/User/GetAllIdentificationsByUserId?userId',
  'GET api/Transaction/GetUserIdentification?userId',
  'GET api/Transaction/GetIdentitficationTypes',
  'POST api/Transaction/AddUserIdentification',
  'GET api/Transaction/GetPaymentMethods',
  'GET api/Transaction/GetDeliveryMethods',
  'GET api/Transaction/GetAllTransactionPurposes',
  'POST api/Transaction/InitiateTransfer',
  'POST api/Transaction/InitiateBettingTransaction',
  'POST api/Transaction/PayNow',
  'GET api/Transaction/ReviewTransactionByCartId?CartId',
  'POST api/User/AddFundsToWallet',
  'POST api/User/AddBanksFundsToWallet',
  'POST api/User/AddMOMOFundsToWallet',
  'GET api/Bank/GetAllBanksByCountryId?CountryId=1',
  'POST api/Beneficiary/CreateBeneficiary',
  'POST api/Bank/CreateBeneficiaryBank',
  'GET api/Beneficiary/BeneficiariesByUserId?userId',
  'GET api/Bank/BeneficiariesBanksByUserId?UserId',
  'PUT api/Beneficiary/EditBeneficiary',
  'DELETE api/Beneficiary/DeleteBeneficiary?id',
  'GET api/Transaction/GetTransactionByReferenceNumber?referenceNumber',
  'GET api/Transaction/GetBettingTransactionByReferenceNo?referenceNumber',
  'GET api/Transaction/GetTransactionsHistoryByUserId?userId',
  'GET api/Transaction/GetBettingTransactionByUserId?userId',
  'GET api/User/GetWalletHistoryByUserId?userId',
  'GET api/User/GetWalletAmountByUserId?userId',
  'POST api/Transaction/WithDrawalMoney',
  'GET api/Billing/GetBillingCompanies',
  'GET api/Billing/GetBillingSubCompaniesByCompanyId?companyId',
  'GET api/Billing/GetBillByReferenceNumber?referenceNumber',
  'POST api/Billing/PayBill',
  'GET api/Billing/GetBillingTransactionByUserId?userId',
  'POST api/Transaction/AuthenticateUser',
] as const;

type Row = (typeof SECTION_7)[number];

interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path as the spec writes it, from the root: /api/... */
  url: string;
  /** False where the spec marks the call "no token" (or "no auth header"). */
  needsToken: boolean;
}

const specCall = (row: Row): SpecCall => {
  const [method, rest] = row.split(' ') as [SpecCall['method'], string];
  return { method, url: `/${rest.split('?')[0]}`, needsToken: !/\(no (token|auth header)\)/.test(row) };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

/** What the rows share: the user made by the sign-up row, and what later rows need of earlier answers. */
const made: {
  email: string;
  password: string;
  userId: number;
  token: string;
  cartId: string;
  transferReference: string;
  betReference: string;
  mobileBeneficiaryId: number;
  bill: { customerId: string; customerName: string; dueDate: string; totalBillDue: number } | null;
} = {
  email: '',
  password: '',
  userId: 0,
  token: '',
  cartId: '',
  transferReference: '',
  betReference: '',
  mobileBeneficiaryId: 0,
  bill: null,
};

/** Makes `row`'s call with `query` and `payload`, the bearer token when the spec's client sends one. */
const send = (
  row: Row,
  {
    query,
    payload,
    money = false,
  }: { query?: Record<string, string>; payload?: object; money?: boolean } = {},
): Promise<LightMyRequestResponse> => {
  const { method, url, needsToken } = specCall(row);
  return t.app.inject({
    method,
    url,
    query,
    payload,
    headers: {
      ...(needsToken ? bearer(made.token) : {}),
      ...(money ? { 'idempotency-key': newKey() } : {}),
    },
  });
};

/** The answer's body after checking its status is one of `statuses` (the envelope's code equals the status). */
const answer = (response: LightMyRequestResponse, ...statuses: number[]) => {
  expect(statuses, response.body).toContain(response.statusCode);
  return envelope<never>(response);
};

const userQuery = () => ({ userId: String(made.userId) });

/** A list of the user's own (`?userId`): 200, and a row holding the fields the client reads. */
const expectUserListHolds = async (row: Row, fields: Record<string, unknown>) => {
  const { data } = answer(await send(row, { query: userQuery() }), 200);
  expect(data).toContainEqual(expect.objectContaining(fields));
};

/** The fixed sample amount of the spec's betting screen (section 9) and the bill of the sandbox biller Ghana Water. */
const GHANA_WATER = { subCompanyId: 4, reference: '100234567', totalBillDue: 87.35 };

const rowTests: Record<Row, () => Promise<void>> = {
  'GET api/Country/GetAllCountries (no token)': async () => {
    const { data } = answer(await send('GET api/Country/GetAllCountries (no token)'), 200);
    const countries = data as { id: number; name: string }[];
    expect(countries.length).toBeGreaterThan(0);
    expect(countries).toContainEqual(expect.objectContaining({ id: expect.any(Number), name: 'Ghana' }));
  },
  'POST api/User/UserRegistration (no token)': async () => {
    const input = validSignUpInput({ phoneCode: '+233' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/User/UserRegistration',
      payload: input,
      remoteAddress: '203.0.113.7',
    });
    answer(response, 200, 201);
    made.email = input.email;
    made.password = input.createPassword;
  },
  'POST api/User/UserLogin (no token)': async () => {
    const { code, data } = answer(
      await send('POST api/User/UserLogin (no token)', {
        payload: { email: made.email, password: made.password },
      }),
      200,
    );
    expect(code).toBe(200);
    const logIn = data as { token: string; userDetails: Record<string, unknown> };
    expect(logIn.token).toEqual(expect.any(String));
    expect(logIn.userDetails).toMatchObject({
      id: expect.any(Number),
      firstName: expect.any(String),
      lastName: expect.any(String),
      fullName: expect.any(String),
      countryId: expect.any(Number),
      countryName: expect.any(String),
      hasIdentification: false,
      walletAmount: 0,
    });
    made.token = logIn.token;
    made.userId = logIn.userDetails.id as number;
  },
  'POST api/User/ValidateToken (no auth header)': async () => {
    const { code } = answer(
      await send('POST api/User/ValidateToken (no auth header)', { payload: { token: made.token } }),
      200,
    );
    expect(code).toBe(200);
  },
  'POST api/Transaction/AddUserIdentification': async () => {
    // The spec's imgUrl is a placeholder text; ours carries the id of the uploaded image (docs/decisions.md).
    const image = await uploadImage(t.app, made.token);
    const payload = {
      userId: made.userId,
      identificationId: 1,
      identificationNumber: '7012345678',
      expiryDate: `${addDays(todayIso(), 5 * 365)}T00:00:00.000Z`,
      issuedDate: `${addDays(todayIso(), -365)}T00:00:00.000Z`,
      countryId: 1,
      stateId: 1,
      cityId: 1,
      imgUrl: image.imageId,
    };
    answer(await send('POST api/Transaction/AddUserIdentification', { payload }), 201);
    // The same identification again (with an image of its own: the first is attached now): 409, exists.
    const again = { ...payload, imgUrl: (await uploadImage(t.app, made.token)).imageId };
    answer(await send('POST api/Transaction/AddUserIdentification', { payload: again }), 409);
  },
  'GET api/User/GetAllIdentificationsByUserId?userId': async () => {
    const { code, data } = answer(
      await send('GET api/User/GetAllIdentificationsByUserId?userId', { query: userQuery() }),
      200,
    );
    expect(code).toBe(200);
    expect(data[0]).toMatchObject({
      issuedDate: expect.any(String),
      expiryDate: expect.any(String),
      identificationNo: '7012345678',
    });
  },
  'GET api/Transaction/GetUserIdentification?userId': async () => {
    const { data } = answer(
      await send('GET api/Transaction/GetUserIdentification?userId', { query: userQuery() }),
      200,
    );
    expect(data).toHaveLength(1);
  },
  'GET api/Transaction/GetIdentitficationTypes': async () => {
    const { data } = answer(await send('GET api/Transaction/GetIdentitficationTypes'), 200);
    expect(data).toContainEqual(
      expect.objectContaining({ id: expect.any(Number), identificationType: expect.any(String) }),
    );
  },
  'GET api/Transaction/GetPaymentMethods': async () => {
    const { data } = answer(await send('GET api/Transaction/GetPaymentMethods'), 200);
    expect(data).toContainEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        isEnabled: true,
        isCrossBoarder: true,
      }),
    );
  },
  'GET api/Transaction/GetDeliveryMethods': async () => {
    const { data } = answer(await send('GET api/Transaction/GetDeliveryMethods'), 200);
    expect(data).toContainEqual(
      expect.objectContaining({
        id: expect.any(Number),
        name: expect.any(String),
        isEnabled: true,
        isCrossBoarder: expect.any(Boolean),
        isSendMoney: expect.any(Boolean),
      }),
    );
  },
  'GET api/Transaction/GetAllTransactionPurposes': async () => {
    const { code, data } = answer(await send('GET api/Transaction/GetAllTransactionPurposes'), 200);
    expect(code).toBe(200);
    expect(data).toContainEqual({ id: expect.any(Number), purpose: expect.any(String) });
  },
  'POST api/User/AddFundsToWallet': async () => {
    const payload = {
      userId: made.userId,
      amount: 3000,
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
    };
    const { data } = answer(await send('POST api/User/AddFundsToWallet', { payload, money: true }), 200);
    expect(data).toMatchObject({ walletAmount: 3000, referenceNumber: expect.any(String) });
  },
  'POST api/User/AddBanksFundsToWallet': async () => {
    const payload = {
      userId: made.userId,
      amount: 100,
      bankAccountNumber: '0123456789',
      bankId: 13,
      bankRoutingNumber: '1',
      accountTypeId: 1,
    };
    const { code, message, data } = answer(
      await send('POST api/User/AddBanksFundsToWallet', { payload, money: true }),
      200,
    );
    expect(code).toBe(200);
    expect(message).toEqual(expect.any(String));
    expect(data).toMatchObject({ walletAmount: 3100 });
  },
  'POST api/User/AddMOMOFundsToWallet': async () => {
    const payload = { userId: made.userId, amount: 50, phone: '0241234567', provider: 'MTN' };
    // A MoMo collection waits for the payer's approval: 202 with the wallet as it stands until then.
    const { code, message, data } = answer(
      await send('POST api/User/AddMOMOFundsToWallet', { payload, money: true }),
      200,
      202,
    );
    expect([200, 202]).toContain(code);
    expect(message).toEqual(expect.any(String));
    expect(data).toMatchObject({ walletAmount: expect.any(Number) });
  },
  'GET api/Bank/GetAllBanksByCountryId?CountryId=1': async () => {
    const { code, data } = answer(
      await send('GET api/Bank/GetAllBanksByCountryId?CountryId=1', { query: { CountryId: '1' } }),
      200,
    );
    expect(code).toBe(200);
    expect(data).toContainEqual(expect.objectContaining({ id: 13, name: expect.any(String) }));
  },
  'POST api/Beneficiary/CreateBeneficiary': async () => {
    // The mobile fields of section 3; the phone without its first 3 characters (+233).
    const payload = {
      userId: made.userId,
      firstName: 'Kofi',
      middleName: '',
      lastName: 'Boateng',
      motherMaidenName: '',
      phoneCode: '+233',
      phoneNumber: '241230045',
      relationship: 'Brother',
      countryId: 1,
      stateId: 1,
      cityId: 1,
    };
    const { data } = answer(await send('POST api/Beneficiary/CreateBeneficiary', { payload }), 200, 201);
    made.mobileBeneficiaryId = (data as { id: number }).id;
    answer(await send('POST api/Beneficiary/CreateBeneficiary', { payload }), 409);
  },
  'POST api/Bank/CreateBeneficiaryBank': async () => {
    const payload = {
      userId: made.userId,
      firstName: 'Efua',
      middleName: '',
      lastName: 'Owusu',
      motherMaidenName: '',
      phoneCode: '+233',
      phoneNumber: '',
      bankId: 13,
      accountNo: '3000000012312',
    };
    answer(await send('POST api/Bank/CreateBeneficiaryBank', { payload }), 200, 201);
    answer(await send('POST api/Bank/CreateBeneficiaryBank', { payload }), 409);
  },
  'GET api/Beneficiary/BeneficiariesByUserId?userId': () =>
    expectUserListHolds('GET api/Beneficiary/BeneficiariesByUserId?userId', {
      id: made.mobileBeneficiaryId,
      firstName: 'Kofi',
      lastName: 'Boateng',
    }),
  'GET api/Bank/BeneficiariesBanksByUserId?UserId': async () => {
    const { data } = answer(
      await send('GET api/Bank/BeneficiariesBanksByUserId?UserId', {
        query: { UserId: String(made.userId) },
      }),
      200,
    );
    expect(data).toContainEqual(expect.objectContaining({ firstName: 'Efua', accountNo: '3000000012312' }));
  },
  'POST api/Transaction/InitiateTransfer': async () => {
    // The transfer request of section 3, field for field: local (Ghana to Ghana), to the mobile beneficiary.
    const payload = {
      sendAmount: 200,
      receiveAmount: 200,
      sendingCountryId: 1,
      receivingCountryId: 1,
      paymentMethodId: 4,
      senderId: made.userId,
      beneficiaryId: made.mobileBeneficiaryId,
      deliveryMethodId: 1,
      transactionPurposeId: 1,
      identificationId: 1,
      processingFee: 2,
      totalPay: 202,
    };
    const { code, data } = answer(await send('POST api/Transaction/InitiateTransfer', { payload }), 200, 201);
    expect([200, 201]).toContain(code);
    made.cartId = (data as { guidId: string }).guidId;
    expect(made.cartId).toMatch(/^[0-9a-f-]{36}$/);
  },
  'GET api/Transaction/ReviewTransactionByCartId?CartId': async () => {
    const { data } = answer(
      await send('GET api/Transaction/ReviewTransactionByCartId?CartId', { query: { CartId: made.cartId } }),
      200,
    );
    expect(data).toMatchObject({
      sendAmount: 200,
      transactionFee: 2,
      receiveAmount: 200,
      paymentType: expect.any(String),
      deliveryMethod: expect.any(String),
      beneficiaryName: 'Kofi Boateng',
      beneficiaryPhone: expect.stringContaining('241230045'),
    });
  },
  'POST api/Transaction/PayNow': async () => {
    const { data } = answer(
      await send('POST api/Transaction/PayNow', {
        payload: { userId: made.userId, cartId: made.cartId },
        money: true,
      }),
      200,
      201,
    );
    expect(data).toMatchObject({ referenceNumber: expect.any(String), walletAmount: 3100 - 202 });
    made.transferReference = (data as { referenceNumber: string }).referenceNumber;
  },
  'POST api/Transaction/InitiateBettingTransaction': async () => {
    // The betting request of section 3: no operatorId (the default operator is paid), the fixed test amount 2300
    // of section 9 is over what this wallet holds, so a smaller one.
    const payload = {
      referenceNumber: 'BET-CONTRACT-1',
      userId: made.userId,
      receiverPhoneNo: '0241234567',
      bettingNo: newBettingNo(),
      sendAmount: 100,
      processingFee: 1,
      totalPay: 101,
      paymentMethodId: 1,
      status: 'pending',
    };
    const { code, data } = answer(
      await send('POST api/Transaction/InitiateBettingTransaction', { payload, money: true }),
      200,
      201,
    );
    expect([200, 201]).toContain(code);
    expect(data).toMatchObject({ referenceNo: expect.any(String), walletAmount: 3100 - 202 - 101 });
    made.betReference = (data as { referenceNo: string }).referenceNo;
  },
  'PUT api/Beneficiary/EditBeneficiary': async () => {
    const payload = {
      id: made.mobileBeneficiaryId,
      userId: made.userId,
      firstName: 'Kofi',
      middleName: 'Ato',
      lastName: 'Boateng',
      motherMaidenName: '',
      phoneCode: '+233',
      // The editor's phone: with the 233 prefix, at least 12 characters (spec section 5, "Edit beneficiary").
      phoneNumber: '233241230045',
      relationship: 'Brother',
      countryId: 1,
      stateId: 1,
      cityId: 1,
    };
    // The spec reads nothing of the answer ("not shown"): it succeeds.
    answer(await send('PUT api/Beneficiary/EditBeneficiary', { payload }), 200);
  },
  'DELETE api/Beneficiary/DeleteBeneficiary?id': async () => {
    answer(
      await send('DELETE api/Beneficiary/DeleteBeneficiary?id', {
        query: { id: String(made.mobileBeneficiaryId) },
      }),
      200,
      204,
    );
  },
  'GET api/Transaction/GetTransactionByReferenceNumber?referenceNumber': async () => {
    const { data } = answer(
      await send('GET api/Transaction/GetTransactionByReferenceNumber?referenceNumber', {
        query: { referenceNumber: made.transferReference },
      }),
      200,
    );
    expect(data).toMatchObject({
      sendDateTime: expect.any(String),
      senderName: expect.any(String),
      senderPhone: expect.any(String),
      receiverName: 'Kofi Boateng',
      receiverPhone: expect.any(String),
      receiverCountry: 'Ghana',
      transferAmount: 200,
      payAmount: 202,
    });
  },
  'GET api/Transaction/GetBettingTransactionByReferenceNo?referenceNumber': async () => {
    const { data } = answer(
      await send('GET api/Transaction/GetBettingTransactionByReferenceNo?referenceNumber', {
        query: { referenceNumber: made.betReference },
      }),
      200,
    );
    expect(data).toMatchObject({
      senderName: expect.any(String),
      sendAmount: 100,
      processingFee: 1,
      totalPay: 101,
      paymentMethod: expect.any(String),
      status: expect.any(String),
    });
  },
  'GET api/Transaction/GetTransactionsHistoryByUserId?userId': () =>
    expectUserListHolds('GET api/Transaction/GetTransactionsHistoryByUserId?userId', {
      id: expect.anything(),
      senderName: expect.any(String),
      receiverName: 'Kofi Boateng',
      referenceNumber: made.transferReference,
      sendAmount: 200,
      status: expect.any(String),
    }),
  'GET api/Transaction/GetBettingTransactionByUserId?userId': () =>
    expectUserListHolds('GET api/Transaction/GetBettingTransactionByUserId?userId', {
      id: expect.anything(),
      senderName: expect.any(String),
      paymentMethod: expect.any(String),
      referenceNumber: made.betReference,
      sendAmount: 100,
      status: expect.any(String),
    }),
  'GET api/User/GetWalletHistoryByUserId?userId': () =>
    expectUserListHolds('GET api/User/GetWalletHistoryByUserId?userId', {
      id: expect.anything(),
      amount: 3000,
      actionType: 'Credit',
      description: expect.any(String),
    }),
  'GET api/User/GetWalletAmountByUserId?userId': async () => {
    const { code, data } = answer(
      await send('GET api/User/GetWalletAmountByUserId?userId', { query: userQuery() }),
      200,
    );
    expect(code).toBe(200);
    expect(data).toMatchObject({ walletAmount: 3100 - 202 - 101 });
  },
  'POST api/Transaction/WithDrawalMoney': async () => {
    const payload = {
      userId: made.userId,
      amount: 20,
      bankAccountNumber: '',
      bankId: 0,
      bankRoutingNumber: '',
      accountTypeId: 0,
      momoMobileNumber: '0241234567',
      isMOMOWithdrawal: true,
    };
    const { code, message, data } = answer(
      await send('POST api/Transaction/WithDrawalMoney', { payload, money: true }),
      200,
    );
    expect(code).toBe(200);
    expect(message).toEqual(expect.any(String));
    expect(data).toMatchObject({ walletAmount: expect.any(Number) });
  },
  'GET api/Billing/GetBillingCompanies': async () => {
    const body = answer(await send('GET api/Billing/GetBillingCompanies'), 200);
    expect(body.code).toBe(200);
    expect(body).toMatchObject({ error: false });
    expect(body.data).toContainEqual(
      expect.objectContaining({ id: expect.any(Number), companyName: expect.any(String) }),
    );
  },
  'GET api/Billing/GetBillingSubCompaniesByCompanyId?companyId': async () => {
    const companies = answer(await send('GET api/Billing/GetBillingCompanies'), 200).data as { id: number }[];
    const body = answer(
      await send('GET api/Billing/GetBillingSubCompaniesByCompanyId?companyId', {
        query: { companyId: String(companies[0]!.id) },
      }),
      200,
    );
    expect(body).toMatchObject({ error: false });
    expect(body.data).toContainEqual(
      expect.objectContaining({
        id: expect.any(Number),
        subCompanyName: expect.any(String),
        companyName: expect.any(String),
        title: expect.any(String),
        minLength: expect.any(Number),
        maxLength: expect.any(Number),
        regularExpression: expect.any(String),
      }),
    );
  },
  'GET api/Billing/GetBillByReferenceNumber?referenceNumber': async () => {
    // The reference only, as section 7 writes it: the server finds the biller whose rules the number fits.
    const { code, message, data } = answer(
      await send('GET api/Billing/GetBillByReferenceNumber?referenceNumber', {
        query: { referenceNumber: GHANA_WATER.reference },
      }),
      200,
    );
    expect(code).toBe(200);
    expect(message).toEqual(expect.any(String));
    const bills = data as Record<string, unknown>[];
    expect(bills[0]).toMatchObject({
      status: expect.any(String),
      customerId: expect.any(String),
      customerName: expect.any(String),
      billMonth: expect.any(String),
      dueDate: expect.any(String),
      totalBillDue: GHANA_WATER.totalBillDue,
    });
    made.bill = bills[0] as NonNullable<typeof made.bill>;
  },
  'POST api/Billing/PayBill': async () => {
    const bill = made.bill!;
    // The bill payment request of section 3, field for field (no quoteId); the client reads nothing of the answer.
    const payload = {
      userId: made.userId,
      customerId: bill.customerId,
      customerName: bill.customerName,
      billMonth: '2024-01-01T00:00:00.000Z',
      dueDate: bill.dueDate,
      referenceNo: GHANA_WATER.reference,
      processingFee: 0,
      totalBill: GHANA_WATER.totalBillDue,
      totalPay: GHANA_WATER.totalBillDue,
      paidBy: 'Wallet',
      subCompanyId: GHANA_WATER.subCompanyId,
    };
    answer(await send('POST api/Billing/PayBill', { payload, money: true }), 200, 201, 202);
  },
  'GET api/Billing/GetBillingTransactionByUserId?userId': () =>
    expectUserListHolds('GET api/Billing/GetBillingTransactionByUserId?userId', {
      id: expect.anything(),
      senderName: expect.any(String),
      referenceNumber: expect.any(String),
      sendAmount: GHANA_WATER.totalBillDue,
      status: expect.any(String),
    }),
  'POST api/Transaction/AuthenticateUser': async () => {
    // An operator's server asks; the spec's payload carries the key as apiKey.
    const payload = {
      apiKey: await partnerKey(t.database.db),
      firstName: 'Kwame',
      lastName: 'Asante',
      email: made.email,
      battingNo: newBettingNo(),
      senderPhoneCode: '+233',
      senderPhoneNumber: '241234567',
      country: 'Ghana',
      receiverNumber: '0241234567',
      sendAmount: 50,
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Transaction/AuthenticateUser',
      payload,
    });
    const { data } = answer(response, 200, 201);
    // The customer the link is for, as the operator named them: nothing of the wallet's own users.
    expect(data).toMatchObject({
      userDetails: { firstName: 'Kwame', lastName: 'Asante', email: made.email, sendAmount: 50 },
    });
  },
};

/** The order the rows run in: the table's, except that what a row reads must have been made by an earlier one. */
const RUN_ORDER: readonly Row[] = [
  'GET api/Country/GetAllCountries (no token)',
  'POST api/User/UserRegistration (no token)',
  'POST api/User/UserLogin (no token)',
  'POST api/User/ValidateToken (no auth header)',
  'POST api/Transaction/AddUserIdentification',
  'GET api/User/GetAllIdentificationsByUserId?userId',
  'GET api/Transaction/GetUserIdentification?userId',
  'GET api/Transaction/GetIdentitficationTypes',
  'GET api/Transaction/GetPaymentMethods',
  'GET api/Transaction/GetDeliveryMethods',
  'GET api/Transaction/GetAllTransactionPurposes',
  'POST api/User/AddFundsToWallet',
  'POST api/User/AddBanksFundsToWallet',
  'GET api/Bank/GetAllBanksByCountryId?CountryId=1',
  'POST api/Beneficiary/CreateBeneficiary',
  'POST api/Bank/CreateBeneficiaryBank',
  'GET api/Beneficiary/BeneficiariesByUserId?userId',
  'GET api/Bank/BeneficiariesBanksByUserId?UserId',
  'POST api/Transaction/InitiateTransfer',
  'GET api/Transaction/ReviewTransactionByCartId?CartId',
  'POST api/Transaction/PayNow',
  'POST api/Transaction/InitiateBettingTransaction',
  'GET api/User/GetWalletAmountByUserId?userId',
  'PUT api/Beneficiary/EditBeneficiary',
  'GET api/Transaction/GetTransactionByReferenceNumber?referenceNumber',
  'GET api/Transaction/GetBettingTransactionByReferenceNo?referenceNumber',
  'GET api/Transaction/GetTransactionsHistoryByUserId?userId',
  'GET api/Transaction/GetBettingTransactionByUserId?userId',
  'GET api/User/GetWalletHistoryByUserId?userId',
  'DELETE api/Beneficiary/DeleteBeneficiary?id',
  'POST api/User/AddMOMOFundsToWallet',
  'POST api/Transaction/WithDrawalMoney',
  'GET api/Billing/GetBillingCompanies',
  'GET api/Billing/GetBillingSubCompaniesByCompanyId?companyId',
  'GET api/Billing/GetBillByReferenceNumber?referenceNumber',
  'POST api/Billing/PayBill',
  'GET api/Billing/GetBillingTransactionByUserId?userId',
  'POST api/Transaction/AuthenticateUser',
];

describe('spec section 7, each call as the spec makes it', () => {
  it('runs every row of the table once', () => {
    expect([...RUN_ORDER].sort()).toEqual([...SECTION_7].sort());
  });

  for (const row of RUN_ORDER) it(row, rowTests[row]);
});

describe('spec section 7: a call without its token', () => {
  const partnerCall = 'POST api/Transaction/AuthenticateUser';
  for (const row of SECTION_7.filter((row) => specCall(row).needsToken && row !== partnerCall)) {
    it(`${row} is refused without the bearer token`, async () => {
      const { method, url } = specCall(row);
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, response.body).toBe(401);
    });
  }

  it(`${partnerCall} is refused without the operator's key`, async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Transaction/AuthenticateUser',
      payload: {},
    });
    expect([400, 401]).toContain(response.statusCode);
  });
});
