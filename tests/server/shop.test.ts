import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import type { GatewayUserDetails } from '../../src/contract/gems';
import { apiPaths } from '../../src/contract/paths';
import type { WalletOperationResult } from '../../src/contract/wallet';
import { appendRate } from '../../src/server/routes/transfer/rates-repository';
import { bearer, envelope } from '../support/server-helpers';
import { buyGemPack, gemBalance, gemPacks, gemPurchases } from '../support/server-shop-fixtures';
import {
  history,
  newKey,
  walletAmount,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants, ledgerTotalsByAsset } from '../support/server-wallet-invariants';
import { accountTotal, entriesOf, fundWallet as fundLedgerWallet } from '../support/server-wallet-ledger';
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

/** A user without an identification (the shop does not ask for one) with `cedis` in the wallet. */
const shopper = async (cedis: number): Promise<WalletUser> => {
  const user = await walletUser(t.app, db(), false);
  if (cedis > 0) await fundLedgerWallet(db(), user.userId, Math.round(cedis * 100));
  return user;
};

const nothingMoved = async (user: WalletUser, cedis: number) => {
  expect(await walletAmount(t.app, user)).toBe(cedis);
  expect(await gemBalance(t.app, user)).toBe(0);
  expect((await gemPurchases(t.app, user)).total).toBe(0);
};

describe('GetGemPacks: the three packs of spec section 2 in GHS at the current USD rate', () => {
  it('prices each pack at the seeded rate (0.08 USD per GHS), rounded up to the pesewa, with its dollar price', async () => {
    const user = await shopper(0);
    expect(await gemPacks(t.app, user)).toMatchObject({
      currency: 'USD',
      rate: '0.08',
      packs: [
        { id: 'gems-2500', gems: 2500, usdPrice: 19.99, price: 249.88 },
        { id: 'gems-6500', gems: 6500, usdPrice: 49.99, price: 624.88 },
        { id: 'gems-14000', gems: 14000, usdPrice: 99.99, price: 1249.88 },
      ],
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPaths.gemPacks })).statusCode).toBe(401);
  });
});

describe('BuyGemPack: one ledger transaction, cedis to shop revenue and gems to the buyer', () => {
  it('buys the 6,500-gem pack at the server price: wallet, gems, purchase history, wallet history, entries', async () => {
    const user = await shopper(700);
    const result = resultOf(await buyGemPack(t.app, user, { packId: 'gems-6500', price: 624.88 }));
    expect(result).toMatchObject({ status: 'Successful', amount: 624.88, walletAmount: 75.12 });
    expect(await walletAmount(t.app, user)).toBe(75.12);
    expect(await gemBalance(t.app, user)).toBe(6500);
    const purchases = await gemPurchases(t.app, user);
    expect(purchases).toMatchObject({ total: 1, page: 0, pageSize: 5 });
    expect(purchases.rows).toEqual([
      expect.objectContaining({
        referenceNumber: result.referenceNumber,
        packId: 'gems-6500',
        gems: 6500,
        amount: 624.88,
        usdPrice: 49.99,
        rate: '0.08',
        status: 'Successful',
      }),
    ]);
    expect((await history(t.app, user))[0]).toMatchObject({
      kind: 'gem_purchase',
      actionType: 'Debit',
      amount: 624.88,
      description: 'Gem purchase (6500 gems)',
    });
    expect(await entriesOf(db(), result.referenceNumber)).toEqual({
      [`wallet:${user.userId}`]: -62_488,
      'revenue:shop': 62_488,
      [`gems:${user.userId}`]: 6500,
      'issuance:gems': -6500,
    });
    expect(await accountTotal(db(), `gems:${user.userId}`)).toBe(6500);
    expect(await ledgerTotalsByAsset(db())).toEqual({ GHS: 0, GEM: 0 });
  });

  it('needs no price from the browser: without one it charges the server price', async () => {
    const user = await shopper(300);
    expect(resultOf(await buyGemPack(t.app, user, { packId: 'gems-2500' }))).toMatchObject({
      amount: 249.88,
      walletAmount: 50.12,
    });
    expect(await gemBalance(t.app, user)).toBe(2500);
  });

  it('refuses a tampered price with a 409 and moves nothing', async () => {
    const user = await shopper(700);
    for (const price of [1, 624.87, 624.89, 0]) {
      const response = await buyGemPack(t.app, user, { packId: 'gems-6500', price });
      expect(response.statusCode, response.body).toBe(409);
      expect(messageIdOf(response)).toBe('treasureShop.priceChanged');
    }
    await nothingMoved(user, 700);
  });

  it('refuses when the wallet cannot cover the price: walletPayment.notEnough, nothing moves, a repeat replays it', async () => {
    const user = await shopper(624.87);
    const key = newKey();
    const first = await buyGemPack(t.app, user, { packId: 'gems-6500' }, key);
    expect(first.statusCode, first.body).toBe(400);
    expect(messageIdOf(first)).toBe('walletPayment.notEnough');
    const again = await buyGemPack(t.app, user, { packId: 'gems-6500' }, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    await nothingMoved(user, 624.87);
  });

  it('replays a repeat of the same key (the gems are credited once); another body under it is a 409', async () => {
    const user = await shopper(1000);
    const key = newKey();
    const first = await buyGemPack(t.app, user, { packId: 'gems-2500' }, key);
    const again = await buyGemPack(t.app, user, { packId: 'gems-2500' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => buyGemPack(t.app, user, { packId: 'gems-2500' }, key)),
    );
    for (const response of concurrent) expect(response.json()).toEqual(first.json());
    const other = await buyGemPack(t.app, user, { packId: 'gems-6500' }, key);
    expect(other.statusCode).toBe(409);
    expect(messageIdOf(other)).toBe('idempotency.conflict');
    expect(await gemBalance(t.app, user)).toBe(2500);
    expect(await walletAmount(t.app, user)).toBe(750.12);
  });

  it("refuses a pack that is not sold with the shop's message, and a request without an Idempotency-Key", async () => {
    const user = await shopper(700);
    const unknown = await buyGemPack(t.app, user, { packId: 'gems-1' });
    expect(unknown.statusCode).toBe(400);
    expect(messageIdOf(unknown)).toBe('treasureShop.selectPack');
    expect(unknown.json()).toMatchObject({ message: 'Please select a card before making a payment.' });
    const keyless = await buyGemPack(t.app, user, { packId: 'gems-2500' }, null);
    expect(keyless.statusCode).toBe(400);
    expect(messageIdOf(keyless)).toBe('idempotency.keyRequired');
    await nothingMoved(user, 700);
  });
});

describe('concurrent purchases (real concurrency on PostgreSQL)', () => {
  it('lets only as many packs through as the wallet covers; the gems match the cedis paid', async () => {
    const user = await shopper(800);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => buyGemPack(t.app, user, { packId: 'gems-2500' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    // GH₵ 800 covers three packs of GH₵ 249.88.
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    expect(await walletAmount(t.app, user)).toBe(50.36);
    expect(await gemBalance(t.app, user)).toBe(7500);
    expect((await gemPurchases(t.app, user)).total).toBe(3);
    await expectLedgerInvariants(db());
  });
});

describe("BOLA: every shop call is the token user's own", () => {
  it("answers 403 for another user's id and never shows another user's gems or purchases", async () => {
    const owner = await shopper(700);
    const other = await shopper(700);
    resultOf(await buyGemPack(t.app, owner, { packId: 'gems-6500' }));
    const asOther = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(other.token) });
    for (const url of [
      `${apiPaths.gemBalance}?userId=${owner.userId}`,
      `${apiPaths.gemPurchasesPage}?userId=${owner.userId}`,
      `${apiPaths.userDetails}?userId=${owner.userId}`,
    ])
      expect((await asOther(url)).statusCode, url).toBe(403);
    const buyForOwner = await buyGemPack(t.app, other, { packId: 'gems-2500', userId: owner.userId });
    expect(buyForOwner.statusCode).toBe(403);
    expect(await gemBalance(t.app, other)).toBe(0);
    expect((await gemPurchases(t.app, other)).rows).toEqual([]);
    expect(await gemBalance(t.app, owner)).toBe(6500);
    expect(await walletAmount(t.app, other)).toBe(700);
    for (const url of [apiPaths.gemBalance, apiPaths.gemPurchasesPage, apiPaths.userDetails])
      expect((await t.app.inject({ method: 'GET', url: `${url}?userId=${owner.userId}` })).statusCode).toBe(
        401,
      );
  });
});

describe('GetGemPurchasesPage: paged by the server, newest first', () => {
  it('pages, counts and clamps a page past the end', async () => {
    const user = await shopper(2000);
    const references = [];
    for (const packId of ['gems-2500', 'gems-2500', 'gems-6500'])
      references.push(resultOf(await buyGemPack(t.app, user, { packId })).referenceNumber);
    const first = await gemPurchases(t.app, user, '&pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.rows.map((row) => row.referenceNumber)).toEqual([references[2], references[1]]);
    const last = await gemPurchases(t.app, user, '&pageSize=2&page=7');
    expect(last).toMatchObject({ total: 3, page: 1 });
    expect(last.rows.map((row) => row.referenceNumber)).toEqual([references[0]]);
    expect(await gemBalance(t.app, user)).toBe(11_500);
  });

  it('rejects a page size above the limit with a 400', async () => {
    const user = await shopper(0);
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.gemPurchasesPage}?userId=${user.userId}&pageSize=51`,
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("GetUserDetails: the gateway's user details", () => {
  it('answers the signed-in user with e-mail, phone and how many beneficiaries they keep', async () => {
    const user = await shopper(10);
    const response = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.userDetails}?userId=${user.userId}`,
      headers: bearer(user.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const details = envelope<GatewayUserDetails>(response).data;
    expect(details).toMatchObject({
      id: user.userId,
      hasIdentification: false,
      totalBeneficiaries: 0,
      walletAmount: 10,
    });
    expect(details.email).toContain('@');
    // Signed up as '241234567' after +233: shown as people write it (issue 23).
    expect(details.phone).toBe('+233 24 123 4567');
  });
});

describe('a new USD rate reprices the packs; a purchase keeps the rate it was made at', () => {
  it('reprices at once, refuses the old price, and a repeat of a purchase made before still replays its answer', async () => {
    const user = await shopper(1000);
    const key = newKey();
    const before = await buyGemPack(t.app, user, { packId: 'gems-2500', price: 249.88 }, key);
    expect(before.statusCode).toBe(200);
    await appendRate(db(), { code: 'USD', name: 'US Dollar', rate: '0.0812', setBy: 'test', note: '' });
    try {
      const packs = await gemPacks(t.app, user);
      expect(packs.rate).toBe('0.0812');
      // 1999 / 0.0812 = 24618.2266... -> 24619 pesewas.
      expect(packs.packs[0]).toMatchObject({ id: 'gems-2500', price: 246.19 });
      const stale = await buyGemPack(t.app, user, { packId: 'gems-2500', price: 249.88 });
      expect(stale.statusCode).toBe(409);
      const replay = await buyGemPack(t.app, user, { packId: 'gems-2500', price: 249.88 }, key);
      expect(replay.json()).toEqual(before.json());
      const now = resultOf(await buyGemPack(t.app, user, { packId: 'gems-2500', price: 246.19 }));
      expect(now.amount).toBe(246.19);
      expect((await gemPurchases(t.app, user)).rows.map((row) => row.rate)).toEqual(['0.0812', '0.08']);
    } finally {
      await appendRate(db(), { code: 'USD', name: 'US Dollar', rate: '0.08', setBy: 'test', note: '' });
    }
  });
});
