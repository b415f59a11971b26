import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../src/contract/billing';
import { opsPaths, type OpsUserSummary, type OpsUserView } from '../../src/contract/ops';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages } from '../../src/domain/messages';
import { queryRows } from '../../src/server/db/sql';
import { payBillBody } from '../support/server-billing-fixtures';
import { betBody, postBet } from '../support/server-betting-fixtures';
import { bearer, envelope, expectRefusal } from '../support/server-helpers';
import { signedInStaff } from '../support/server-ops-helpers';
import { buyGemPack, gemPacks } from '../support/server-shop-fixtures';
import {
  addMobileBeneficiary,
  payNow,
  quoteFor,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import {
  bankTopUpBody,
  bankWithdrawalBody,
  cardBody,
  momoTopUpBody,
  momoWithdrawalBody,
  newKey,
  postMoney,
  walletAmount,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * The back office and users (issue 25): the search, the user view, and a frozen account, which can log in and read
 * but moves no money ('Your account is on hold. Please contact support.'), each move refused and, once unfrozen,
 * the same request (same Idempotency-Key) going through. Every staff action in the audit trail, actor the staff.
 */

let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  support = await signedInStaff(t, 'support');
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;

const ops = (method: 'GET' | 'POST', url: string, payload?: object, token = support.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const staffAudit = (action: string, subject: string) =>
  queryRows<{ actor_kind: string; actor_id: number; chain: string; after: Record<string, unknown> }>(
    db(),
    sql`select actor_kind, actor_id, chain, after from audit_log
        where action = ${action} and subject = ${subject} order by id`,
  );

const billOf = async (user: TransferUser): Promise<Bill> => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.billByReference,
    query: { referenceNumber: '100234567', subCompanyId: '4' },
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<Bill[]>(response).data[0] as Bill;
};

/** Every money move a user can make, each with its body and key made once (so it can be sent again). */
const moneyMoves = async (u: TransferUser) => {
  const beneficiaryId = await addMobileBeneficiary(db(), u.userId);
  const quote = await quoteFor(t.app, u, beneficiaryId, 10);
  const [pack] = (await gemPacks(t.app, u)).packs;
  const bill = await billOf(u);
  const bet = betBody(u, 10);
  const moves: Record<string, (key: string) => Promise<LightMyRequestResponse>> = {
    cardTopUp: (key) => postMoney(t.app, u, apiPaths.cardTopUp, cardBody(u, 10), key),
    bankTopUp: (key) => postMoney(t.app, u, apiPaths.bankTopUp, bankTopUpBody(u, 10), key),
    momoTopUp: (key) => postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 10), key),
    bankWithdrawal: (key) => postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 10), key),
    momoWithdrawal: (key) => postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 10), key),
    transfer: (key) => payNow(t.app, u, quote.guidId, key),
    gemPack: (key) => buyGemPack(t.app, u, { packId: pack!.id }, key),
    bet: (key) => postBet(t.app, u, bet, key),
    billPayment: (key) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.payBill,
        headers: { ...bearer(u.token), 'idempotency-key': key },
        payload: payBillBody(u, bill),
      }),
  };
  return Object.entries(moves).map(([name, send]) => ({ name, send, key: newKey() }));
};

describe('FreezeUser and UnfreezeUser', () => {
  it('a frozen account logs in and reads, but every money move is refused until it is unfrozen', async () => {
    const u = await transferUser(t.app, db(), { cedis: 2_000 });
    const moves = await moneyMoves(u);

    const frozen = await ops('POST', opsPaths.freezeUser, { userId: u.userId, reason: 'account taken over' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(envelope<{ frozenAt: string | null }>(frozen).data.frozenAt).not.toBeNull();

    for (const move of moves) {
      const refused = await move.send(move.key);
      expectRefusal(refused, 403, 'account.onHold');
      expect(envelope(refused).message, move.name).toBe('Your account is on hold. Please contact support.');
    }
    // It can still read: nothing moved, and it logs in.
    expect(await walletAmount(t.app, u)).toBe(2_000);
    const logIn = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: u.input.email, password: u.input.createPassword },
    });
    expect(logIn.statusCode).toBe(200);
    const [row] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from wallet_operations where user_id = ${u.userId}::int`,
    );
    expect(row?.count).toBe(1); // the funding top-up only

    const unfrozen = await ops('POST', opsPaths.unfreezeUser, { userId: u.userId, reason: 'owner verified' });
    expect(envelope<{ frozenAt: string | null }>(unfrozen).data.frozenAt).toBeNull();
    // The same requests, with the same keys: the refusal was never stored under them.
    for (const move of moves) {
      const answer = await move.send(move.key);
      expect([200, 201, 202], `${move.name}: ${answer.body}`).toContain(answer.statusCode);
    }

    const freezes = await staffAudit('user.frozen', `user:${u.userId}`);
    expect(freezes).toEqual([
      expect.objectContaining({
        actor_kind: 'staff',
        actor_id: support.id,
        chain: `user:${u.userId}`,
        after: expect.objectContaining({ reason: 'account taken over' }),
      }),
    ]);
    expect(await staffAudit('user.unfrozen', `user:${u.userId}`)).toEqual([
      expect.objectContaining({ actor_kind: 'staff', actor_id: support.id }),
    ]);
  });

  it('freezing twice changes nothing the second time; an unknown user is 404; a short reason is 400', async () => {
    const u = await transferUser(t.app, db());
    await ops('POST', opsPaths.freezeUser, { userId: u.userId, reason: 'first' });
    const again = await ops('POST', opsPaths.freezeUser, { userId: u.userId, reason: 'second' });
    expect(again.statusCode).toBe(200);
    expect(await staffAudit('user.frozen', `user:${u.userId}`)).toHaveLength(1);
    expectRefusal(
      await ops('POST', opsPaths.freezeUser, { userId: 2_000_000, reason: 'none' }),
      404,
      'notFound',
    );
    expectRefusal(
      await ops('POST', opsPaths.freezeUser, { userId: u.userId, reason: '' }),
      400,
      'request.invalid',
    );
  });

  it("the English of 'account.onHold' is the domain's", () => {
    expect(domainMessages['account.onHold']).toBe('Your account is on hold. Please contact support.');
  });
});

describe('Users and User', () => {
  it('finds a user by e-mail, by phone and by an operation reference, and shows the user view', async () => {
    const u = await transferUser(t.app, db(), { cedis: 100 });
    const [reference] = await queryRows<{ reference_number: string }>(
      db(),
      sql`select reference_number from wallet_operations where user_id = ${u.userId}::int`,
    );
    const find = async (query: string) => {
      const response = await ops('GET', `${opsPaths.users}?query=${encodeURIComponent(query)}`);
      expect(response.statusCode, response.body).toBe(200);
      return envelope<OpsUserSummary[]>(response).data.map((found) => found.userId);
    };
    expect(await find(u.input.email.toUpperCase())).toContain(u.userId);
    expect(await find(`0${u.input.phoneNumber.replace(/^0/, '')}`)).toContain(u.userId);
    expect(await find(reference!.reference_number.toLowerCase())).toEqual([u.userId]);

    const response = await ops('GET', `${opsPaths.user}?userId=${u.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = envelope<OpsUserView>(response).data;
    expect(view.user).toMatchObject({ userId: u.userId, email: u.input.email.toLowerCase(), frozenAt: null });
    expect(view.wallet).toEqual({ balance: 100, available: 100 });
    expect(view.tier).toMatchObject({ tier: 'minimum' });
    expect(view.walletHistory.rows).toEqual([
      expect.objectContaining({ referenceNumber: reference!.reference_number, amount: 100 }),
    ]);
    expect(view.ledgerEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          account: `wallet:${u.userId}`,
          amount: 100,
          referenceNumber: reference!.reference_number,
        }),
      ]),
    );
    expect(view.identifications).toHaveLength(1);
    expect(view.sessions.length).toBeGreaterThan(0);
    expect(view.auditEntries.map((entry) => entry.action)).toContain('money.move');
    expect(await staffAudit('staff.userViewed', `user:${u.userId}`)).toEqual([
      expect.objectContaining({ actor_kind: 'staff', actor_id: support.id }),
    ]);
    expectRefusal(await ops('GET', `${opsPaths.user}?userId=2000000`), 404, 'notFound');
  });
});
