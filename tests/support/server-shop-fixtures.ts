import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { GemPacks, GemPurchasesPage } from '../../src/contract/gems';
import { apiPaths } from '../../src/contract/paths';
import { bearer, envelope } from './server-helpers';
import { newKey, type WalletUser } from './server-wallet-fixtures';

/* The treasure shop through the HTTP API, as the gateway page calls it. */

/** POST api/Shop/BuyGemPack with its Idempotency-Key (a new one unless given; null sends none). */
export const buyGemPack = (
  app: FastifyInstance,
  user: WalletUser,
  body: { packId: string; price?: number; userId?: number },
  key: string | null = newKey(),
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: apiPaths.buyGemPack,
    headers: { ...bearer(user.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { userId: user.userId, ...body },
  });

const get = async <Data>(app: FastifyInstance, user: WalletUser, url: string): Promise<Data> => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<Data>(response).data;
};

export const gemPacks = (app: FastifyInstance, user: WalletUser) =>
  get<GemPacks>(app, user, apiPaths.gemPacks);

export const gemBalance = async (app: FastifyInstance, user: WalletUser): Promise<number> =>
  (await get<{ gems: number }>(app, user, `${apiPaths.gemBalance}?userId=${user.userId}`)).gems;

export const gemPurchases = (app: FastifyInstance, user: WalletUser, query = '') =>
  get<GemPurchasesPage>(app, user, `${apiPaths.gemPurchasesPage}?userId=${user.userId}${query}`);
