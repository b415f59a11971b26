import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { loadConfig } from '../../src/server/config';
import { signWebhook } from '../../src/server/providers/webhook-signature';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope } from '../support/server-helpers';
import {
  bankWithdrawalBody,
  fundWallet,
  momoTopUpBody,
  momoWithdrawalBody,
  operation,
  postMoney,
  resultOf,
  walletAmount,
  walletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';

let t: TestApp;
let defaultDataDir: string;

beforeAll(async () => {
  // The secrets of a default start (`npm start`: NODE_ENV and the secrets unset, a DATA_DIR of its own).
  defaultDataDir = await mkdtemp(path.join(tmpdir(), 'wallet-webhook-'));
  const { APP_SECRET, WEBHOOK_SECRET } = loadConfig({ DATA_DIR: defaultDataDir });
  // The sandbox decides after a minute here: these tests play the provider themselves.
  t = await createTestApp({ SANDBOX_DECISION_MS: 60_000, APP_SECRET, WEBHOOK_SECRET });
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
  if (defaultDataDir) await rm(defaultDataDir, { recursive: true, force: true });
});

const callback = (event: Record<string, unknown>, signature?: string) => {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: apiPaths.providerWebhook,
    headers: {
      'content-type': 'application/json',
      'x-signature': signature ?? signWebhook(body, t.config.WEBHOOK_SECRET),
    },
    payload: body,
  });
};

const pendingMomo = async (amount = 30) => {
  const u = await walletUser(t.app, t.database.db);
  const result = resultOf(await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, amount)));
  return { u, reference: result.referenceNumber };
};

describe('provider webhook (POST api/Provider/Webhook)', () => {
  it('refuses a missing, malformed or wrong signature with 401 and changes nothing', async () => {
    const { u, reference } = await pendingMomo();
    const event = { reference, status: 'succeeded', eventId: 'evt-1' };
    const forged = signWebhook(JSON.stringify({ ...event, status: 'failed' }), t.config.WEBHOOK_SECRET);
    for (const signature of [
      '',
      'sha256=',
      'md5=abc',
      forged,
      signWebhook(JSON.stringify(event), 'x'.repeat(40)),
    ]) {
      const response = await callback(event, signature);
      expect(response.statusCode, signature).toBe(401);
      expect(envelope<ErrorData>(response).data.messageId).toBe('auth.required');
    }
    expect((await operation(t.app, u, reference)).status).toBe('pending');
  });

  it('on a default start, refuses callbacks signed with the secret earlier versions published: nothing moves', async () => {
    // Issue 21: the literal default of src/server/config.ts until then, public in the repository's history.
    const published = 'development-only-webhook-secret-0123456789';
    const forge = (event: Record<string, unknown>) =>
      callback(event, signWebhook(JSON.stringify(event), published));
    // A MoMo payer who never answers (number ending 000002): only a forged approval could credit it.
    const u = await walletUser(t.app, t.database.db);
    const topUp = resultOf(
      await postMoney(t.app, u, apiPaths.momoTopUp, momoTopUpBody(u, 500, '0240000002')),
    );
    const approval = await forge({
      reference: topUp.referenceNumber,
      status: 'succeeded',
      eventId: 'evt_forged_1',
    });
    expect(approval.statusCode).toBe(401);
    expect(envelope<ErrorData>(approval).data.messageId).toBe('auth.required');
    expect((await operation(t.app, u, topUp.referenceNumber)).status).toBe('pending');
    expect(await walletAmount(t.app, u)).toBe(0);
    // A forged failure would release a held withdrawal to be spent again.
    await fundWallet(t.app, u, 80);
    const payout = resultOf(await postMoney(t.app, u, apiPaths.withdrawal, momoWithdrawalBody(u, 50)));
    const held = await walletAmount(t.app, u);
    expect(held).toBeLessThan(30.01);
    const failure = await forge({
      reference: payout.referenceNumber,
      status: 'failed',
      reason: 'account_failed',
      eventId: 'evt_forged_2',
    });
    expect(failure.statusCode).toBe(401);
    expect((await operation(t.app, u, payout.referenceNumber)).status).toBe('pending');
    expect(await walletAmount(t.app, u)).toBe(held);
  });

  it('a signed approval credits the wallet once; duplicates and late contrary callbacks are harmless', async () => {
    const { u, reference } = await pendingMomo(30);
    const approval = { reference, status: 'succeeded', eventId: 'evt-a' };
    expect(envelope<{ outcome: string }>(await callback(approval)).data.outcome).toBe('resolved');
    expect(envelope<{ outcome: string }>(await callback(approval)).data.outcome).toBe('ignored');
    const late = await callback({ reference, status: 'failed', reason: 'rejected', eventId: 'evt-b' });
    expect(envelope<{ outcome: string }>(late).data.outcome).toBe('ignored');
    expect(await operation(t.app, u, reference)).toMatchObject({ status: 'Successful', walletAmount: 30 });
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => callback(approval)));
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await walletAmount(t.app, u)).toBe(30);
  });

  it('a signed rejection fails the operation with its reason', async () => {
    const { u, reference } = await pendingMomo();
    await callback({ reference, status: 'failed', reason: 'rejected', eventId: 'evt-r' });
    expect(await operation(t.app, u, reference)).toMatchObject({
      status: 'Failed',
      failureMessageId: 'topUp.momoRejected',
    });
  });

  it('concurrent contrary callbacks resolve the operation exactly one way', async () => {
    const { u, reference } = await pendingMomo(20);
    await Promise.all([
      callback({ reference, status: 'succeeded', eventId: 'evt-1' }),
      callback({ reference, status: 'failed', reason: 'rejected', eventId: 'evt-2' }),
      callback({ reference, status: 'succeeded', eventId: 'evt-3' }),
    ]);
    const { status } = await operation(t.app, u, reference);
    expect(await walletAmount(t.app, u)).toBe(status === 'Successful' ? 20 : 0);
    await expectLedgerInvariants(t.database.db);
  });

  it('resolves a payout: success posts the held money', async () => {
    const u = await walletUser(t.app, t.database.db);
    await fundWallet(t.app, u, 80);
    const { referenceNumber } = resultOf(
      await postMoney(t.app, u, apiPaths.withdrawal, bankWithdrawalBody(u, 50)),
    );
    await callback({ reference: referenceNumber, status: 'succeeded', eventId: 'evt-w' });
    expect(await operation(t.app, u, referenceNumber)).toMatchObject({
      status: 'Successful',
      walletAmount: 30,
    });
  });

  it('an unknown reference is acknowledged and ignored; a signed body that is not an event is a 400', async () => {
    const unknown = await callback({ reference: 'WT00000000NOTOURS', status: 'succeeded', eventId: 'evt-x' });
    expect(unknown.statusCode).toBe(200);
    expect(envelope<{ outcome: string }>(unknown).data.outcome).toBe('ignored');
    for (const event of [{ reference: 'WT1', status: 'maybe', eventId: 'e' }, { status: 'succeeded' }]) {
      expect((await callback(event)).statusCode).toBe(400);
    }
  });
});
