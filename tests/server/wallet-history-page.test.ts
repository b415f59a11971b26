import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { walletOperationKinds, type WalletHistoryPage } from '../../src/contract/wallet';
import type { Counterparty, Rail } from '../../src/server/ledger/counterparty';
import { operationKinds } from '../../src/server/ledger/kinds';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, envelope } from '../support/server-helpers';
import { fundWallet, history, walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { fundWallet as fundLedgerWallet, keyFor, refusal } from '../support/server-wallet-ledger';
import { sportybetCounterparty } from '../support/server-betting-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => {
  await t?.close();
});

const read = (user: WalletUser, query: string, token = user.token) =>
  t.app.inject({
    method: 'GET',
    url: `${apiPaths.walletHistoryPage}?${query}`,
    headers: bearer(token),
  });

const pageOf = async (user: WalletUser, query: string): Promise<WalletHistoryPage> => {
  const response = await read(user, `userId=${user.userId}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return envelope<WalletHistoryPage>(response).data;
};

/** A user whose wallet has `count` top-ups (GH₵ 1, 2, ... in that order). */
const userWithMovements = async (count: number) => {
  const u = await walletUser(t.app, t.database.db);
  for (let amount = 1; amount <= count; amount += 1) await fundWallet(t.app, u, amount);
  return u;
};

describe('wallet history page (GET api/User/GetWalletHistoryPage)', () => {
  it('answers one page at a time, newest first, with the total; the pages together are the whole history', async () => {
    const u = await userWithMovements(7);
    const whole = await history(t.app, u);
    expect(whole.map((row) => row.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);

    const first = await pageOf(u, 'page=0&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 0, pageSize: 3 });
    expect(first.rows).toEqual(whole.slice(0, 3));
    const second = await pageOf(u, 'page=1&pageSize=3');
    expect(second).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(second.rows).toEqual(whole.slice(3, 6));
    const third = await pageOf(u, 'page=2&pageSize=3');
    expect(third.rows).toEqual(whole.slice(6));
    expect(third.rows.map((row) => row.amount)).toEqual([1]);
  });

  it('defaults to the first page of five', async () => {
    const u = await userWithMovements(6);
    const page = await pageOf(u, '');
    expect(page).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect(page.rows.map((row) => row.amount)).toEqual([6, 5, 4, 3, 2]);
  });

  it('answers the last page for a page past the end, and an empty page 0 when there is no movement', async () => {
    const u = await userWithMovements(4);
    const past = await pageOf(u, 'page=9&pageSize=3');
    expect(past).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(past.rows.map((row) => row.amount)).toEqual([1]);
    const exact = await pageOf(u, 'page=2&pageSize=2');
    expect(exact).toMatchObject({ total: 4, page: 1 });
    expect(exact.rows.map((row) => row.amount)).toEqual([2, 1]);

    const none = await walletUser(t.app, t.database.db);
    expect(await pageOf(none, 'page=3&pageSize=5')).toEqual({ rows: [], total: 0, page: 0, pageSize: 5 });
  });

  it("counts only the user's own movements", async () => {
    const a = await userWithMovements(2);
    const b = await userWithMovements(3);
    expect((await pageOf(a, 'pageSize=50')).total).toBe(2);
    const pageB = await pageOf(b, 'pageSize=50');
    expect(pageB.total).toBe(3);
    expect(pageB.rows.map((row) => row.amount)).toEqual([3, 2, 1]);
  });

  it("another user's userId is a 403, and no token a 401", async () => {
    const victim = await userWithMovements(1);
    const attacker = await walletUser(t.app, t.database.db);
    const response = await read(attacker, `userId=${victim.userId}&page=0&pageSize=5`);
    expect(response.statusCode).toBe(403);
    expect(envelope<ErrorData>(response).data.messageId).toBe('auth.forbidden');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.walletHistoryPage}?userId=${victim.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects bad parameters with a 400', async () => {
    const u = await walletUser(t.app, t.database.db);
    for (const query of [
      `userId=${u.userId}&pageSize=0`,
      `userId=${u.userId}&pageSize=51`,
      `userId=${u.userId}&pageSize=two`,
      `userId=${u.userId}&page=-1`,
      `userId=${u.userId}&page=1.5`,
      'page=0',
    ]) {
      const response = await read(u, query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers a page with one operation of every kind the ledger posts, each within the response schema', async () => {
    // The harness parses every answer with its route's schema: a kind missing from the contract fails the read.
    // GH₵ 10,000 in the wallet and top-ups on it: a tier whose maximum balance holds them (issue 24).
    const u = await walletUser(t.app, t.database.db, true, 'medium');
    const payee = await walletUser(t.app, t.database.db);
    await fundLedgerWallet(t.database.db, u.userId, 1_000_000);
    const counterparties: Record<Rail, Counterparty> = {
      card: { rail: 'card', label: 'Visa •••• 4242', brand: 'Visa', lastFour: '4242' },
      bank: { rail: 'bank', label: 'GCB Bank •••• 6789', bankId: 13, bankName: 'GCB Bank', lastFour: '6789' },
      momo: { rail: 'momo', label: 'MTN •••• 4567', network: 'MTN', lastFour: '4567' },
      cash: {
        rail: 'cash',
        label: 'Kofi, cash pick-up •••• 4567',
        partner: 'sandbox-cash',
        lastFour: '4567',
      },
      wallet: { rail: 'wallet', label: 'Kofi', userId: payee.userId },
      betting: sportybetCounterparty('SportyBet'),
      biller: { rail: 'biller', label: 'ECG', biller: 'ecg' },
      shop: { rail: 'shop', label: '100 gems', item: 'gems-100', gems: 100, usdCents: 80, rate: '0.08' },
    };
    const service = t.app.wallet.service;
    for (const kind of walletOperationKinds) {
      if (operationKinds[kind].decision === 'mirror') {
        // A receiving row is written by the payer's transfer: the payee sends this user money.
        await fundLedgerWallet(t.database.db, payee.userId, 2_000);
        await service.pay({
          idempotency: keyFor(payee.userId),
          draft: {
            kind: 'wallet_transfer',
            amountMinor: 1_000,
            counterparty: { rail: 'wallet', label: 'Ama', userId: u.userId },
          },
          insufficientFunds: refusal,
        });
        continue;
      }
      const draft = { kind, amountMinor: 1_000, counterparty: counterparties[operationKinds[kind].rail] };
      const common = { idempotency: keyFor(u.userId), draft, insufficientFunds: refusal };
      if (operationKinds[kind].decision === 'provider')
        await service.move({ ...common, callProvider: async () => ({ status: 'pending' }) });
      else await service.pay(common);
    }
    const page = await pageOf(u, 'pageSize=50');
    expect(new Set(page.rows.map((row) => row.kind))).toEqual(new Set(walletOperationKinds));
    expect(page.total).toBe(walletOperationKinds.length);
  });

  describe('search', () => {
    const gems = (u: WalletUser, label: string) =>
      t.app.wallet.service.pay({
        idempotency: keyFor(u.userId),
        draft: {
          kind: 'gem_purchase',
          amountMinor: 100,
          counterparty: { rail: 'shop', label, item: 'gems', gems: 1, usdCents: 8, rate: '0.08' },
        },
        insufficientFunds: refusal,
      });
    const searched = async (u: WalletUser, search: string, more = 'pageSize=50') =>
      pageOf(u, `${more}&search=${encodeURIComponent(search)}`);

    it('keeps the operations whose reference number or counterparty label contains the term, ignoring case', async () => {
      const u = await userWithMovements(3);
      await fundLedgerWallet(t.database.db, u.userId, 10_000);
      await gems(u, 'Gem Shop');
      const whole = await history(t.app, u);
      const reference = whole[2]!.referenceNumber;

      const byReference = await searched(u, reference.toLowerCase());
      expect(byReference).toMatchObject({ total: 1, page: 0 });
      expect(byReference.rows).toEqual([whole[2]]);
      const byLabel = await searched(u, '  gem sHOP ');
      expect(byLabel.rows.map((row) => row.counterparty)).toEqual(['Gem Shop']);
      const cards = await searched(u, 'visa');
      expect(cards.total).toBe(3);
      expect(cards.rows).toEqual(whole.filter((row) => row.counterparty.startsWith('Visa')));
      // Paged like the whole history: newest first, the total of the matches.
      const second = await searched(u, 'VISA', 'page=1&pageSize=2');
      expect(second).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(second.rows).toEqual(cards.rows.slice(2));
      // An empty (or blank) term lists everything.
      expect((await searched(u, '   ')).total).toBe(4);
    });

    it('matches % and _ as typed, not as wildcards', async () => {
      const u = await walletUser(t.app, t.database.db);
      await fundLedgerWallet(t.database.db, u.userId, 10_000);
      await gems(u, 'Promo 50% off');
      await gems(u, 'gems_pack');
      await gems(u, 'Plain 50 off');
      const labels = async (search: string) =>
        (await searched(u, search)).rows.map((row) => row.counterparty);
      expect(await labels('%')).toEqual(['Promo 50% off']);
      expect(await labels('50%')).toEqual(['Promo 50% off']);
      expect(await labels('_')).toEqual(['gems_pack']);
      expect(await labels('s_p')).toEqual(['gems_pack']);
      expect(await labels('\\')).toEqual([]);
    });

    it("answers total 0 and page 0 when nothing matches, and never reads another user's rows", async () => {
      const owner = await userWithMovements(2);
      const other = await userWithMovements(2);
      const ownerReference = (await history(t.app, owner))[0]!.referenceNumber;
      expect(await searched(other, 'no such thing', 'page=4&pageSize=5')).toEqual({
        rows: [],
        total: 0,
        page: 0,
        pageSize: 5,
      });
      expect((await searched(other, ownerReference)).total).toBe(0);
      expect((await searched(other, 'Visa')).total).toBe(2);
      const stolen = await read(other, `userId=${owner.userId}&search=Visa`);
      expect(stolen.statusCode).toBe(403);
    });

    it('rejects a term longer than 64 characters with a 400', async () => {
      const u = await walletUser(t.app, t.database.db);
      const response = await read(u, `userId=${u.userId}&search=${'a'.repeat(65)}`);
      expect(response.statusCode).toBe(400);
    });
  });
});
