import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill, PayBillRequest } from '../../src/contract/billing';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../src/contract/paths';
import type { WalletOperationResult, WalletOperationStatus } from '../../src/contract/wallet';
import { minorToApiAmount, parseDecimalAmount } from '../../src/domain/money';
import { processingFee } from '../../src/domain/fees';
import { gemPacks, pricedGemPacks } from '../../src/domain/gems';
import { TRANSFER_MIN_MINOR } from '../../src/domain/transfer';
import { BANK_WITHDRAWAL_MIN_MINOR, MOMO_WITHDRAWAL_MIN_MINOR } from '../../src/domain/withdrawal';
import { BILLER_DOWN_SUFFIX } from '../../src/server/providers/biller-rail';
import { signWebhook } from '../../src/server/providers/webhook-signature';
import { buyGemPack, gemBalance } from '../support/server-shop-fixtures';
import { bearer, registerUser } from '../support/server-helpers';
import { fundWallet, keyFor, referenceOf, refusal, walletOf } from '../support/server-wallet-ledger';
import { monitoringOff } from '../support/server-monitoring-helpers';
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
import {
  addBankBeneficiary,
  addMobileBeneficiary,
  BANK_DEPOSIT_DELIVERY,
  newAccountNo,
  newPhone,
  payNow,
  quoteFor,
  verifyPhone,
} from '../support/server-transfer-fixtures';
import { betBody, newBettingNo, postBet } from '../support/server-betting-fixtures';

/*
 * Model-based test of the ledger through the HTTP API: random sequences of card, bank and MoMo top-ups,
 * withdrawals, transfers (paid out through MoMo or a bank, or on-us to another user's wallet; some payouts fail),
 * transfers received from another user, provider decisions (callbacks, polling, expiry), duplicate and contrary
 * late webhooks, retries with the same Idempotency-Key and second payments of a paid cart, deposits into betting
 * accounts (amount + fee held, then posted to the operator or, for a refused betting number, released), gem packs
 * bought from the wallet (cedis to shop revenue, gems to the user's gem account; a tampered price or a wallet that
 * cannot cover the price moves nothing), prepaid bills paid from the wallet (the bill's total, no fee, posted to the
 * biller at once, or held and released when the biller is down; a wallet that cannot cover it moves nothing),
 * compared with a plain in-memory model after every command.
 */

type Scenario = 'approve' | 'fail' | 'reject' | 'never' | 'lose';

interface ModelOperation {
  reference: string;
  amountMinor: number;
  /** What a debit holds while pending and takes once posted: the amount, plus the fee of a transfer. */
  holdMinor: number;
  /** Why a failed debit failed (a withdrawal's or a transfer's payout). */
  payoutFailedId: string;
  /** The cart a transfer paid. */
  cartId?: string;
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
  answered: {
    key: string;
    url:
      | MoneyPath
      | typeof apiPaths.payNow
      | typeof apiPaths.initiateBetting
      | typeof apiPaths.buyGemPack
      | typeof apiPaths.payBill;
    body: object;
    statusCode: number;
    json: unknown;
  }[];
  /** Another user's wallet that sends the model's user transfers between wallets (amount + 1% fee each). */
  senderMinor: number;
  /** The wallet of the user whose verified phone the model's user sends on-us transfers to. */
  receiverMinor: number;
  /** The model user's gems. */
  gems: number;
}

type TransferRail = 'momo' | 'momoFail' | 'bank' | 'bankFail' | 'onUs';

interface Real {
  user: WalletUser;
  senderId: number;
  receiverId: number;
  /** The model user's beneficiary for each kind of transfer. */
  beneficiaries: Record<TransferRail, number>;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  // Bursts and the limits' edges are what the monitoring rules hold; they have their own tests.
  await monitoringOff(t.database.db);
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
    model.heldMinor -= operation.holdMinor;
    if (status === 'Successful') model.balanceMinor -= operation.holdMinor;
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
  if (operation.debit) return { status: 'Failed', messageId: operation.payoutFailedId };
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
  url:
    | MoneyPath
    | typeof apiPaths.payNow
    | typeof apiPaths.initiateBetting
    | typeof apiPaths.buyGemPack
    | typeof apiPaths.payBill,
  body: object,
  response: LightMyRequestResponse,
) => {
  model.answered.push({ key, url, body, statusCode: response.statusCode, json: response.json() });
};

const referenceIn = (response: LightMyRequestResponse) =>
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
  expect((await walletOf(t.database.db, real.receiverId)).balanceMinor).toBe(model.receiverMinor);
  expect(await gemBalance(t.app, real.user)).toBe(model.gems);
};

/** A model operation as created (pending until resolved). */
const pendingOperation = (
  reference: string,
  amountMinor: number,
  fields: Partial<ModelOperation> = {},
): ModelOperation => ({
  reference,
  amountMinor,
  holdMinor: amountMinor,
  payoutFailedId: 'withdrawal.payoutFailed',
  debit: false,
  momoTopUp: false,
  scenario: 'approve',
  status: 'pending',
  failureMessageId: null,
  ...fields,
});

/**
 * A debit of amount + 1% fee from the model's wallet (a transfer, a bet): refused with 400 walletPayment.notEnough
 * when the available balance does not cover it (nothing moves), else answered 200 and held until decided.
 */
const heldDebit = (
  model: Model,
  response: LightMyRequestResponse,
  amountMinor: number,
  fields: Partial<ModelOperation>,
): { operation: ModelOperation; result: WalletOperationResult } | null => {
  const total = amountMinor + processingFee(amountMinor);
  if (total > availableOf(model)) {
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { data: { messageId: string } }).data.messageId).toBe(
      'walletPayment.notEnough',
    );
    return null;
  }
  expect(response.statusCode, response.body).toBe(200);
  const result = (response.json() as { data: WalletOperationResult }).data;
  const operation = pendingOperation(result.referenceNumber, amountMinor, {
    holdMinor: total,
    debit: true,
    ...fields,
  });
  model.heldMinor += total;
  model.operations.push(operation);
  return { operation, result };
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
    const reference = approved ? referenceIn(response) : await newestReference(real);
    const operation = pendingOperation(reference, this.cedis * 100, {
      scenario: approved ? 'approve' : 'fail',
    });
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
    const operation = pendingOperation(
      this.ok ? referenceIn(response) : await newestReference(real),
      this.amountMinor,
      { scenario: this.ok ? 'approve' : 'fail' },
    );
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
    model.operations.push(
      pendingOperation(referenceIn(response), this.amountMinor, { momoTopUp: true, scenario: this.scenario }),
    );
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
      model.operations.push(
        pendingOperation(result.referenceNumber, this.amountMinor, {
          debit: true,
          scenario: this.ok ? 'approve' : 'fail',
        }),
      );
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
      // The receiving row: the model's wallet history shows the credit at once.
      const received = pendingOperation(`${referenceOf(answer)}-R`, this.amountMinor);
      model.operations.push(received);
      resolve(model, received, 'Successful', null);
    }
    expect((await walletOf(t.database.db, real.senderId)).balanceMinor).toBe(model.senderMinor);
    await checkAgainstModel(model, real);
  }
  toString = () => `transferIn(${this.amountMinor})`;
}

/**
 * A transfer from the model's wallet: initiated (a cart), then PayNow. Through a rail it holds amount + fee until
 * the payout is decided (a number or account ending 000001 fails and is released); on-us it moves at once into
 * the receiver's wallet. More than the available balance is refused and moves nothing.
 */
class SendTransfer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly amountMinor: number,
    readonly rail: TransferRail,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const quote = await quoteFor(
      t.app,
      real.user,
      real.beneficiaries[this.rail],
      minorToApiAmount(this.amountMinor),
      this.rail.startsWith('bank') ? { deliveryMethodId: BANK_DEPOSIT_DELIVERY } : {},
    );
    const key = newKey();
    const body = { userId: real.user.userId, cartId: quote.guidId };
    const response = await payNow(t.app, real.user, quote.guidId, key, body);
    const accepted = heldDebit(model, response, this.amountMinor, {
      payoutFailedId: 'transfer.payoutFailed',
      cartId: quote.guidId,
      scenario: this.rail.endsWith('Fail') ? 'fail' : 'approve',
    });
    if (accepted) {
      if (this.rail === 'onUs') {
        resolve(model, accepted.operation, 'Successful', null);
        model.receiverMinor += this.amountMinor;
      }
      expect(accepted.result.status).toBe(this.rail === 'onUs' ? 'Successful' : 'pending');
      expect(parseDecimalAmount(accepted.result.walletAmount)).toBe(availableOf(model));
      remember(model, key, apiPaths.payNow, body, response);
    }
    await checkAgainstModel(model, real);
  }
  toString = () => `transfer(${this.amountMinor}, ${this.rail})`;
}

/**
 * A deposit into a betting account: amount + 1% fee held until the operator decides (a betting number ending
 * 000001 is refused and released); more than the available balance is refused and moves nothing.
 */
class Bet implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly amountMinor: number,
    readonly ok: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const body = betBody(real.user, minorToApiAmount(this.amountMinor), {
      bettingNo: newBettingNo(this.ok ? '' : '000001'),
    });
    const key = newKey();
    const response = await postBet(t.app, real.user, body, key);
    const accepted = heldDebit(model, response, this.amountMinor, {
      payoutFailedId: 'betting.refused',
      scenario: this.ok ? 'approve' : 'fail',
    });
    if (accepted) {
      expect(accepted.result.status).toBe('pending');
      expect(parseDecimalAmount(accepted.result.walletAmount)).toBe(availableOf(model));
      remember(model, key, apiPaths.initiateBetting, body, response);
    }
    await checkAgainstModel(model, real);
  }
  toString = () => `bet(${this.amountMinor}, ${this.ok})`;
}

/** Another attempt (a new key) to pay a cart already paid, whatever became of its payout: 409, nothing moves. */
class PayPaidCart implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.operations.some((operation) => operation.cartId !== undefined);
  async run(model: Model, real: Real) {
    const paid = model.operations.filter((operation) => operation.cartId !== undefined);
    const operation = paid[this.pick % paid.length] as ModelOperation;
    const response = await payNow(t.app, real.user, operation.cartId as string);
    expect(response.statusCode, response.body).toBe(409);
    expect((response.json() as { data: { messageId: string } }).data.messageId).toBe('transfer.alreadyPaid');
    await checkAgainstModel(model, real);
  }
  toString = () => `payPaidCart(#${this.pick})`;
}

const PACKS = pricedGemPacks('0.08');

/**
 * A gem pack bought from the wallet at the server's price (the seeded rate): decided at once, the price leaves the
 * wallet and the pack's gems reach the gem account in one ledger transaction; a wallet that cannot cover it, or a
 * price that is not the server's, moves nothing.
 */
class BuyGems implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly tampered: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const pack = PACKS[this.pick % PACKS.length] as (typeof PACKS)[number];
    const body = {
      userId: real.user.userId,
      packId: pack.id,
      price: minorToApiAmount(this.tampered ? pack.priceMinor - 1 : pack.priceMinor),
    };
    const key = newKey();
    const response = await buyGemPack(t.app, real.user, body, key);
    if (this.tampered) {
      expect(response.statusCode, response.body).toBe(409);
    } else if (pack.priceMinor > availableOf(model)) {
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { data: { messageId: string } }).data.messageId).toBe(
        'walletPayment.notEnough',
      );
      remember(model, key, apiPaths.buyGemPack, body, response);
    } else {
      expect(response.statusCode, response.body).toBe(200);
      const operation = pendingOperation(referenceIn(response), pack.priceMinor, { debit: true });
      model.heldMinor += pack.priceMinor;
      model.operations.push(operation);
      resolve(model, operation, 'Successful', null);
      model.gems += pack.gems;
      expect(parseDecimalAmount((response.json() as { data: WalletOperationResult }).data.walletAmount)).toBe(
        availableOf(model),
      );
      remember(model, key, apiPaths.buyGemPack, body, response);
    }
    await checkAgainstModel(model, real);
  }
  toString = () =>
    `buyGems(${gemPacks[this.pick % gemPacks.length]?.gems ?? 0}${this.tampered ? ', tampered' : ''})`;
}

/** The seeded ECG Prepaid sub-company, its documented sandbox meter (README, "Sandbox billers"). */
const ECG_PREPAID = { id: 1, reference: '01234567890' };

const postBill = (user: WalletUser, body: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.payBill,
    payload: body,
    headers: { ...bearer(user.token), [IDEMPOTENCY_KEY_HEADER]: key },
  });

/**
 * A prepaid electricity bill looked up (a quote) and paid from the wallet at its total, without fee: answered
 * pending with the total held, the documented meter's payment is then posted to the biller at once; a meter ending 000001 (a biller that is down) is held until
 * the sandbox decides, then released with 'billing.billerFailed'. A wallet that cannot cover the bill is refused
 * with 400 'billing.insufficientFunds' (stored under the key) and moves nothing.
 */
class PayBill implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly ok: boolean,
    readonly prefix: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const reference = this.ok
      ? ECG_PREPAID.reference
      : `${String(this.prefix).padStart(5, '0')}${BILLER_DOWN_SUFFIX}`;
    const found = await t.app.inject({
      method: 'GET',
      url: apiPaths.billByReference,
      query: { referenceNumber: reference, subCompanyId: String(ECG_PREPAID.id) },
      headers: bearer(real.user.token),
    });
    expect(found.statusCode, found.body).toBe(200);
    const bill = (found.json() as { data: Bill[] }).data[0] as Bill;
    const body: PayBillRequest = {
      userId: real.user.userId,
      quoteId: bill.quoteId,
      customerId: bill.customerId,
      customerName: bill.customerName,
      billMonth: bill.billMonth,
      dueDate: bill.dueDate,
      referenceNo: bill.referenceNo,
      processingFee: 0,
      totalBill: bill.totalBillDue,
      totalPay: bill.totalBillDue,
      paidBy: 'Wallet',
      subCompanyId: bill.subCompanyId,
    };
    const totalMinor = parseDecimalAmount(bill.totalBillDue) as number;
    const key = newKey();
    const response = await postBill(real.user, body, key);
    if (totalMinor > availableOf(model)) {
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { data: { messageId: string } }).data.messageId).toBe(
        'billing.insufficientFunds',
      );
    } else {
      expect(response.statusCode, response.body).toBe(200);
      const result = (response.json() as { data: WalletOperationResult }).data;
      const operation = pendingOperation(result.referenceNumber, totalMinor, {
        debit: true,
        payoutFailedId: 'billing.billerFailed',
        scenario: this.ok ? 'approve' : 'fail',
      });
      model.heldMinor += totalMinor;
      model.operations.push(operation);
      // Answered at creation (pending, the total held); a biller that decides at once shows in the history.
      expect(result.status).toBe('pending');
      expect(parseDecimalAmount(result.walletAmount)).toBe(availableOf(model));
      if (this.ok) resolve(model, operation, 'Successful', null);
    }
    remember(model, key, apiPaths.payBill, body, response);
    await checkAgainstModel(model, real);
  }
  toString = () => `payBill(${this.ok ? 'ok' : `biller down #${this.prefix}`})`;
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
      const messageId = succeeded ? null : operation.debit ? operation.payoutFailedId : 'topUp.momoRejected';
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
    const other = () => {
      if (first.url === apiPaths.payNow) return { ...first.body, cartId: randomUUID() };
      if (first.url === apiPaths.initiateBetting)
        return {
          ...first.body,
          sendAmount: minorToApiAmount(
            (parseDecimalAmount((first.body as { sendAmount: number }).sendAmount) as number) + 100,
          ),
        };
      if (first.url === apiPaths.payBill) {
        const { totalBill } = first.body as { totalBill: number };
        return { ...first.body, totalBill: totalBill + 1, totalPay: totalBill + 1 };
      }
      if (first.url === apiPaths.buyGemPack) {
        const { packId } = first.body as { packId: string };
        return { ...first.body, packId: packId === 'gems-2500' ? 'gems-6500' : 'gems-2500' };
      }
      const amount = parseDecimalAmount((first.body as { amount: number }).amount) as number;
      return { ...first.body, amount: minorToApiAmount(amount + 100) };
    };
    const body = this.otherBody ? other() : first.body;
    const response =
      first.url === apiPaths.payNow
        ? await payNow(t.app, real.user, '', first.key, body)
        : first.url === apiPaths.initiateBetting
          ? await postBet(t.app, real.user, body, first.key)
          : first.url === apiPaths.buyGemPack
            ? await buyGemPack(t.app, real.user, body as { packId: string }, first.key)
            : first.url === apiPaths.payBill
              ? await postBill(real.user, body, first.key)
              : await postMoney(t.app, real.user, first.url, body, first.key);
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
    // Withdrawals and transfers from their floors on (issue 21: GH₵ 1 to a bank, 10 to MoMo, 1 sent).
    fc
      .tuple(fc.boolean(), fc.boolean())
      .chain(([momo, ok]) =>
        fc
          .integer({ min: momo ? MOMO_WITHDRAWAL_MIN_MINOR : BANK_WITHDRAWAL_MIN_MINOR, max: 30_000 })
          .map((amount) => new Withdraw(amount, momo, ok)),
      ),
    fc.boolean().map((expire) => new RunWorker(expire)),
    fc.constant(new SandboxCallbacks()),
    fc.tuple(fc.nat(), fc.boolean()).map(([pick, contrary]) => new Webhook(pick, contrary)),
    fc.tuple(fc.nat(), fc.boolean()).map(([pick, otherBody]) => new Retry(pick, otherBody)),
    amountMinor.map((amount) => new TransferIn(amount)),
    fc
      .tuple(
        fc.integer({ min: TRANSFER_MIN_MINOR, max: 30_000 }),
        fc.constantFrom(
          'momo',
          'momo',
          'momoFail',
          'bank',
          'bankFail',
          'onUs',
          'onUs',
        ) as fc.Arbitrary<TransferRail>,
      )
      .map(([amount, rail]) => new SendTransfer(amount, rail)),
    fc.nat().map((pick) => new PayPaidCart(pick)),
    fc.tuple(fc.integer({ min: 100, max: 30_000 }), fc.boolean()).map(([amount, ok]) => new Bet(amount, ok)),
    fc
      .tuple(fc.nat(), fc.constantFrom(false, false, false, true))
      .map(([pick, tampered]) => new BuyGems(pick, tampered)),
    fc
      .tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999 }))
      .map(([ok, prefix]) => new PayBill(ok, prefix)),
  ],
  { maxCommands: 20 },
);

describe('the ledger against its model', () => {
  it('keeps balances, holds, statuses and history right through any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const db = t.database.db;
        const user = await walletUser(t.app, db);
        const { userId: senderId } = await registerUser(t.app);
        const senderMinor = 40_000;
        await fundWallet(db, senderId, senderMinor);
        const { userId: receiverId } = await registerUser(t.app);
        const receiverPhone = newPhone();
        await verifyPhone(db, receiverId, receiverPhone);
        const beneficiaries: Record<TransferRail, number> = {
          momo: await addMobileBeneficiary(db, user.userId),
          momoFail: await addMobileBeneficiary(db, user.userId, newPhone('000001')),
          bank: await addBankBeneficiary(db, user.userId),
          bankFail: await addBankBeneficiary(db, user.userId, newAccountNo('000001')),
          onUs: await addMobileBeneficiary(db, user.userId, receiverPhone),
        };
        const model: Model = {
          balanceMinor: 0,
          heldMinor: 0,
          operations: [],
          answered: [],
          senderMinor,
          receiverMinor: 0,
          gems: 0,
        };
        await fc.asyncModelRun(
          () => ({ model, real: { user, senderId, receiverId, beneficiaries } }),
          sequence,
        );
        await expectLedgerInvariants(t.database.db);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
