/**
 * The step-up before large money moves (issue 26), on every money-moving route: the table below must name each
 * route the OpenAPI document marks with an Idempotency-Key (a new money route without a case here fails), and for
 * each one a user with a passkey above their step-up amount is refused 401 'auth.stepUpRequired' with nothing
 * moved, then passes with a proof made for that very operation, while a proof for another amount is refused.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../src/contract/billing';
import {
  encodeStepUpProof,
  STEP_UP_PROOF_HEADER,
  type AuthenticationOptions,
  type PasskeysResponse,
  type StepUpOptionsResponse,
  type StepUpSetting,
} from '../../src/contract/passkeys';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../src/contract/paths';
import type { TransferQuote } from '../../src/contract/transfer';
import { queryRows } from '../../src/server/db/sql';
import { betBody } from '../support/server-betting-fixtures';
import { payBillBody } from '../support/server-billing-fixtures';
import { bearer, envelope, expectRefusal } from '../support/server-helpers';
import { addPasskey, authenticatorFor, stepUpOptionsFor, stepUpProofFor } from '../support/server-passkeys';
import {
  addMobileBeneficiary,
  quoteFor,
  transferUser,
  type TransferUser,
} from '../support/server-transfer-fixtures';
import {
  bankTopUpBody,
  cardBody,
  momoTopUpBody,
  momoWithdrawalBody,
  newKey,
  walletAmount,
} from '../support/server-wallet-fixtures';
import type { SoftwareAuthenticator } from '../support/software-authenticator';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0, LOGIN_RATE_LIMIT_PER_MINUTE: 1000 });
});
afterAll(async () => t?.close());

interface Payer extends TransferUser {
  phone: SoftwareAuthenticator;
}

/** A funded, identified user with a passkey, whose step-up amount is `stepUpCedis`. */
const payerWithPasskey = async (stepUpCedis: number | null = 1): Promise<Payer> => {
  const user = await transferUser(t.app, t.database.db, { cedis: 400 });
  const phone = authenticatorFor(t.config);
  // Set before the passkey: turning the step-up off or raising it with a passkey asks for it.
  await setStepUp(user, stepUpCedis);
  await addPasskey(t.app, user.token, phone);
  return { ...user, phone };
};

const putStepUp = (user: TransferUser, amount: number | null, proof?: string) =>
  t.app.inject({
    method: 'PUT',
    url: apiPaths.stepUpSetting,
    headers: { ...bearer(user.token), ...(proof === undefined ? {} : { [STEP_UP_PROOF_HEADER]: proof }) },
    payload: { amount },
  });

const setStepUp = async (
  user: TransferUser,
  amount: number | null,
  proof?: string,
): Promise<StepUpSetting> => {
  const answer = await putStepUp(user, amount, proof);
  expect(answer.statusCode, answer.body).toBe(200);
  return envelope<StepUpSetting>(answer).data;
};

const billOf = async (user: TransferUser): Promise<Bill> => {
  const answer = await t.app.inject({
    method: 'GET',
    url: apiPaths.billByReference,
    query: { referenceNumber: '7012345678', subCompanyId: '5' },
    headers: bearer(user.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (envelope<Bill[]>(answer).data[0] as Bill) ?? Promise.reject(new Error('no bill'));
};

/**
 * Every money-moving route: a request above GH₵ 1 that the route would carry out for `user` (variant 0), or
 * another operation of the same route (variant 1: another amount or pack).
 */
const MONEY_ROUTE_CASES: Record<string, (user: TransferUser, variant: 0 | 1) => Promise<object> | object> = {
  [apiPaths.cardTopUp]: (user, variant) => cardBody(user, 5 + variant),
  [apiPaths.bankTopUp]: (user, variant) => bankTopUpBody(user, 5 + variant),
  [apiPaths.momoTopUp]: (user, variant) => momoTopUpBody(user, 5 + variant),
  [apiPaths.withdrawal]: (user, variant) => momoWithdrawalBody(user, 20 + variant),
  [apiPaths.payBill]: async (user, variant) => {
    const bill = await billOf(user);
    return payBillBody(user, bill, bill.totalBillDue + variant);
  },
  [apiPaths.initiateBetting]: (user, variant) => betBody(user, 5 + variant),
  [apiPaths.buyGemPack]: (user, variant) => ({
    userId: user.userId,
    packId: ['gems-2500', 'gems-6500'][variant],
  }),
  [apiPaths.payNow]: async (user, variant) => {
    const beneficiaryId = await addMobileBeneficiary(t.database.db, user.userId);
    const quote: TransferQuote = await quoteFor(t.app, user, beneficiaryId, 5 + variant);
    return { userId: user.userId, cartId: quote.guidId };
  },
};

const post = (
  user: TransferUser,
  url: string,
  payload: object,
  key: string,
  proof?: string,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...bearer(user.token),
      [IDEMPOTENCY_KEY_HEADER]: key,
      ...(proof === undefined ? {} : { [STEP_UP_PROOF_HEADER]: proof }),
    },
    payload,
  });

const stepUpOptions = (user: TransferUser, path: string, body: object): Promise<StepUpOptionsResponse> =>
  stepUpOptionsFor(t.app, user.token, path, body);

const proofFor = (user: Payer, path: string, body: object): Promise<string> =>
  stepUpProofFor(t.app, user.token, user.phone, path, body);

/** What the user's account shows of money moves: the wallet and the idempotency keys recorded. */
const footprint = async (user: TransferUser) => ({
  wallet: await walletAmount(t.app, user),
  keys: (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from idempotency_keys where user_id = ${user.userId}`,
    )
  )[0]?.n,
});

const moneyPostsOfTheDocument = async (app: FastifyInstance): Promise<string[]> => {
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
  const document = answer.json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  }>();
  return Object.entries(document.paths)
    .filter(([, operations]) =>
      Object.values(operations).some((operation) =>
        (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER),
      ),
    )
    .map(([path]) => path)
    .sort();
};

describe('the step-up on every money-moving route', () => {
  it('has a case for every route that takes an Idempotency-Key', async () => {
    expect(Object.keys(MONEY_ROUTE_CASES).sort()).toEqual(await moneyPostsOfTheDocument(t.app));
  });

  it.each(Object.keys(MONEY_ROUTE_CASES))(
    '%s: asks, moves nothing without the proof, refuses another operation’s proof, passes with its own',
    async (path) => {
      const user = await payerWithPasskey(1);
      const body = await MONEY_ROUTE_CASES[path]!(user, 0);
      const key = newKey();
      const before = await footprint(user);

      expectRefusal(await post(user, path, body, key), 401, 'auth.stepUpRequired');
      expect(await footprint(user)).toEqual(before);

      // A proof made for another operation of the route does not pay this one.
      const wrongProof = await proofFor(user, path, await MONEY_ROUTE_CASES[path]!(user, 1));
      expectRefusal(await post(user, path, body, key, wrongProof), 403, 'stepUp.invalidProof');
      expect(await footprint(user)).toEqual(before);

      const proof = await proofFor(user, path, body);
      const answer = await post(user, path, body, key, proof);
      expect([200, 201, 202], answer.body).toContain(answer.statusCode);
      // Used once: the same proof on a new request for the same operation is refused.
      expectRefusal(await post(user, path, body, newKey(), proof), 403, 'stepUp.invalidProof');
      // The accepted request repeated under its key replays, unasked.
      const repeat = await post(user, path, body, key);
      expect(repeat.statusCode, repeat.body).toBe(answer.statusCode);
    },
  );
});

describe('who is asked', () => {
  it('never a user without a passkey, and not under the amount or with the step-up off', async () => {
    const noPasskey = await transferUser(t.app, t.database.db, { cedis: 100 });
    await setStepUp(noPasskey, 1);
    expect(
      (await post(noPasskey, apiPaths.withdrawal, momoWithdrawalBody(noPasskey, 50), newKey())).statusCode,
    ).toBe(200);

    const user = await payerWithPasskey(null);
    expect((await post(user, apiPaths.withdrawal, momoWithdrawalBody(user, 50), newKey())).statusCode).toBe(
      200,
    );
    await setStepUp(user, 60);
    expect((await post(user, apiPaths.withdrawal, momoWithdrawalBody(user, 60), newKey())).statusCode).toBe(
      200,
    );
    expectRefusal(
      await post(user, apiPaths.withdrawal, momoWithdrawalBody(user, 60.01), newKey()),
      401,
      'auth.stepUpRequired',
    );
  });

  it('uses the default of GH₵ 1,000 until the user chooses, and tells the setting', async () => {
    const user = await transferUser(t.app, t.database.db);
    const before = envelope<StepUpSetting>(
      await t.app.inject({ method: 'GET', url: apiPaths.stepUpSetting, headers: bearer(user.token) }),
    ).data;
    expect(before).toEqual({ amount: 1000, defaultAmount: 1000, hasPasskey: false });
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, user.token, phone);
    expect(await setStepUp(user, 250.5)).toEqual({ amount: 250.5, defaultAmount: 1000, hasPasskey: true });
    const off = await stepUpProofFor(t.app, user.token, phone, apiPaths.stepUpSetting, { amount: null });
    expect(await setStepUp(user, null, off)).toEqual({ amount: null, defaultAmount: 1000, hasPasskey: true });
    const bigCard = cardBody(user, 1000.01);
    await setStepUp(user, 1000);
    expectRefusal(await post(user, apiPaths.cardTopUp, bigCard, newKey()), 401, 'auth.stepUpRequired');
  });

  it("refuses a proof signed by another account's passkey, and StepUpOptions for a path that moves no money", async () => {
    const user = await payerWithPasskey(1);
    const thief = await payerWithPasskey(1);
    const body = momoWithdrawalBody(user, 5);
    const { options } = await stepUpOptions(user, apiPaths.withdrawal, body);
    // The thief's authenticator signs the user's challenge with the thief's own credential.
    const assertion = thief.phone.assert({ ...(options as AuthenticationOptions), allowCredentials: [] });
    expectRefusal(
      await post(user, apiPaths.withdrawal, body, newKey(), encodeStepUpProof(assertion)),
      403,
      'passkey.wrongAccount',
    );
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: apiPaths.stepUpOptions,
        headers: bearer(user.token),
        payload: { path: apiPaths.walletAmount, body: {} },
      }),
      400,
      'stepUp.notMoneyMoving',
    );
    // A path is the client's text: the names every JavaScript object answers are no route either.
    for (const path of ['valueOf', 'constructor', '__proto__', 'toString'])
      expectRefusal(
        await t.app.inject({
          method: 'POST',
          url: apiPaths.stepUpOptions,
          headers: bearer(user.token),
          payload: { path, body: '\u0000' },
        }),
        400,
        'stepUp.notMoneyMoving',
      );
  });
});

/** The audit trail's step-ups and changes of the user, oldest first. */
const auditOf = async (user: TransferUser) =>
  queryRows<{
    action: string;
    after: Record<string, unknown> | null;
    before: Record<string, unknown> | null;
  }>(
    t.database.db,
    sql`select action, after, before from audit_log where chain = ${`user:${user.userId}`} order by seq`,
  );

const settingOf = async (user: TransferUser): Promise<StepUpSetting> =>
  envelope<StepUpSetting>(
    await t.app.inject({ method: 'GET', url: apiPaths.stepUpSetting, headers: bearer(user.token) }),
  ).data;

const passkeyIdsOf = async (user: TransferUser): Promise<number[]> =>
  envelope<PasskeysResponse>(
    await t.app.inject({ method: 'GET', url: apiPaths.passkeys, headers: bearer(user.token) }),
  )
    .data.passkeys.map((passkey) => passkey.id)
    .sort();

const removePasskey = (user: TransferUser, id: number, proof?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `${apiPaths.deletePasskey}?id=${id}`,
    headers: { ...bearer(user.token), ...(proof === undefined ? {} : { [STEP_UP_PROOF_HEADER]: proof }) },
  });

describe('the security changes a session without the passkey could make (confirmed whatever the amount)', () => {
  it('turning the step-up off: 401 and unchanged without a proof, 403 with another change’s, done and audited with its own', async () => {
    const user = await payerWithPasskey(100);
    expectRefusal(await putStepUp(user, null), 401, 'auth.stepUpRequired');
    expect((await settingOf(user)).amount).toBe(100);

    const raise = await proofFor(user, apiPaths.stepUpSetting, { amount: 500 });
    expectRefusal(await putStepUp(user, null, raise), 403, 'stepUp.invalidProof');
    expect((await settingOf(user)).amount).toBe(100);

    const asked = await stepUpOptions(user, apiPaths.stepUpSetting, { amount: null });
    expect(asked.operation).toEqual({ amount: 0, beneficiary: 'stepUp:off' });
    expect(asked.change).toEqual({ kind: 'stepUpOff' });
    const off = encodeStepUpProof(user.phone.assert(asked.options as AuthenticationOptions));
    expect((await setStepUp(user, null, off)).amount).toBeNull();

    const audit = await auditOf(user);
    expect(audit.map((row) => row.action).slice(-2)).toEqual(['auth.stepUp', 'stepUp.settingChanged']);
    expect(audit.at(-2)?.after).toMatchObject({
      path: apiPaths.stepUpSetting,
      amountMinor: 0,
      beneficiary: 'stepUp:off',
    });
    expect(audit.at(-1)?.after).toEqual({ amount: null });
  });

  it('raising the amount: asked, bound to the new amount; lowering it or turning it on asks nothing', async () => {
    const user = await payerWithPasskey(100);
    expectRefusal(await putStepUp(user, 500), 401, 'auth.stepUpRequired');
    const other = await proofFor(user, apiPaths.stepUpSetting, { amount: 600 });
    expectRefusal(await putStepUp(user, 500, other), 403, 'stepUp.invalidProof');
    expect((await settingOf(user)).amount).toBe(100);

    const asked = await stepUpOptions(user, apiPaths.stepUpSetting, { amount: 500 });
    expect(asked.change).toEqual({ kind: 'stepUpRaised', amount: 500 });
    const proof = encodeStepUpProof(user.phone.assert(asked.options as AuthenticationOptions));
    expect((await setStepUp(user, 500, proof)).amount).toBe(500);

    // Stronger: no proof, and nothing to ask for.
    expect((await setStepUp(user, 20)).amount).toBe(20);
    expect((await setStepUp(user, 20)).amount).toBe(20);
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: apiPaths.stepUpOptions,
        headers: bearer(user.token),
        payload: { path: apiPaths.stepUpSetting, body: { amount: 10 } },
      }),
      400,
      'stepUp.notMoneyMoving',
    );
    const off = await proofFor(user, apiPaths.stepUpSetting, { amount: null });
    await setStepUp(user, null, off);
    expect((await setStepUp(user, 5000)).amount).toBe(5000);
    expect((await auditOf(user)).filter((row) => row.action === 'auth.stepUp')).toHaveLength(2);
  });

  it('removing a passkey: asked even with the step-up off, bound to that passkey', async () => {
    const user = await payerWithPasskey(null);
    const laptop = await addPasskey(t.app, user.token, authenticatorFor(t.config), 'Laptop');
    const ids = await passkeyIdsOf(user);
    const phoneId = ids.find((id) => id !== laptop.id)!;

    expectRefusal(await removePasskey(user, laptop.id), 401, 'auth.stepUpRequired');
    expect(await passkeyIdsOf(user)).toEqual(ids);
    const another = await proofFor(user, apiPaths.deletePasskey, { id: phoneId });
    expectRefusal(await removePasskey(user, laptop.id, another), 403, 'stepUp.invalidProof');
    expect(await passkeyIdsOf(user)).toEqual(ids);

    const asked = await stepUpOptions(user, apiPaths.deletePasskey, { id: laptop.id });
    expect(asked.operation).toEqual({ amount: 0, beneficiary: `passkey:${laptop.id}` });
    expect(asked.change).toEqual({ kind: 'passkeyRemoved', name: 'Laptop' });
    const proof = encodeStepUpProof(user.phone.assert(asked.options as AuthenticationOptions));
    const removed = await removePasskey(user, laptop.id, proof);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await passkeyIdsOf(user)).toEqual([phoneId]);
    const audit = await auditOf(user);
    expect(audit.map((row) => row.action).slice(-2)).toEqual(['auth.stepUp', 'passkey.removed']);
    expect(audit.at(-2)?.after).toMatchObject({ beneficiary: `passkey:${laptop.id}` });
    // Money moves still follow the amount: off, a payment asks nothing.
    const answer = await post(user, apiPaths.withdrawal, momoWithdrawalBody(user, 50), newKey());
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('a user without a passkey changes the setting unasked', async () => {
    const user = await transferUser(t.app, t.database.db);
    expect((await setStepUp(user, 5000)).amount).toBe(5000);
    expect((await setStepUp(user, null)).amount).toBeNull();
    expect((await auditOf(user)).map((row) => row.action)).not.toContain('auth.stepUp');
  });
});
