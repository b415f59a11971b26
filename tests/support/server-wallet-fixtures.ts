import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { WalletHistoryRow, WalletOperationResult } from '../../src/contract/wallet';
import type { Db } from '../../src/server/db/client';
import type { AccountTier } from '../../src/domain/tiers';
import { identificationImages, identifications } from '../../src/server/db/schema';
import { setTier, tierAfterIdentification } from '../../src/server/tiers/tiers';
import { bearer, envelope, signedInUser } from './server-helpers';

let identificationSerial = 0;

/**
 * Gives the user an identification (an image row, then the identification) straight in the database, and the tier
 * it earns ('none' -> 'minimum', with its audit row), as AddUserIdentification does.
 */
export const giveIdentification = async (db: Db, userId: number): Promise<void> => {
  const [image] = await db
    .insert(identificationImages)
    .values({
      userId,
      contentType: 'image/png',
      sizeBytes: 1024,
      storagePath: `${userId}/${randomUUID()}.png`,
    })
    .returning({ id: identificationImages.id });
  if (!image) throw new Error('no image row');
  identificationSerial += 1;
  const number = `${process.pid % 1000}${String(userId).padStart(4, '0')}${String(identificationSerial).padStart(3, '0')}`;
  await db.insert(identifications).values({
    userId,
    identificationTypeId: 1,
    identificationNumber: number.padStart(10, '9').slice(-10),
    issuedDate: '2020-01-01',
    expiryDate: '2035-01-01',
    imageId: image.id,
  });
  await db.transaction((tx) => tierAfterIdentification(tx, userId));
};

/**
 * The test seed of verified users: puts the user at `tier` as the verification path does (setTier, with its
 * 'tier.changed' audit row), without the Ghana Card register or a compliance officer. Never a way to turn limits off.
 */
export const giveTier = async (db: Db, userId: number, tier: AccountTier): Promise<void> => {
  await db.transaction((tx) =>
    setTier(tx, userId, tier, { kind: 'system', name: 'test-seed' }, 'test seed of a verified user'),
  );
};

export interface WalletUser {
  userId: number;
  token: string;
}

/** A new signed-in user, identified unless told otherwise (at the Minimum tier, or at `tier`). */
export const walletUser = async (
  app: FastifyInstance,
  db: Db,
  identified = true,
  tier?: AccountTier,
): Promise<WalletUser> => {
  const user = await signedInUser(app);
  if (identified) await giveIdentification(db, user.userId);
  if (tier) await giveTier(db, user.userId, tier);
  return { userId: user.userId, token: user.token };
};

export const newKey = () => `key-${randomUUID()}`;

export const VALID_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const INSUFFICIENT_CARD = '4000000000009995';
/** Seeded bank 13 is GCB Bank. */
export const GCB_BANK_ID = 13;

export const cardBody = (user: WalletUser, amount: number, overrides: Record<string, unknown> = {}) => ({
  userId: user.userId,
  amount,
  firstName: 'Ama',
  lastName: 'Mensah',
  cardNumber: VALID_CARD,
  cvv: '123',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  ...overrides,
});

export const bankTopUpBody = (user: WalletUser, amount: number, overrides: Record<string, unknown> = {}) => ({
  userId: user.userId,
  amount,
  bankAccountNumber: '0123456789',
  bankId: GCB_BANK_ID,
  bankRoutingNumber: '1',
  accountTypeId: 1,
  ...overrides,
});

export const momoTopUpBody = (user: WalletUser, amount: number, phone = '0241234567', provider = 'MTN') => ({
  userId: user.userId,
  amount,
  phone,
  provider,
});

export const bankWithdrawalBody = (user: WalletUser, amount: number, account = '0123456789') => ({
  userId: user.userId,
  amount,
  isMOMOWithdrawal: false,
  bankAccountNumber: account,
  bankId: GCB_BANK_ID,
});

export const momoWithdrawalBody = (user: WalletUser, amount: number, phone = '0241234567') => ({
  userId: user.userId,
  amount,
  isMOMOWithdrawal: true,
  momoMobileNumber: phone,
  provider: 'MTN',
});

export type MoneyPath =
  | typeof apiPaths.cardTopUp
  | typeof apiPaths.bankTopUp
  | typeof apiPaths.momoTopUp
  | typeof apiPaths.withdrawal;

/** A money-moving POST with its Idempotency-Key (a new one unless given; null sends none). */
export const postMoney = (
  app: FastifyInstance,
  user: WalletUser,
  url: MoneyPath,
  payload: object,
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });

export const resultOf = (response: LightMyRequestResponse): WalletOperationResult => {
  expect([200, 202], response.body).toContain(response.statusCode);
  return envelope<WalletOperationResult>(response).data;
};

export const walletAmount = async (app: FastifyInstance, user: WalletUser): Promise<number> => {
  const response = await app.inject({
    method: 'GET',
    url: `${apiPaths.walletAmount}?userId=${user.userId}`,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<{ walletAmount: number }>(response).data.walletAmount;
};

export const operation = async (app: FastifyInstance, user: WalletUser, referenceNumber: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `${apiPaths.walletOperation}?referenceNumber=${encodeURIComponent(referenceNumber)}`,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<WalletOperationResult>(response).data;
};

export const history = async (app: FastifyInstance, user: WalletUser): Promise<WalletHistoryRow[]> => {
  const response = await app.inject({
    method: 'GET',
    url: `${apiPaths.walletHistory}?userId=${user.userId}`,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<WalletHistoryRow[]>(response).data;
};

/** Tops the wallet up by card (approved) and checks it. */
export const fundWallet = async (app: FastifyInstance, user: WalletUser, amount: number) => {
  const response = await postMoney(app, user, apiPaths.cardTopUp, cardBody(user, amount));
  expect(response.statusCode, response.body).toBe(200);
  return resultOf(response);
};
