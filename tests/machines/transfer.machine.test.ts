import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { amountInput } from '../../src/domain/amount';
import { processingFee, walletPaymentCheck } from '../../src/domain/fees';
import { parseRate } from '../../src/domain/fx';
import { parseDecimalAmount } from '../../src/domain/money';
import { transferSubmitViolations } from '../../src/domain/transfer';
import type { Beneficiary } from '../../src/contract/beneficiary';
import type { ExchangeRate, TransferQuoteInPesewas } from '../../src/contract/transfer';
import type { WalletOperation } from '../../src/contract/wallet';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import {
  emptyTransferForm,
  formSummary,
  quoteSummary,
  sendAmountTyped,
} from '../../src/machines/transfer.form';
import type { TransferRequestInPesewas } from '../../src/contract/transfer';
import { transferMachine, type PayNowCall, type TransferDraft } from '../../src/machines/transfer.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import {
  addedBeneficiary,
  beneficiaries,
  crossBorderModels,
  purposes,
  quoteOf,
  rates,
  transferModels,
  transferOperation,
} from '../support/machine-models-transfer';
import { describeMachinePaths } from '../support/machine-paths';

[...transferModels, ...crossBorderModels].forEach(describeMachinePaths);

type Answer<T> = () => Promise<T>;

/** The machine on fake services: each call takes the next answer of its list (and records what it was asked). */
const start = ({
  quotes = [async () => quoteOf(25000)],
  payments = [async () => transferOperation('Successful')],
  statuses = [] as WalletOperation[],
  rateTable = async () => rates,
  walletAmount = 100_000,
  delays = { followPollInterval: 5, followTimeout: 1000 },
}: {
  quotes?: Answer<TransferQuoteInPesewas>[];
  payments?: Answer<WalletOperation>[];
  statuses?: WalletOperation[];
  rateTable?: () => Promise<ExchangeRate[]>;
  walletAmount?: number;
  delays?: { followPollInterval: number; followTimeout: number };
} = {}) => {
  const requests: TransferRequestInPesewas[] = [];
  const calls: PayNowCall[] = [];
  const queries: OperationQuery[] = [];
  const walletChanged = vi.fn();
  const drafts: TransferDraft[] = [];
  const machine = transferMachine.provide({
    actors: {
      loadBeneficiaries: fromPromise<Beneficiary[], void>(async () => beneficiaries),
      loadPurposes: fromPromise(async () => purposes),
      loadRates: fromPromise(rateTable),
      initiateTransfer: fromPromise<TransferQuoteInPesewas, TransferRequestInPesewas>(({ input }) => {
        requests.push(input);
        const answer = quotes.shift();
        if (!answer) throw new Error('unexpected InitiateTransfer');
        return answer();
      }),
      payNow: fromPromise<WalletOperation, PayNowCall>(({ input }) => {
        calls.push(input);
        const answer = payments.shift();
        if (!answer) throw new Error('unexpected PayNow');
        return answer();
      }),
      getOperation: fromPromise<WalletOperation, OperationQuery>(async ({ input }) => {
        queries.push(input);
        return statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      }),
    },
    actions: {
      walletChanged: (_, params) => walletChanged(params.walletAmount),
      saveDraft: (_, params) => void drafts.push(params),
    },
    delays,
  });
  const actor = createActor(machine, {
    input: { walletAmount, hasIdentification: true, keySeed: 'seed' },
  }).start();
  return { actor, requests, calls, queries, walletChanged, drafts };
};

type Actor = ReturnType<typeof start>['actor'];

const fill = async (actor: Actor, amount = '250', beneficiaryId = '11') => {
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'CHANGE', field: 'transactionPurposeId', value: '1' });
  actor.send({ type: 'CHANGE', field: 'beneficiaryId', value: beneficiaryId });
  actor.send({ type: 'CHANGE', field: 'sendAmount', value: amount });
};

const toPayment = async (actor: Actor) => {
  await fill(actor);
  actor.send({ type: 'SUBMIT' });
  await waitFor(actor, (s) => s.matches('payment'));
};

describe('transfer', () => {
  test('Next asks for the quote of the form; the Pay page pays it once; done resets the beneficiary', async () => {
    const { actor, requests, calls, walletChanged, drafts } = start();
    await toPayment(actor);
    expect(requests).toEqual([
      {
        sendAmount: 25000,
        receiveAmount: 25000,
        currency: 'GHS',
        sendingCountryId: 1,
        receivingCountryId: 1,
        paymentMethodId: 1,
        beneficiaryId: 11,
        // A MoMo beneficiary is paid by Mobile Money (1).
        deliveryMethodId: 1,
        transactionPurposeId: 1,
        processingFee: 250,
        totalPay: 25250,
        payeeNote: '',
      },
    ]);
    expect(drafts).toEqual([{ sendAmount: 25000, currency: 'GHS', receiveAmount: 25000 }]);
    actor.send({ type: 'PAY' });
    // Repeat clicks while paying are not events of 'paying'.
    actor.send({ type: 'PAY' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      { cartId: quoteOf(25000).guidId, idempotencyKey: 'seed-1', payment: { method: 'wallet' } },
    ]);
    expect(walletChanged).toHaveBeenCalledWith(74750);
    expect(actor.getSnapshot().context).toMatchObject({
      walletAmount: 74750,
      form: { beneficiaryId: 0, sendAmount: '250', transactionPurposeId: 1 },
      operation: { referenceNumber: 'TRF-1001', status: 'Successful' },
    });
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ quote: null, operation: null });
  });

  test('a bank beneficiary is paid by Bank Deposit; purpose 4 sends its notes', async () => {
    const { actor, requests } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'payeeNote', value: 'ignored: purpose 4 not chosen' });
    actor.send({ type: 'CHANGE', field: 'transactionPurposeId', value: '4' });
    actor.send({ type: 'CHANGE', field: 'payeeNote', value: ' School fees ' });
    actor.send({ type: 'CHANGE', field: 'beneficiaryId', value: '12' });
    actor.send({ type: 'CHANGE', field: 'sendAmount', value: '250' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payment'));
    expect(requests[0]).toMatchObject({ beneficiaryId: 12, deliveryMethodId: 2, payeeNote: 'School fees' });
  });

  test('abroad: the receive amount and the rate come from the rate table (fx.ts)', async () => {
    const { actor, requests } = start({ quotes: [async () => quoteOf(25000, 'USD')] });
    await fill(actor);
    actor.send({ type: 'CHANGE', field: 'currency', value: 'USD' });
    expect(formSummary(actor.getSnapshot().context)).toEqual({
      sendMinor: 25000,
      feeMinor: 250,
      discountMinor: 0,
      totalMinor: 25250,
      sendCurrency: 'GHS',
      // GH₵ 250 x 0.0812 = $20.30.
      receiveMinor: 2030,
      currency: 'USD',
      rate: '0.0812',
    });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('payment'));
    expect(requests[0]).toMatchObject({ currency: 'USD', receiveAmount: 2030 });
  });

  test('without the rate table only GHS is offered', async () => {
    const { actor } = start({ rateTable: () => Promise.reject(networkError()) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'currency', value: 'USD' });
    expect(actor.getSnapshot().context).toMatchObject({ ratesFailed: true, form: { currency: 'GHS' } });
  });

  test("a refused initiation: 'Failed to initiate transfer. Please try again.' and the amount back to 0", async () => {
    const { actor } = start({
      quotes: [() => Promise.reject(httpError(500)), () => Promise.reject(networkError())],
    });
    await fill(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'transfer.initiateFailed',
      form: { sendAmount: '0' },
    });
    // Next again: the amount is 0 now.
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations[0]).toEqual({
      field: 'sendAmount',
      messageId: 'transfer.amountInvalid',
    });
    actor.send({ type: 'CHANGE', field: 'sendAmount', value: '250' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    // No answer: the amount stays.
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'transfer.initiateError',
      form: { sendAmount: '250' },
    });
  });

  test('an unanswered payment keeps its key: Pay again sends the same one, and pays once', async () => {
    const { actor, calls } = start({
      payments: [() => Promise.reject(networkError()), async () => transferOperation('Successful')],
    });
    await toPayment(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('payment') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('transfer.payFailed');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
  });

  test('an expired quote (410) is quoted again from the same form, and paid with a new key', async () => {
    const { actor, requests, calls } = start({
      quotes: [async () => quoteOf(25000), async () => ({ ...quoteOf(25000), guidId: crypto.randomUUID() })],
      payments: [
        () => Promise.reject(httpError(410, 'transfer.quoteExpired')),
        async () => transferOperation('Successful'),
      ],
    });
    await toPayment(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('payment') && s.context.payBlock !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'transfer.quoteExpired',
      payBlock: 'newQuote',
    });
    // The quote cannot be paid any more.
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().matches('payment')).toBe(true);
    actor.send({ type: 'REQUOTE' });
    await waitFor(actor, (s) => s.matches('payment') && s.context.payBlock === null);
    expect(requests[1]).toEqual(requests[0]);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-2']);
    expect(calls[1]!.cartId).not.toBe(calls[0]!.cartId);
  });

  test('a payout still pending after the deadline is done, on its way', async () => {
    const { actor, queries, walletChanged } = start({
      payments: [async () => transferOperation('pending')],
      statuses: [transferOperation('pending')],
      delays: { followPollInterval: 5, followTimeout: 60 },
    });
    await toPayment(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context).toMatchObject({
      onItsWay: true,
      operation: { status: 'pending' },
      form: { beneficiaryId: 0 },
    });
    expect(queries.length).toBeGreaterThan(0);
    expect(queries[0]).toEqual({ referenceNumber: 'TRF-1001' });
    // The hold lowered the balance.
    expect(walletChanged).toHaveBeenCalledWith(74750);
  });

  test('a payout that fails gives the money back and needs a new quote', async () => {
    const { actor, walletChanged } = start({
      payments: [async () => transferOperation('pending')],
      statuses: [
        transferOperation('Failed', { walletAmount: 100_000, failureMessageId: 'transfer.payoutFailed' }),
      ],
    });
    await toPayment(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('payment') && s.context.payBlock !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'transfer.payoutFailed',
      payBlock: 'newQuote',
      walletAmount: 100_000,
    });
    expect(walletChanged.mock.calls).toEqual([[74750], [100_000]]);
  });

  test('a total above the balance is not paid: Not enough funds in the wallet', async () => {
    const { actor, calls } = start({ walletAmount: 20_000 });
    await toPayment(actor);
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().context.error).toBe('walletPayment.notEnough');
    expect(calls).toEqual([]);
  });

  test('a beneficiary saved by the dialog joins the list and is selected', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'transactionPurposeId', value: '1' });
    expect(actor.getSnapshot().context.violations[0]?.messageId).toBe('transfer.beneficiaryRequired');
    actor.send({ type: 'BENEFICIARY_ADDED', beneficiary: addedBeneficiary });
    const { context } = actor.getSnapshot();
    expect(context.beneficiaries.map((b) => b.id)).toEqual([11, 12, 30]);
    expect(context.form.beneficiaryId).toBe(30);
    expect(context.violations[0]?.messageId).toBe('transfer.amountInvalid');
  });
});

/* ------------------------------------------------------------------------------------- properties */

const loadedSnapshot = () => {
  const [initial] = initialTransition(transferMachine, {
    walletAmount: 100_000,
    hasIdentification: true,
    keySeed: 'p',
  });
  let snapshot = transition(transferMachine, initial, {
    type: 'xstate.done.actor.loadBeneficiaries',
    output: beneficiaries,
  } as never)[0];
  snapshot = transition(transferMachine, snapshot, {
    type: 'xstate.done.actor.loadPurposes',
    output: purposes,
  } as never)[0];
  return transition(transferMachine, snapshot, {
    type: 'xstate.done.actor.loadRates',
    output: rates,
  } as never)[0];
};

describe('transfer properties', () => {
  fcTest.prop([fc.string({ maxLength: 12 })])(
    'send amount input: empty clears it, a value below 1 becomes 1, and applying it twice changes nothing',
    (typed) => {
      const shown = sendAmountTyped(typed);
      expect(sendAmountTyped(shown)).toBe(shown);
      expect(shown === '').toBe(amountInput(typed) === '');
      const minor = parseDecimalAmount(shown);
      if (shown !== '' && minor !== null) expect(minor).toBeGreaterThanOrEqual(100);
    },
  );

  fcTest.prop([
    fc.integer({ min: 0, max: 99_999_999_99 }),
    fc.constantFrom(...rates.map((rate) => rate.code)),
    fc.integer({ min: 0, max: 200_000_000_00 }),
  ])(
    'the summary adds up: amount + fee = total, the fee is 1%, the card says balance - total, and the receive amount never favours the sender by a minor unit',
    (sendMinor, currency, balanceMinor) => {
      const form = { ...emptyTransferForm(currency), sendAmount: (sendMinor / 100).toFixed(2) };
      const summary = formSummary({ form, rates });
      expect(summary.sendMinor).toBe(sendMinor);
      expect(summary.feeMinor).toBe(processingFee(sendMinor));
      expect(summary.totalMinor).toBe(summary.sendMinor + summary.feeMinor);
      const card = walletPaymentCheck(balanceMinor, summary.sendMinor);
      expect(card.totalMinor).toBe(summary.totalMinor);
      expect(card.afterMinor).toBe(balanceMinor - summary.totalMinor);
      expect(card.enough).toBe(balanceMinor >= summary.totalMinor);
      // receive <= send x rate < receive + 1, exactly (rates are per GHS, with 8 decimals).
      const rate = parseRate(rates.find((r) => r.code === currency)!.rate)!;
      const exact = BigInt(sendMinor) * rate;
      const scale = 10n ** 8n;
      expect(BigInt(summary.receiveMinor) * scale <= exact).toBe(true);
      expect(exact < (BigInt(summary.receiveMinor) + 1n) * scale).toBe(true);
      // A quote's figures are shown as the server locked them.
      expect(quoteSummary(quoteOf(sendMinor, currency))).toMatchObject({
        sendMinor,
        feeMinor: summary.feeMinor,
        totalMinor: summary.totalMinor,
        receiveMinor: summary.receiveMinor,
      });
    },
  );

  fcTest.prop([
    fc.constantFrom('', '0', '4', '1', '99'),
    fc.constantFrom('', '11', '12', '999'),
    fc.constantFrom('', '0.5', '250', '99999.99', '100000', 'abc'),
    fc.constantFrom('GHS', 'USD'),
  ])(
    'Next shows the first broken rule of spec section 5, in its order',
    (purpose, beneficiaryId, amount, currency) => {
      let snapshot = loadedSnapshot();
      for (const [field, value] of [
        ['transactionPurposeId', purpose],
        ['beneficiaryId', beneficiaryId],
        ['sendAmount', amount],
        ['currency', currency],
      ] as const)
        snapshot = transition(transferMachine, snapshot, { type: 'CHANGE', field, value })[0];
      const [after] = transition(transferMachine, snapshot, { type: 'SUBMIT' });
      const { form } = after.context;
      const chosen = beneficiaries.find((b) => b.id === form.beneficiaryId);
      const expected = transferSubmitViolations({
        transactionPurposeId: form.transactionPurposeId,
        beneficiaryId: form.beneficiaryId,
        sendAmountMinor: form.sendAmount === '' ? null : parseDecimalAmount(form.sendAmount),
        receiveCurrency: form.currency,
        paymentMethodId: 1,
        deliveryMethodId: chosen ? (chosen.type === 'mobile' ? 1 : 2) : 0,
        hasIdentification: true,
      });
      expect(after.context.violations[0] ?? null).toEqual(expected[0] ?? null);
      expect(after.matches('initiating')).toBe(expected.length === 0);
    },
  );
});
