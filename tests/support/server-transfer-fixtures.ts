import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { TransferQuote } from '../../src/contract/transfer';
import type { SignUpInput } from '../../src/domain/sign-up';
import type { Db } from '../../src/server/db/client';
import { beneficiaries, transferCarts, users } from '../../src/server/db/schema';
import { COUNTRIES } from '../../src/server/seed/reference-data';
import { bearer, envelope, signedInUser } from './server-helpers';
import type { AccountTier } from '../../src/domain/tiers';
import { fundWallet, giveIdentification, giveTier, newKey, type WalletUser } from './server-wallet-fixtures';

/*
 * Transfers in the API tests: beneficiaries are written straight in the database (their routes belong to another
 * area), carts are made through InitiateTransfer and paid through PayNow.
 */

/** Seeded: bank 13 is GCB Bank; delivery 1 Mobile Money, 2 Bank Deposit, 3 Cash Pickup (disabled); purpose 4 Other. */
export const GCB_BANK_ID = 13;
export const MOBILE_MONEY_DELIVERY = 1;
export const BANK_DEPOSIT_DELIVERY = 2;
/** Cash pick-up: enabled; the tests that need a disabled method switch it off for themselves. */
export const DISABLED_DELIVERY = 3;
export const CASH_PICKUP_DELIVERY = 3;
export const FAMILY_SUPPORT = 1;

/** A seeded country's id by its ISO code (Ghana is 1). */
export const countryIdOf = (isoCode: string): number => {
  const country = COUNTRIES.find((c) => c.isoCode === isoCode);
  if (!country) throw new Error(`no seeded country ${isoCode}`);
  return country.id;
};

/**
 * A transfer abroad: a cash pick-up collected in the country of `isoCode`, in `currency` (issue 22: the receiving
 * country decides the currency, and a MoMo wallet or bank account in Ghana is paid in Ghana, in cedis).
 */
export const cashPickupIn = (isoCode: string, currency: string) => ({
  receivingCountryId: countryIdOf(isoCode),
  currency,
  deliveryMethodId: CASH_PICKUP_DELIVERY,
});

export interface TransferUser extends WalletUser {
  input: SignUpInput;
  fullName: string;
}

/**
 * The lowest tier whose maximum balance (the seeded Bank of Ghana rows: GH₵ 5,000 / 40,000 / 75,000) holds `cedis`.
 * More than the Enhanced tier's maximum balance is no wallet's: such a test must move less.
 */
export const tierHolding = (cedis: number): AccountTier => {
  if (cedis <= 5_000) return 'minimum';
  if (cedis <= 40_000) return 'medium';
  if (cedis <= 75_000) return 'enhanced';
  throw new Error(`no tier holds GH₵ ${cedis}`);
};

/**
 * A signed-in user with an identification (unless told otherwise), funded with `cedis` by card when given, at
 * `tier` (by default the lowest that holds `cedis`; above Minimum through the test seed of verified users).
 */
export const transferUser = async (
  app: FastifyInstance,
  db: Db,
  {
    cedis = 0,
    identified = true,
    tier,
    ...overrides
  }: { cedis?: number; identified?: boolean; tier?: AccountTier } & Partial<SignUpInput> = {},
): Promise<TransferUser> => {
  const user = await signedInUser(app, overrides);
  if (identified) await giveIdentification(db, user.userId);
  const wanted = tier ?? (identified ? tierHolding(cedis) : undefined);
  if (wanted && wanted !== 'minimum') await giveTier(db, user.userId, wanted);
  const transferUser: TransferUser = {
    userId: user.userId,
    token: user.token,
    input: user.input,
    fullName: [user.input.firstName, user.input.middleName, user.input.lastName].filter(Boolean).join(' '),
  };
  // The card top-up limit is GH₵ 100,000 an operation.
  for (let left = cedis; left > 0; left -= 90_000)
    await fundWallet(app, transferUser, Math.min(left, 90_000));
  return transferUser;
};

/** A Ghanaian MoMo number in E.164 not used before (random), ending as given (the sandbox reads the end). */
export const newPhone = (ending = '') => {
  const digits = `24${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return `+233${digits.slice(0, digits.length - ending.length)}${ending}`;
};

export const newAccountNo = (ending = '') => {
  const digits = `10${String(randomInt(0, 100_000_000)).padStart(8, '0')}${String(randomInt(0, 100)).padStart(2, '0')}`;
  return `${digits.slice(0, digits.length - ending.length)}${ending}`;
};

interface BeneficiaryValues {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  countryId?: number;
}

export const addMobileBeneficiary = async (
  db: Db,
  userId: number,
  phone = newPhone(),
  { firstName = 'Kofi', middleName = '', lastName = 'Boateng', countryId = 1 }: BeneficiaryValues = {},
): Promise<number> => {
  const [row] = await db
    .insert(beneficiaries)
    .values({
      userId,
      type: 'mobile',
      firstName,
      middleName,
      lastName,
      phone,
      countryId,
      network: 'MTN',
      accountName: `${firstName} ${lastName}`,
    })
    .returning({ id: beneficiaries.id });
  if (!row) throw new Error('no beneficiary row');
  return row.id;
};

export const addBankBeneficiary = async (
  db: Db,
  userId: number,
  accountNo = newAccountNo(),
  { firstName = 'Efua', middleName = '', lastName = 'Owusu', countryId = 1 }: BeneficiaryValues = {},
): Promise<number> => {
  const [row] = await db
    .insert(beneficiaries)
    .values({
      userId,
      type: 'bank',
      firstName,
      middleName,
      lastName,
      countryId,
      bankId: GCB_BANK_ID,
      accountNo,
      accountName: `${firstName} ${lastName}`,
    })
    .returning({ id: beneficiaries.id });
  if (!row) throw new Error('no beneficiary row');
  return row.id;
};

export const deleteBeneficiary = async (db: Db, id: number): Promise<void> => {
  await db
    .update(beneficiaries)
    .set({ deletedAt: sql`now()` })
    .where(eq(beneficiaries.id, id));
};

/** Makes `phone` the user's verified phone (what the SMS code check does): transfers to it become on-us. */
export const verifyPhone = async (db: Db, userId: number, phone: string): Promise<void> => {
  await db.update(users).set({ verifiedPhone: phone }).where(eq(users.id, userId));
};

/** Moves a cart's quote into the past: it expired a minute ago. */
export const expireCart = async (db: Db, cartId: string): Promise<void> => {
  await db
    .update(transferCarts)
    .set({ createdAt: sql`now() - interval '16 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(transferCarts.id, cartId));
};

/** A transfer request every rule accepts: GH₵ `amount` to the beneficiary, local, by Mobile Money. */
export const transferRequest = (
  user: WalletUser,
  beneficiaryId: number,
  amount: number,
  overrides: object = {},
) => ({
  sendAmount: amount,
  currency: 'GHS',
  sendingCountryId: 1,
  receivingCountryId: 1,
  paymentMethodId: 0,
  senderId: user.userId,
  beneficiaryId,
  deliveryMethodId: MOBILE_MONEY_DELIVERY,
  transactionPurposeId: FAMILY_SUPPORT,
  identificationId: 0,
  payeeNote: '',
  ...overrides,
});

export const initiate = (
  app: FastifyInstance,
  user: WalletUser,
  payload: object,
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: apiPaths.initiateTransfer, headers: bearer(user.token), payload });

/** Initiates and expects the quote (201). */
export const quoteFor = async (
  app: FastifyInstance,
  user: WalletUser,
  beneficiaryId: number,
  amount: number,
  overrides: object = {},
): Promise<TransferQuote> => {
  const response = await initiate(app, user, transferRequest(user, beneficiaryId, amount, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return envelope<TransferQuote>(response).data;
};

export const payNow = (
  app: FastifyInstance,
  user: WalletUser,
  cartId: string,
  key: string | null = newKey(),
  payload: object = { userId: user.userId, cartId },
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPaths.payNow,
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });

export const review = (app: FastifyInstance, user: WalletUser, cartId: string) =>
  app.inject({
    method: 'GET',
    url: apiPaths.reviewTransfer,
    query: { CartId: cartId },
    headers: bearer(user.token),
  });

export const transactionDetail = (app: FastifyInstance, user: WalletUser, referenceNumber: string) =>
  app.inject({
    method: 'GET',
    url: apiPaths.transactionByReference,
    query: { referenceNumber },
    headers: bearer(user.token),
  });
