import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiarySchema, type Beneficiary } from '../../src/contract/beneficiary';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import type { AccountLookup } from '../../src/server/providers/provider';
import { sandboxAccountName } from '../../src/server/providers/sandbox';
import {
  findBeneficiaryOfUser,
  insertBeneficiary,
  type NewBeneficiary,
} from '../../src/server/routes/beneficiary/beneficiaries-repository';
import { NAME_LOOKUPS_PER_HOUR } from '../../src/server/routes/beneficiary/beneficiary-routes';
import { bearer, envelope, signedInUser } from '../support/server-helpers';
import {
  addedIdentification,
  uploadImage,
  validIdentification,
} from '../support/server-identification-helpers';
import { GCB_BANK_ID, walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Seeded bank 8 is Ecobank Ghana (GCB Bank is 13). */
const ECOBANK_ID = 8;
const UNKNOWN_BANK_ID = 9_999;

const user = (identified = true) => walletUser(t.app, t.database.db, identified);

let serial = 0;
/**
 * A MoMo number (9 digits, as the create form sends it) no other test uses: MTN's 024 unless told. It ends in 45,
 * never in the sandbox's 000009 (no account).
 */
const freshPhone = (prefix = '24') => `${prefix}${String((serial += 1)).padStart(5, '0')}45`;
/** A 13-digit account number no other test uses (ending in 12). */
const freshAccount = () => `30${String((serial += 1)).padStart(9, '0')}12`;

const mobileBody = (u: WalletUser, overrides: Record<string, unknown> = {}) => ({
  userId: u.userId,
  firstName: 'Ama',
  middleName: 'Serwaa',
  lastName: 'Mensah',
  motherMaidenName: '',
  phoneCode: '+233',
  phoneNumber: freshPhone(),
  relationship: 'Sister',
  countryId: 1,
  stateId: 1,
  cityId: 1,
  ...overrides,
});

const bankBody = (u: WalletUser, overrides: Record<string, unknown> = {}) => ({
  userId: u.userId,
  firstName: 'Kofi',
  middleName: '',
  lastName: 'Owusu',
  motherMaidenName: '',
  phoneCode: '+233',
  phoneNumber: '',
  bankId: GCB_BANK_ID,
  accountNo: freshAccount(),
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  u: WalletUser | null,
  method: Method,
  url: string,
  { payload, query }: { payload?: object; query?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(query ? { query } : {}),
    headers: u ? bearer(u.token) : {},
  });

const createMobile = (u: WalletUser, overrides: Record<string, unknown> = {}) =>
  call(u, 'POST', apiPaths.createMobileBeneficiary, { payload: mobileBody(u, overrides) });
const createBank = (u: WalletUser, overrides: Record<string, unknown> = {}) =>
  call(u, 'POST', apiPaths.createBankBeneficiary, { payload: bankBody(u, overrides) });
const edit = (u: WalletUser, payload: object) => call(u, 'PUT', apiPaths.editBeneficiary, { payload });
const remove = (u: WalletUser, id: number | string) =>
  call(u, 'DELETE', apiPaths.deleteBeneficiary, { query: { id: String(id) } });
const resolve = (u: WalletUser, payload: object) => call(u, 'POST', apiPaths.resolveAccountName, { payload });
const mobileList = async (u: WalletUser): Promise<Beneficiary[]> => {
  const response = await call(u, 'GET', apiPaths.mobileBeneficiaries, {
    query: { userId: String(u.userId) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<Beneficiary[]>(response).data;
};
const bankList = async (u: WalletUser): Promise<Beneficiary[]> => {
  const response = await call(u, 'GET', apiPaths.bankBeneficiaries, { query: { UserId: String(u.userId) } });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<Beneficiary[]>(response).data;
};

const created = (response: LightMyRequestResponse): Beneficiary => {
  expect(response.statusCode, response.body).toBe(201);
  return beneficiarySchema.parse(envelope<Beneficiary>(response).data);
};
const saved = async (request: Promise<LightMyRequestResponse>) => created(await request);

/** The answer is `status` with `messageIds[0]`'s message, and (400) exactly these violations in this order. */
const expectRefusal = (
  response: LightMyRequestResponse,
  status: number,
  ...messageIds: DomainMessageId[]
) => {
  expect(response.statusCode, response.body).toBe(status);
  const body = envelope<ErrorData>(response);
  const [first] = messageIds;
  expect(body.data.messageId).toBe(first);
  expect(body.message).toBe(domainMessages[first as DomainMessageId]);
  if (status === 400 && first !== 'request.invalid') {
    expect(body.data.violations?.map((violation) => violation.messageId)).toEqual(messageIds);
    for (const violation of body.data.violations ?? [])
      expect(violation.message).toBe(domainMessages[violation.messageId as DomainMessageId]);
  }
};

/** Runs `run` with the rail's name lookup replaced (the wallet module's provider is the one the routes use). */
const withLookup = async (
  replacement: (request: AccountLookup) => ReturnType<typeof t.app.wallet.provider.resolveAccountName>,
  run: (calls: AccountLookup[]) => Promise<void>,
) => {
  const provider = t.app.wallet.provider;
  const original = provider.resolveAccountName.bind(provider);
  const calls: AccountLookup[] = [];
  provider.resolveAccountName = (request) => {
    calls.push(request);
    return replacement(request);
  };
  try {
    await run(calls);
  } finally {
    provider.resolveAccountName = original;
  }
};
const railDown = () => Promise.reject(new Error('connect ECONNREFUSED'));

describe('creating beneficiaries', () => {
  it('saves a MoMo beneficiary with its whole number in E.164, its network and the holder’s name', async () => {
    const u = await user();
    const phoneNumber = freshPhone('24');
    const response = await createMobile(u, { phoneNumber, firstName: ' Ama ', middleName: 'Serwaa' });
    const beneficiary = created(response);
    expect(beneficiary).toEqual({
      id: expect.any(Number),
      type: 'mobile',
      firstName: 'Ama',
      middleName: 'Serwaa',
      lastName: 'Mensah',
      fullName: 'Ama Serwaa Mensah',
      motherMaidenName: '',
      phoneCode: '+233',
      phoneNumber,
      phone: `+233${phoneNumber}`,
      relationship: 'Sister',
      countryId: 1,
      bankId: null,
      bankName: null,
      accountNo: null,
      network: 'MTN',
      accountName: sandboxAccountName(`+233${phoneNumber}`),
    });
    expect(beneficiary.accountName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(await mobileList(u)).toEqual([beneficiary]);
    expect(await bankList(u)).toEqual([]);
  });

  it('derives the network from the national prefix and drops a typed trunk 0', async () => {
    const u = await user();
    const telecel = await saved(createMobile(u, { phoneNumber: freshPhone('20') }));
    const airtelTigo = await saved(createMobile(u, { phoneNumber: freshPhone('57') }));
    const withTrunkZero = freshPhone('54');
    const mtn = await saved(createMobile(u, { phoneNumber: `0${withTrunkZero}` }));
    expect([telecel.network, airtelTigo.network, mtn.network]).toEqual(['Telecel', 'AirtelTigo', 'MTN']);
    expect(mtn.phone).toBe(`+233${withTrunkZero}`);
    expect(mtn.phoneNumber).toBe(withTrunkZero);
  });

  it('saves a bank beneficiary with its bank’s name and the account holder’s name', async () => {
    const u = await user();
    const accountNo = freshAccount();
    const phoneNumber = freshPhone('50');
    const beneficiary = await saved(createBank(u, { accountNo, phoneNumber }));
    expect(beneficiary).toMatchObject({
      type: 'bank',
      fullName: 'Kofi Owusu',
      bankId: GCB_BANK_ID,
      bankName: 'GCB Bank',
      accountNo,
      network: null,
      phone: `+233${phoneNumber}`,
      phoneNumber,
      countryId: 1,
      accountName: sandboxAccountName(accountNo),
    });
    const withoutPhone = await saved(createBank(u));
    expect([withoutPhone.phone, withoutPhone.phoneNumber]).toEqual(['', '']);
    expect(await bankList(u)).toEqual([beneficiary, withoutPhone]);
    expect(await mobileList(u)).toEqual([]);
  });

  it('refuses a number or account whose holder the rail does not know (404), saving nothing', async () => {
    const u = await user();
    expectRefusal(await createMobile(u, { phoneNumber: '241000009' }), 404, 'beneficiary.noAccount');
    expectRefusal(await createBank(u, { accountNo: '1234000009' }), 404, 'beneficiary.noAccount');
    expect(await mobileList(u)).toEqual([]);
    expect(await bankList(u)).toEqual([]);
  });

  it('answers 502 when the rail cannot say who holds the account, saving nothing', async () => {
    const u = await user();
    await withLookup(railDown, async (calls) => {
      expectRefusal(await createMobile(u), 502, 'beneficiary.lookupFailed');
      expectRefusal(await createBank(u), 502, 'beneficiary.lookupFailed');
      expect(calls.map((lookup) => lookup.rail)).toEqual(['momo', 'bank']);
    });
    expect(await mobileList(u)).toEqual([]);
    expect(await bankList(u)).toEqual([]);
  });

  it('asks the rail with the E.164 number and its network, or the bank and account', async () => {
    const u = await user();
    const phoneNumber = freshPhone('26');
    const accountNo = freshAccount();
    await withLookup(
      async () => ({ found: true, name: '  Esi Quaye  ' }),
      async (calls) => {
        expect((await saved(createMobile(u, { phoneNumber }))).accountName).toBe('Esi Quaye');
        await saved(createBank(u, { accountNo, bankId: ECOBANK_ID }));
        expect(calls).toEqual([
          { rail: 'momo', phone: `+233${phoneNumber}`, network: 'AirtelTigo' },
          { rail: 'bank', bankId: ECOBANK_ID, accountNumber: accountNo },
        ]);
      },
    );
  });
});

describe('the same number or account twice', () => {
  it('answers 409 for a number kept already, however it is typed, without asking the rail', async () => {
    const u = await user();
    const phoneNumber = freshPhone();
    await saved(createMobile(u, { phoneNumber }));
    await withLookup(railDown, async (calls) => {
      for (const again of [phoneNumber, `0${phoneNumber}`]) {
        const response = await createMobile(u, { phoneNumber: again, firstName: 'Other' });
        expectRefusal(response, 409, 'beneficiary.exists');
        expect(envelope(response).message).toBe('This Beneficiary already exists!');
      }
      expect(calls).toEqual([]);
    });
    expect(await mobileList(u)).toHaveLength(1);
  });

  it('answers 409 for an account kept already at the same bank; the same digits at another bank are another account', async () => {
    const u = await user();
    const accountNo = freshAccount();
    await saved(createBank(u, { accountNo }));
    expectRefusal(await createBank(u, { accountNo: ` ${accountNo} ` }), 409, 'beneficiary.exists');
    await saved(createBank(u, { accountNo, bankId: ECOBANK_ID }));
    expect(await bankList(u)).toHaveLength(2);
  });

  it('lets another user keep the same number and account', async () => {
    const [ama, kofi] = [await user(), await user()];
    const phoneNumber = freshPhone();
    const accountNo = freshAccount();
    await saved(createMobile(ama, { phoneNumber }));
    await saved(createBank(ama, { accountNo }));
    await saved(createMobile(kofi, { phoneNumber }));
    await saved(createBank(kofi, { accountNo }));
  });

  it('saves one of several creates of the same number sent at once; the others answer 409', async () => {
    const u = await user();
    const phoneNumber = freshPhone();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createMobile(u, { phoneNumber })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await mobileList(u)).toHaveLength(1);
  });

  it('turns the unique index’s refusal into "exists" when the clear check was passed meanwhile', async () => {
    const u = await user();
    const values: NewBeneficiary = {
      userId: u.userId,
      type: 'bank',
      firstName: 'Ama',
      middleName: '',
      lastName: 'Mensah',
      motherMaidenName: '',
      phone: '',
      relationship: '',
      countryId: 1,
      network: null,
      bankId: GCB_BANK_ID,
      accountNo: freshAccount(),
      accountName: 'Ama Mensah',
    };
    expect((await insertBeneficiary(t.database.db, values, 'GCB Bank')).outcome).toBe('saved');
    expect(await insertBeneficiary(t.database.db, values, 'GCB Bank')).toEqual({ outcome: 'exists' });
  });
});

describe('lists', () => {
  it('orders by full name ignoring case, then by id, and shows only the user’s own', async () => {
    const [u, other] = [await user(), await user()];
    const names = [
      ['zainab', 'Issah'],
      ['Ama', 'Mensah'],
      ['adwoa', 'Boateng'],
      ['Ama', 'mensah'],
      ['AMA', 'Darko'],
    ] as const;
    const ids: number[] = [];
    for (const [firstName, lastName] of names) {
      ids.push((await saved(createMobile(u, { firstName, lastName, middleName: '' }))).id);
      await saved(createBank(u, { firstName, lastName }));
    }
    await saved(createMobile(other, { firstName: 'Abena', lastName: 'Appiah' }));
    const expected = ['adwoa Boateng', 'AMA Darko', 'Ama Mensah', 'Ama mensah', 'zainab Issah'];
    expect((await mobileList(u)).map((b) => b.fullName)).toEqual(expected);
    expect((await bankList(u)).map((b) => b.fullName)).toEqual(expected);
    const mensahs = (await mobileList(u))
      .filter((b) => b.lastName.toLowerCase() === 'mensah')
      .map((b) => b.id);
    expect(mensahs).toEqual([ids[1], ids[3]]);
  });
});

describe('editing', () => {
  it('changes the names and keeps what the body leaves out; an unchanged number is not looked up again', async () => {
    const u = await user();
    const before = await saved(createMobile(u, { motherMaidenName: 'Asante' }));
    await withLookup(railDown, async (calls) => {
      const response = await edit(u, {
        id: before.id,
        userId: u.userId,
        firstName: 'Akosua',
        lastName: 'Boateng',
        phoneNumber: `233${before.phoneNumber}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const after = beneficiarySchema.parse(envelope<Beneficiary>(response).data);
      expect(after).toEqual({
        ...before,
        firstName: 'Akosua',
        lastName: 'Boateng',
        fullName: 'Akosua Serwaa Boateng',
      });
      expect(calls).toEqual([]);
    });
    const cleared = await edit(u, {
      id: before.id,
      firstName: 'Akosua',
      lastName: 'Boateng',
      middleName: '',
      relationship: 'Friend',
      phoneNumber: `2330${before.phoneNumber}`,
    });
    expect(envelope<Beneficiary>(cleared).data).toMatchObject({
      fullName: 'Akosua Boateng',
      relationship: 'Friend',
      motherMaidenName: 'Asante',
      phone: before.phone,
      accountName: before.accountName,
    });
    expect(await mobileList(u)).toEqual([envelope<Beneficiary>(cleared).data]);
  });

  it('looks a changed number up again: new E.164, network and holder’s name', async () => {
    const u = await user();
    const before = await saved(createMobile(u));
    const phoneNumber = freshPhone('20');
    const response = await edit(u, {
      id: before.id,
      firstName: 'Ama',
      lastName: 'Mensah',
      phoneNumber: `233${phoneNumber}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<Beneficiary>(response).data).toMatchObject({
      phone: `+233${phoneNumber}`,
      phoneNumber,
      network: 'Telecel',
      accountName: sandboxAccountName(`+233${phoneNumber}`),
    });
  });

  it('refuses a changed number kept by another beneficiary (409), one nobody holds (404) or a rail down (502)', async () => {
    const u = await user();
    const first = await saved(createMobile(u));
    const second = await saved(createMobile(u));
    const change = (phoneNumber: string) =>
      edit(u, { id: second.id, firstName: 'Ama', lastName: 'Mensah', phoneNumber });
    expectRefusal(await change(`233${first.phoneNumber}`), 409, 'beneficiary.exists');
    expectRefusal(await change('233241000009'), 404, 'beneficiary.noAccount');
    await withLookup(railDown, async () => {
      expectRefusal(await change(`233${freshPhone()}`), 502, 'beneficiary.lookupFailed');
    });
    expect(await mobileList(u)).toEqual([first, second]);
  });

  it('keeps a bank beneficiary’s bank and account whatever the body says', async () => {
    const u = await user();
    const before = await saved(createBank(u));
    const response = await edit(u, {
      id: before.id,
      firstName: 'Kwame',
      lastName: 'Nkansah',
      phoneNumber: '',
      bankId: ECOBANK_ID,
      accountNo: freshAccount(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<Beneficiary>(response).data).toEqual({
      ...before,
      firstName: 'Kwame',
      lastName: 'Nkansah',
      fullName: 'Kwame Nkansah',
    });
  });
});

describe('deleting', () => {
  it('takes the beneficiary off the list, keeps it readable for receipts, and lets the number be added again', async () => {
    const u = await user();
    const mobile = await saved(createMobile(u));
    const bank = await saved(createBank(u));
    for (const beneficiary of [mobile, bank]) {
      const response = await remove(u, beneficiary.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(envelope(response).data).toBeNull();
    }
    expect(await mobileList(u)).toEqual([]);
    expect(await bankList(u)).toEqual([]);

    expectRefusal(await remove(u, mobile.id), 404, 'beneficiary.notFound');
    const editDeleted = await edit(u, {
      id: mobile.id,
      firstName: 'Ama',
      lastName: 'Mensah',
      phoneNumber: `233${mobile.phoneNumber}`,
    });
    expectRefusal(editDeleted, 404, 'beneficiary.notFound');

    const db = t.database.db;
    expect(await findBeneficiaryOfUser(db, u.userId, mobile.id)).toBeNull();
    const kept = await findBeneficiaryOfUser(db, u.userId, bank.id, { includeDeleted: true });
    expect(kept).toEqual({ ...bank, userId: u.userId, deletedAt: expect.any(Date) });
    expect(
      await findBeneficiaryOfUser(db, u.userId + 1_000_000, bank.id, { includeDeleted: true }),
    ).toBeNull();

    const again = await saved(createMobile(u, { phoneNumber: mobile.phoneNumber }));
    const bankAgain = await saved(createBank(u, { accountNo: bank.accountNo }));
    expect(again.id).not.toBe(mobile.id);
    expect(await mobileList(u)).toEqual([again]);
    expect(await bankList(u)).toEqual([bankAgain]);
  });

  it('finds a live beneficiary with its bank’s name for the transfer engine', async () => {
    const u = await user();
    const bank = await saved(createBank(u, { bankId: ECOBANK_ID }));
    expect(await findBeneficiaryOfUser(t.database.db, u.userId, bank.id)).toEqual({
      ...bank,
      bankName: 'Ecobank Ghana',
      userId: u.userId,
      deletedAt: null,
    });
  });
});

describe('the rules of spec section 5, one case each, with their messages', () => {
  let u: WalletUser;
  beforeAll(async () => {
    u = await user();
  });

  it.each([
    ['required: no first name', { firstName: ' ' }, ['beneficiary.required']],
    ['required: no last name', { lastName: '' }, ['beneficiary.required']],
    ['required: no phone', { phoneNumber: '' }, ['beneficiary.required']],
    ['names of letters and spaces', { firstName: 'Ama1' }, ['beneficiary.nameInvalid']],
    ['a valid phone number', { phoneNumber: '24123' }, ['beneficiary.phoneInvalid']],
    ['first name at most 15', { firstName: 'A'.repeat(16) }, ['beneficiary.firstNameTooLong']],
    ['last name at most 15', { lastName: 'M'.repeat(16) }, ['beneficiary.lastNameTooLong']],
    [
      'all of them, in the spec’s order',
      { firstName: 'Ama!'.repeat(5), lastName: '', phoneNumber: '12ab' },
      [
        'beneficiary.required',
        'beneficiary.nameInvalid',
        'beneficiary.phoneInvalid',
        'beneficiary.firstNameTooLong',
      ],
    ],
    // Issue 21: markup in a middle name reached the receiver's receipt; the other loose fields were as open.
    [
      'a middle name of letters and spaces',
      { middleName: '<img src=x onerror=alert(1)><script>' },
      ['beneficiary.nameInvalid'],
    ],
    [
      'a mother’s maiden name of letters and spaces',
      { motherMaidenName: 'Owusu2' },
      ['beneficiary.nameInvalid'],
    ],
    [
      'a relationship of letters and spaces',
      { relationship: '<b>Sister</b>' },
      ['beneficiary.relationshipInvalid'],
    ],
    ['a relationship of at most 30', { relationship: 'S'.repeat(31) }, ['beneficiary.relationshipInvalid']],
    [
      'the loose fields after the spec’s rules',
      { middleName: 'K1', phoneNumber: '24123', relationship: 'Sister!' },
      ['beneficiary.nameInvalid', 'beneficiary.phoneInvalid', 'beneficiary.relationshipInvalid'],
    ],
  ] as const)('mobile create: %s', async (_, overrides, messageIds) => {
    expectRefusal(await createMobile(u, overrides), 400, ...messageIds);
  });

  it.each([
    ['required: no account', { accountNo: '' }, ['beneficiary.required']],
    ['required: no bank', { bankId: 0 }, ['beneficiary.required']],
    ['names of letters and spaces', { lastName: 'Owusu-Ansah' }, ['beneficiary.nameInvalid']],
    ['account of digits', { accountNo: '12345abcde' }, ['beneficiary.accountDigits']],
    ['account of at least 10 digits', { accountNo: '123456789' }, ['beneficiary.accountTooShort']],
    ['account of at most 20 digits', { accountNo: '1'.repeat(21) }, ['beneficiary.accountTooLong']],
    ['first name at most 15', { firstName: 'K'.repeat(16) }, ['beneficiary.firstNameTooLong']],
    ['last name at most 15', { lastName: 'O'.repeat(16) }, ['beneficiary.lastNameTooLong']],
    ['a phone, when given, valid', { phoneNumber: '1234' }, ['beneficiary.phoneInvalid']],
    ['a bank that exists', { bankId: UNKNOWN_BANK_ID }, ['bank.unknown']],
    ['a middle name of letters and spaces', { middleName: '<script>' }, ['beneficiary.nameInvalid']],
    [
      'a mother’s maiden name of letters and spaces',
      { motherMaidenName: 'A&B' },
      ['beneficiary.nameInvalid'],
    ],
  ] as const)('bank create: %s', async (_, overrides, messageIds) => {
    expectRefusal(await createBank(u, overrides), 400, ...messageIds);
  });

  describe('edit', () => {
    let mobile: Beneficiary;
    let bank: Beneficiary;
    beforeAll(async () => {
      mobile = await saved(createMobile(u));
      bank = await saved(createBank(u));
    });
    const valid = () => ({ firstName: 'Ama', lastName: 'Mensah', phoneNumber: `233${mobile.phoneNumber}` });

    it.each([
      ['first name not empty', { firstName: ' ' }, ['beneficiary.edit.firstNameEmpty']],
      ['last name not empty', { lastName: '' }, ['beneficiary.edit.lastNameEmpty']],
      ['first name of letters', { firstName: 'Ama2' }, ['beneficiary.edit.firstNameInvalid']],
      ['last name of letters', { lastName: 'Men$ah' }, ['beneficiary.edit.lastNameInvalid']],
      ['names at most 30', { lastName: 'M'.repeat(31) }, ['beneficiary.edit.nameTooLong']],
      [
        'phone of at least 12 with its 233',
        { phoneNumber: '23324123456' },
        ['beneficiary.edit.phoneInvalid'],
      ],
      ['phone starting with 233', { phoneNumber: '441234567890' }, ['beneficiary.edit.phoneInvalid']],
      [
        'all of them, in the spec’s order',
        { firstName: '', lastName: `${'M'.repeat(30)}1`, phoneNumber: '233' },
        [
          'beneficiary.edit.firstNameEmpty',
          'beneficiary.edit.lastNameInvalid',
          'beneficiary.edit.nameTooLong',
          'beneficiary.edit.phoneInvalid',
        ],
      ],
      ['a middle name of letters and spaces', { middleName: 'K<i>' }, ['beneficiary.nameInvalid']],
      [
        'a mother’s maiden name of letters and spaces',
        { motherMaidenName: '1' },
        ['beneficiary.nameInvalid'],
      ],
      ['a relationship of letters and spaces', { relationship: '<b>' }, ['beneficiary.relationshipInvalid']],
      ['a relationship of at most 30', { relationship: 'S'.repeat(31) }, ['beneficiary.relationshipInvalid']],
    ] as const)('mobile: %s', async (_, overrides, messageIds) => {
      expectRefusal(await edit(u, { id: mobile.id, ...valid(), ...overrides }), 400, ...messageIds);
      expect((await mobileList(u)).find((b) => b.id === mobile.id)).toEqual(mobile);
    });

    it('bank: the names’ rules, and no phone rule', async () => {
      expectRefusal(
        await edit(u, { id: bank.id, firstName: 'K0fi', lastName: '', phoneNumber: '12' }),
        400,
        'beneficiary.edit.lastNameEmpty',
        'beneficiary.edit.firstNameInvalid',
      );
    });
  });

  it.each([
    ['mobile: a valid phone number', { type: 'mobile', phoneNumber: '2412' }, ['beneficiary.phoneInvalid']],
    ['mobile: a phone', { type: 'mobile', phoneNumber: '' }, ['beneficiary.required']],
    [
      'bank: an account of at least 10 digits',
      { type: 'bank', bankId: GCB_BANK_ID, accountNo: '12345' },
      ['beneficiary.accountTooShort'],
    ],
    [
      'bank: a bank that exists',
      { type: 'bank', bankId: UNKNOWN_BANK_ID, accountNo: '1234567890' },
      ['bank.unknown'],
    ],
  ] as const)('name lookup: %s', async (_, payload, messageIds) => {
    expectRefusal(await resolve(u, payload), 400, ...messageIds);
  });
});

describe('the fields spec section 3 lists without a rule (issue 21)', () => {
  it('takes what people write: the spec’s mobile fields with a relationship, names in any script', async () => {
    const u = await user();
    const mobile = await saved(
      createMobile(u, {
        middleName: 'Akosua Serwaa',
        motherMaidenName: 'Ɔbɛng',
        relationship: 'Business partner',
      }),
    );
    expect(mobile).toMatchObject({
      middleName: 'Akosua Serwaa',
      motherMaidenName: 'Ɔbɛng',
      relationship: 'Business partner',
    });
    expect(await saved(createMobile(u, { relationship: 'S'.repeat(30) }))).toMatchObject({
      relationship: 'S'.repeat(30),
    });
    // The spec's request may leave the loose fields out: they default to ''.
    const { middleName: _m, motherMaidenName: _mm, relationship: _r, ...bare } = mobileBody(u);
    const response = await call(u, 'POST', apiPaths.createMobileBeneficiary, { payload: bare });
    expect(created(response)).toMatchObject({ middleName: '', motherMaidenName: '', relationship: '' });
  });

  it('saves nothing when a loose field breaks its rule', async () => {
    const u = await user();
    expectRefusal(await createMobile(u, { middleName: '<img src=x>' }), 400, 'beneficiary.nameInvalid');
    expectRefusal(await createBank(u, { motherMaidenName: '<script>' }), 400, 'beneficiary.nameInvalid');
    expect(await mobileList(u)).toEqual([]);
    expect(await bankList(u)).toEqual([]);
  });

  it('does not judge again what a beneficiary saved before the rules keeps; a new value is judged', async () => {
    const u = await user();
    const legacy = await insertBeneficiary(
      t.database.db,
      {
        userId: u.userId,
        type: 'mobile',
        firstName: 'Ama',
        middleName: 'Serwaa-Akosua',
        lastName: 'Mensah',
        motherMaidenName: 'Owusu (née)',
        phone: `+233${freshPhone()}`,
        relationship: 'Brother-in-law',
        countryId: 1,
        network: 'MTN',
        bankId: null,
        accountNo: null,
        accountName: 'Ama Mensah',
      },
      null,
    );
    if (legacy.outcome !== 'saved') throw new Error('legacy beneficiary not saved');
    const before = (await mobileList(u))[0]!;
    // The edit dialog sends the full beneficiary, the loose fields as saved.
    const full = {
      id: before.id,
      firstName: 'Akua',
      middleName: before.middleName,
      lastName: 'Mensah',
      motherMaidenName: before.motherMaidenName,
      phoneNumber: `233${before.phoneNumber}`,
      relationship: before.relationship,
    };
    const response = await edit(u, full);
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope<Beneficiary>(response).data).toMatchObject({
      firstName: 'Akua',
      middleName: 'Serwaa-Akosua',
      relationship: 'Brother-in-law',
    });
    expectRefusal(
      await edit(u, { ...full, relationship: 'Sister-in-law' }),
      400,
      'beneficiary.relationshipInvalid',
    );
    expectRefusal(await edit(u, { ...full, middleName: 'Serwaa-Ama' }), 400, 'beneficiary.nameInvalid');
    const fixed = await edit(u, { ...full, middleName: 'Serwaa', relationship: 'Brother in law' });
    expect(envelope<Beneficiary>(fixed).data).toMatchObject({
      middleName: 'Serwaa',
      relationship: 'Brother in law',
    });
  });
});

describe('the holder’s name before saving (POST api/Beneficiary/ResolveAccountName)', () => {
  it('answers the name of a MoMo number or a bank account', async () => {
    const u = await user();
    const phoneNumber = freshPhone();
    const mobile = await resolve(u, { type: 'mobile', phoneCode: '+233', phoneNumber });
    expect(mobile.statusCode, mobile.body).toBe(200);
    expect(envelope(mobile).data).toEqual({ accountName: sandboxAccountName(`+233${phoneNumber}`) });
    const accountNo = freshAccount();
    const bank = await resolve(u, { type: 'bank', bankId: GCB_BANK_ID, accountNo });
    expect(envelope(bank).data).toEqual({ accountName: sandboxAccountName(accountNo) });
    // What is resolved is not saved.
    expect(await mobileList(u)).toEqual([]);
  });

  it('answers 404 for an account nobody holds and 502 when the rail cannot answer', async () => {
    const u = await user();
    const mobile = { type: 'mobile', phoneNumber: '241000009' };
    expectRefusal(await resolve(u, mobile), 404, 'beneficiary.noAccount');
    expect(envelope(await resolve(u, mobile)).message).toBe(domainMessages['beneficiary.noAccount']);
    expectRefusal(
      await resolve(u, { type: 'bank', bankId: GCB_BANK_ID, accountNo: '5550000009' }),
      404,
      'beneficiary.noAccount',
    );
    await withLookup(railDown, async () => {
      expectRefusal(
        await resolve(u, { type: 'mobile', phoneNumber: freshPhone() }),
        502,
        'beneficiary.lookupFailed',
      );
    });
  });

  it(`allows ${NAME_LOOKUPS_PER_HOUR} lookups an hour per user, then answers 429`, async () => {
    const [u, other] = [await user(), await user()];
    const payload = { type: 'mobile', phoneNumber: '241234567' };
    for (let index = 0; index < NAME_LOOKUPS_PER_HOUR; index += 1) {
      const response = await resolve(u, payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectRefusal(await resolve(u, payload), 429, 'request.tooMany');
    expect((await resolve(other, payload)).statusCode).toBe(200);
  });
});

describe('whose beneficiaries (BOLA)', () => {
  it('answers 404 when a user edits or deletes another user’s beneficiary, which stays as it was', async () => {
    const [ama, kofi] = [await user(), await user()];
    const beneficiary = await saved(createMobile(ama));
    const editing = await edit(kofi, {
      id: beneficiary.id,
      firstName: 'Kofi',
      lastName: 'Owusu',
      phoneNumber: `233${beneficiary.phoneNumber}`,
    });
    expectRefusal(editing, 404, 'beneficiary.notFound');
    expectRefusal(await remove(kofi, beneficiary.id), 404, 'beneficiary.notFound');
    // The same answer as an id that does not exist.
    expectRefusal(await remove(kofi, 2_000_000_000), 404, 'beneficiary.notFound');
    expect(await mobileList(ama)).toEqual([beneficiary]);
  });

  it('answers 403 to another user’s id in a query or a body', async () => {
    const [ama, kofi] = [await user(), await user()];
    const other = String(kofi.userId);
    const answers = [
      await call(ama, 'GET', apiPaths.mobileBeneficiaries, { query: { userId: other } }),
      await call(ama, 'GET', apiPaths.bankBeneficiaries, { query: { UserId: other } }),
      await call(ama, 'GET', apiPaths.bankBeneficiaries, {
        query: { UserId: String(ama.userId), userId: other },
      }),
      await call(ama, 'POST', apiPaths.createMobileBeneficiary, { payload: mobileBody(kofi) }),
      await call(ama, 'POST', apiPaths.createBankBeneficiary, { payload: bankBody(kofi) }),
      await edit(ama, { id: 1, userId: kofi.userId, firstName: 'Ama', lastName: 'Mensah' }),
    ];
    for (const answer of answers) expectRefusal(answer, 403, 'auth.forbidden');
    expect(await mobileList(kofi)).toEqual([]);
  });
});

const everyEndpoint = (u: WalletUser): [string, () => Promise<LightMyRequestResponse>][] => [
  ['create mobile', () => createMobile(u)],
  ['create bank', () => createBank(u)],
  [
    'mobile list',
    () => call(u, 'GET', apiPaths.mobileBeneficiaries, { query: { userId: String(u.userId) } }),
  ],
  ['bank list', () => call(u, 'GET', apiPaths.bankBeneficiaries, { query: { UserId: String(u.userId) } })],
  ['edit', () => edit(u, { id: 1, firstName: 'Ama', lastName: 'Mensah', phoneNumber: '233241234567' })],
  ['delete', () => remove(u, 1)],
  ['name lookup', () => resolve(u, { type: 'mobile', phoneNumber: '241234567' })],
];

describe('the gates', () => {
  it('answers 403 identity.required on every endpoint until the user has an identification', async () => {
    const signedIn = await signedInUser(t.app);
    const u: WalletUser = { userId: signedIn.userId, token: signedIn.token };
    for (const [name, request] of everyEndpoint(u)) {
      const response = await request();
      expect(response.statusCode, name).toBe(403);
      expect(envelope<ErrorData>(response).data.messageId, name).toBe('identity.required');
    }
    const { imageId } = await uploadImage(t.app, u.token);
    await addedIdentification(t.app, u.token, validIdentification(u.userId, imageId));
    await saved(createMobile(u));
    expect(await mobileList(u)).toHaveLength(1);
  });

  it('answers 401 on every endpoint without a token', async () => {
    const u = await user();
    for (const [name, request] of everyEndpoint({ ...u, token: '' })) {
      const response = await request();
      expect(response.statusCode, name).toBe(401);
      expect(envelope<ErrorData>(response).data.messageId, name).toBe('auth.required');
    }
  });
});

describe('bad input is a 400 on every endpoint, never a 500', () => {
  let u: WalletUser;
  let mobile: Beneficiary;
  beforeAll(async () => {
    u = await user();
    mobile = await saved(createMobile(u));
  });

  it.each([
    ['create mobile: a name that is not text', () => createMobile(u, { firstName: 5 })],
    ['create mobile: no phone at all', () => createMobile(u, { phoneNumber: undefined })],
    ['create mobile: another dial code', () => createMobile(u, { phoneCode: '+44' })],
    ['create mobile: another country', () => createMobile(u, { countryId: 2 })],
    [
      'create mobile: a middle name longer than the table keeps',
      () => createMobile(u, { middleName: 'A'.repeat(101) }),
    ],
    ['create bank: a bank id that is not a number', () => createBank(u, { bankId: 'GCB' })],
    ['create bank: no account at all', () => createBank(u, { accountNo: undefined })],
    ['create bank: a bank id past the integers', () => createBank(u, { bankId: 10_000_000_000 })],
    [
      'create bank: a phone of another dial code',
      () => createBank(u, { phoneCode: '+1', phoneNumber: '2025550123' }),
    ],
    ['mobile list: no userId', () => call(u, 'GET', apiPaths.mobileBeneficiaries)],
    ['bank list: no UserId', () => call(u, 'GET', apiPaths.bankBeneficiaries)],
    ['edit: no id', () => edit(u, { firstName: 'Ama', lastName: 'Mensah', phoneNumber: '233241234567' })],
    ['edit: an id that is not a number', () => edit(u, { id: 'one', firstName: 'Ama', lastName: 'Mensah' })],
    [
      'edit: a relationship too long',
      () => edit(u, { id: mobile.id, firstName: 'A', lastName: 'B', relationship: 'x'.repeat(101) }),
    ],
    ['delete: no id', () => call(u, 'DELETE', apiPaths.deleteBeneficiary)],
    ['delete: an id that is not a number', () => remove(u, 'abc')],
    ['delete: id 0', () => remove(u, 0)],
    ['delete: an id past the integers', () => remove(u, 3_000_000_000)],
    ['edit: an id past the integers', () => edit(u, { id: 3_000_000_000, firstName: 'A', lastName: 'B' })],
    ['name lookup: an unknown kind', () => resolve(u, { type: 'card', phoneNumber: '241234567' })],
    [
      'name lookup: another dial code',
      () => resolve(u, { type: 'mobile', phoneCode: '+234', phoneNumber: '8031234567' }),
    ],
    ['name lookup: no body', () => call(u, 'POST', apiPaths.resolveAccountName)],
    [
      'name lookup: a bank id past the integers',
      () => resolve(u, { type: 'bank', bankId: 10_000_000_000, accountNo: '1234567890' }),
    ],
  ] as const)('%s', async (_, request) => {
    expectRefusal(await request(), 400, 'request.invalid');
  });

  it('leaves the beneficiary as it was', async () => {
    expect(await mobileList(u)).toEqual([mobile]);
  });
});

describe('the sandbox’s account holders', () => {
  it('answers the same Ghanaian name for the same number, and none for numbers ending 000009', () => {
    expect(sandboxAccountName('0241234567')).toBe('Kwaku Agyeman');
    expect(sandboxAccountName('+233241234567')).toBe('Kwaku Agyeman');
    expect(sandboxAccountName('1234567800')).toBe('Ama Agbeko');
    expect(sandboxAccountName('241000009')).toBeNull();
    expect(sandboxAccountName('0123456000009')).toBeNull();
    expect(sandboxAccountName('241000019')).not.toBeNull();
  });
});
