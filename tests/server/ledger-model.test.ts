import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { WalletOperationResult, WalletOperationStatus } from '../../src/contract/wallet';
import { minorToApiAmount, parseDecimalAmount } from '../../src/domain/money';
import { processingFee } from '../../src/domain/fees';
import { signWebhook } from '../../src/server/providers/webhook-signature';
import { registerUser } from '../support/server-helpers';
import { fundWallet, keyFor, refusal, walletOf } from '../support/server-wallet-ledger';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  bankTopUpBody,
  bankWithdrawalBody,
  cardBody,
  DECLINED_CARD,
  history,
  INSUFFICIENT_CARD,
  momoTopUpBody,
  momoWithdrawalBody,
  newKey,
  postMoney,
  VALID_CARD,
  walletAmount,
  walletUser,
  type MoneyPath,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { expectLedgerInvariants, ledgerTotal } from '../support/server-wallet-invariants';

/*
 * Model-based test of the ledger through the HTTP API: random sequences of card, bank and MoMo top-ups,
 * withdrawals, provider decisions (callbacks, polling, expiry), duplicate and contrary late webhooks, and retries
 * with the same Idempotency-Key, compared with a plain in-memory model after every command.
 */

type Scenario = 'approve' | 'fail' | 'reject' | 'never' | 'lose';

interface ModelOperation {
  reference: string;
  amountMinor: number;
  debit: boolean;
  momoTopUp: boolean;
  scenario: Scenario;
  status: WalletOperationStatus;
  failureMessageId: string | null;
}

interface Model {
  balanceMinor: number;
  heldMinor: number;
  operations: ModelOperation[];
  /** Keys whose first answer is final for them (200, 202 or 402), with the request and that answer. */
  answered: { key: string; url: MoneyPath; body: object; statusCode: number; json: unknown }[];
  /** Another user's wallet that sends the model's user transfers between wallets (amount + 1% fee each). */
  senderMinor: number;
}

interface Real {
  user: WalletUser;
  senderId: number;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
});
afterAll(async () => t?.close());

const availableOf = (model: Model) => model.balanceMinor - model.heldMinor;

const resolve = (
  model: Model,
  operation: ModelOperation,
  status: 'Successful' | 'Failed',
  failureMessageId: string | null,
) => {
  operation.status = status;
  operation.failureMessageId = failureMessageId;
  if (operation.debit) {
    model.heldMinor -= operation.amountMinor;
    if (status === 'Successful') model.balanceMinor -= operation.amountMinor;
  } else if (status === 'Successful') {
    model.balanceMinor += operation.amountMinor;
  }
};

/** What the provider decides for a pending operation: approve and lose succeed, fail and reject fail, never waits. */
const decision = (
  operation: ModelOperation,
): { status: 'Successful' | 'Failed'; messageId: string | null } | null => {
  if (operation.scenario === 'never') return null;
  if (operation.scenario === 'approve' || operation.scenario === 'lose')
    return { status: 'Successful', messageId: null };
  if (operation.debit) return { status: 'Failed', messageId: 'withdrawal.payoutFailed' };
  return { status: 'Failed', messageId: 'topUp.momoRejected' };
};

const settleDecided = (model: Model, { includeLost, expire }: { includeLost: boolean; expire: boolean }) => {
  for (const operation of model.operations) {
    if (operation.status !== 'pending') continue;
    if (operation.scenario === 'lose' && !includeLost) continue;
    const decided = decision(operation);
    if (decided) resolve(model, operation, decided.status, decided.messageId);
    else if (expire) resolve(model, operation, 'Failed', 'topUp.momoExpired');
  }
};

const remember = (
  model: Model,
  key: string,
  url: MoneyPath,
  body: object,
  response: LightMyRequestResponse,
) => {
  model.answered.push({ key, url, body, statusCode: response.statusCode, json: response.json() });
};

const referenceOf = (response: LightMyRequestResponse) =>
  (response.json() as { data: WalletOperationResult }).data.referenceNumber;

/** The reference of the operation a 402 created: the newest row of the history. */
const newestReference = async (real: Real) => (await history(t.app, real.user))[0]?.referenceNumber ?? '';

const checkAgainstModel = async (model: Model, real: Real) => {
  expect(parseDecimalAmount(await walletAmount(t.app, real.user))).toBe(availableOf(model));
  const rows = await history(t.app, real.user);
  const seen = rows.map((row) => [
    row.referenceNumber,
    row.status,
    parseDecimalAmount(row.amount),
    row.failureMessageId,
  ]);
  const expected = [...model.operations]
    .reverse()
    .map((operation) => [
      operation.reference,
      operation.status,
      operation.amountMinor,
      operation.failureMessageId,
    ]);
  expect(seen).toEqual(expected);
  expect(await ledgerTotal(t.database.db)).toBe(0);
  expect(model.balanceMinor).toBeGreaterThanOrEqual(model.heldMinor);
};

class CardTopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly cedis: number,
    readonly scenario: 'approve' | 'decline' | 'insufficient',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const cardNumber = { approve: VALID_CARD, decline: DECLINED_CARD, insufficient: INSUFFICIENT_CARD }[
      this.scenario
    ];
    const body = cardBody(real.user, this.cedis, { cardNumber });
    const key = newKey();
    const response = await postMoney(t.app, real.user, apiPaths.cardTopUp, body, key);
    const approved = this.scenario === 'approve';
    expect(response.statusCode, response.body).toBe(approved ? 200 : 402);
    const reference = approved ? referenceOf(response) : await newestReference(real);
    const operation: ModelOperation = {
      reference,
      amountMinor: this.cedis * 100,
      debit: false,
      momoTopUp: false,
      scenario: approved ? 'approve' : 'fail',
      status: 'pending',
      failureMessageId: null,
    };
    model.operations.push(operation);
    resolve(
      model,
      operation,
      approved ? 'Successful' : 'Failed',
      approved ? null : this.scenario === 'decline' ? 'card.declined' : 'card.insufficientFunds',
    );
    remember(model, key, apiPaths.cardTopUp, body, response);
    await checkAgainstModel(model, real);
  }
  toString = () => `card(${this.cedis}, ${this.scenario})`;
}

class BankTopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly amountMinor: number,
    readonly ok: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = bankTopUpBody(real.user, minorToApiAmount(this.amountMinor), {
      bankAccountNumber: this.ok ? '0123456789' : '1234000001',
    });
    const key = newKey();
    const response = await postMoney(t.app, real.user, apiPaths.bankTopUp, body, key);
    expect(response.statusCode, response.body).toBe(this.ok ? 200 : 402);
    const operation: ModelOperation = {
      reference: this.ok ? referenceOf(response) : await newestReference(real),
      amountMinor: this.amountMinor,
      debit: false,
      momoTopUp: false,
      scenario: this.ok ? 'approve' : 'fail',
      status: 'pending',
      failureMessageId: null,
    };
    model.operations.push(operation);
    resolve(model, operation, this.ok ? 'Successful' : 'Failed', this.ok ? null : 'topUp.bankFailed');
    remember(model, key, apiPaths.bankTopUp, body, response);
    await checkAgainstModel(model, real);
  }
  toString = () => `bank(${this.amountMinor}, ${this.ok})`;
}

const MOMO_PHONES: Record<'approve' | 'reject' | 'never' | 'lose', string> = {
  approve: '0241234567',
  reject: '0240000001',
  never: '0240000002',
  lose: '0240000003',
};

class MomoTopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly amountMinor: number,
    readonly scenario: 'approve' | 'reject' | 'never' | 'lose',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = momoTopUpBody(real.user, minorToApiAmount(this.amountMinor), MOMO_PHONES[this.scenario]);
    const key = newKey();
    const response = await postMoney(t.app, real.user, apiPaths.momoTopUp, body, key);
    expect(response.statusCode, response.body).toBe(202);
    model.operations.push({
      reference: referenceOf(response),
      amountMinor: this.amountMinor,
      debit: false,
      momoTopUp: true,
      scenario: this.scenario,
      status: 'pending',
      failureMessageId: null,
    });
    remember(model, key, apiPaths.momoTopUp, body, response);
    await checkAgainstModel(model, real);
  }
  toString = () => `momo(${this.amountMinor}, ${this.scenario})`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly amountMinor: number,
    readonly momo: boolean,
    readonly ok: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const amount = minorToApiAmount(this.amountMinor);
    const body = this.momo
      ? momoWithdrawalBody(real.user, amount, this.ok ? '0241234567' : '0240000001')
      : bankWithdrawalBody(real.user, amount, this.ok ? '0123456789' : '9876000001');
    const key = newKey();
    const response = await postMoney(t.app, real.user, apiPaths.withdrawal, body, key);
    if (this.amountMinor > availableOf(model)) {
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { data: { messageId: string } }).data.messageId).toBe(
        'withdrawal.insufficientFunds',
      );
    } else {
      expect(response.statusCode, response.body).toBe(200);
      model.heldMinor += this.amountMinor;
      const result = (response.json() as { data: WalletOperationResult }).data;
      expect(parseDecimalAmount(result.walletAmount)).toBe(availableOf(model));
      model.operations.push({
        reference: result.referenceNumber,
        amountMinor: this.amountMinor,
        debit: true,
        momoTopUp: false,
        scenario: this.ok ? 'approve' : 'fail',
        status: 'pending',
        failureMessageId: null,
      });
      remember(model, key, apiPaths.withdrawal, body, response);
    }
    await checkAgainstModel(model, real);
  }
  toString = () => `withdraw(${this.amountMinor}, ${this.momo ? 'momo' : 'bank'}, ${this.ok})`;
}

/**
 * A transfer between wallets into the model's wallet (decided at once): the sender pays amount + fee, the model's
 * wallet gains the amount at once, whatever it holds; refused, moving nothing, when the sender cannot cover it.
 */
class TransferIn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly amountMinor: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await t.app.wallet.service.pay({
      idempotency: keyFor(real.senderId),
      draft: {
        kind: 'wallet_transfer',
        amountMinor: this.amountMinor,
        counterparty: { rail: 'wallet', label: 'Model user', userId: real.user.userId },
      },
      insufficientFunds: refusal,
    });
    const total = this.amountMinor + processingFee(this.amountMinor);
    if (total > model.senderMinor) {
      expect(answer).toEqual(refusal);
    } else {
      expect(answer.statusCode).toBe(200);
      model.senderMinor -= total;
      model.balanceMinor += this.amountMinor;
    }
    expect((await walletOf(t.database.db, real.senderId)).balanceMinor).toBe(model.senderMinor);
    await checkAgainstModel(model, real);
  }
  toString = () => `transferIn(${this.amountMinor})`;
}

/** The worker's pass: callbacks for what the sandbox decided, then polling (finds lost callbacks). */
class RunWorker implements fc.AsyncCommand<Model, Real> {
  constructor(readonly expire: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const later = new Date(Date.now() + t.config.SANDBOX_MOMO_EXPIRY_MS + 1000);
    await t.app.wallet.worker.runOnce(this.expire ? { now: later } : { minAgeMs: 0 });
    settleDecided(model, { includeLost: true, expire: this.expire });
    await checkAgainstModel(model, real);
  }
  toString = () => (this.expire ? 'worker(after expiry)' : 'worker');
}

/** Only the sandbox's callbacks: a lost one stays pending. */
class SandboxCallbacks implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    await t.app.wallet.provider.tick?.();
    settleDecided(model, { includeLost: false, expire: false });
    await checkAgainstModel(model, real);
  }
  toString = () => 'callbacks';
}

const sendWebhook = (event: object) => {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: apiPaths.providerWebhook,
    headers: {
      'content-type': 'application/json',
      'x-signature': signWebhook(body, t.config.WEBHOOK_SECRET),
    },
    payload: body,
  });
};

/** A signed callback for an operation: its true decision (early, duplicate) or the contrary one (late, wrong). */
class Webhook implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly contrary: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.operations.length > 0;
  async run(model: Model, real: Real) {
    const operation = model.operations[this.pick % model.operations.length] as ModelOperation;
    const decided = decision(operation);
    const wasPending = operation.status === 'pending';
    let succeeded = decided ? decided.status === 'Successful' : !this.contrary;
    if (this.contrary) succeeded = !succeeded;
    const response = await sendWebhook({
      reference: operation.reference,
      status: succeeded ? 'succeeded' : 'failed',
      ...(succeeded ? {} : { reason: operation.debit ? 'account_failed' : 'rejected' }),
      eventId: `model-${this.pick}`,
    });
    expect(response.statusCode).toBe(200);
    const outcome = (response.json() as { data: { outcome: string } }).data.outcome;
    if (wasPending) {
      expect(outcome).toBe('resolved');
      const messageId = succeeded ? null : operation.debit ? 'withdrawal.payoutFailed' : 'topUp.momoRejected';
      resolve(model, operation, succeeded ? 'Successful' : 'Failed', messageId);
      // The provider's own record may now disagree; the operation keeps what the callback said.
      operation.scenario = succeeded ? 'approve' : 'fail';
    } else {
      expect(outcome).toBe('ignored');
    }
    await checkAgainstModel(model, real);
  }
  toString = () => `webhook(#${this.pick}, ${this.contrary ? 'contrary' : 'true'})`;
}

/** The same key again: the same body replays the first answer; another body is a 409. */
class Retry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly otherBody: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.answered.length > 0;
  async run(model: Model, real: Real) {
    const first = model.answered[this.pick % model.answered.length] as Model['answered'][number];
    const amount = parseDecimalAmount((first.body as { amount: number }).amount) as number;
    const body = this.otherBody ? { ...first.body, amount: minorToApiAmount(amount + 100) } : first.body;
    const response = await postMoney(t.app, real.user, first.url, body, first.key);
    if (this.otherBody) {
      expect(response.statusCode).toBe(409);
    } else {
      expect(response.statusCode).toBe(first.statusCode);
      expect(response.json()).toEqual(first.json);
    }
    await checkAgainstModel(model, real);
  }
  toString = () => `retry(#${this.pick}${this.otherBody ? ', other body' : ''})`;
}

const amountMinor = fc.integer({ min: 1, max: 30_000 });

const commands = fc.commands(
  [
    fc
      .tuple(
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom('approve', 'approve', 'decline', 'insufficient') as fc.Arbitrary<
          'approve' | 'decline' | 'insufficient'
        >,
      )
      .map(([cedis, scenario]) => new CardTopUp(cedis, scenario)),
    fc.tuple(amountMinor, fc.boolean()).map(([amount, ok]) => new BankTopUp(amount, ok)),
    fc
      .tuple(
        amountMinor,
        fc.constantFrom('approve', 'reject', 'never', 'lose') as fc.Arbitrary<
          'approve' | 'reject' | 'never' | 'lose'
        >,
      )
      .map(([amount, scenario]) => new MomoTopUp(amount, scenario)),
    fc
      .tuple(amountMinor, fc.boolean(), fc.boolean())
      .map(([amount, momo, ok]) => new Withdraw(amount, momo, ok)),
    fc.boolean().map((expire) => new RunWorker(expire)),
    fc.constant(new SandboxCallbacks()),
    fc.tuple(fc.nat(), fc.boolean()).map(([pick, contrary]) => new Webhook(pick, contrary)),
    fc.tuple(fc.nat(), fc.boolean()).map(([pick, otherBody]) => new Retry(pick, otherBody)),
    amountMinor.map((amount) => new TransferIn(amount)),
  ],
  { maxCommands: 20 },
);

describe('the ledger against its model', () => {
  it('keeps balances, holds, statuses and history right through any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const user = await walletUser(t.app, t.database.db);
        const { userId: senderId } = await registerUser(t.app);
        const senderMinor = 40_000;
        await fundWallet(t.database.db, senderId, senderMinor);
        const model: Model = { balanceMinor: 0, heldMinor: 0, operations: [], answered: [], senderMinor };
        await fc.asyncModelRun(() => ({ model, real: { user, senderId } }), sequence);
        await expectLedgerInvariants(t.database.db);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
