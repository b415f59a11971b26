/**
 * Sending money (/SendMoney now, /CrossBorderPayment next; spec sections 2 "Cross-border send wizard" and "Wallet
 * payment card", 4 "Cross-border initiation" and "Pay now", 5 "Transfer submit" and "Send amount input", 8):
 * the Amount page (amount, currency, beneficiary, purpose), the quote, the wallet payment once, then 'Thank you!'.
 *
 * States: loading (the beneficiaries, the purposes and the rate table at once; a rate table that cannot be read
 * leaves GHS alone) -> editing | loadFailed (RETRY). editing -> SUBMIT (Next: the rules of section 5, the first one
 * shown) -> initiating (invoke `initiateTransfer`: the quote) -> payment (the Pay page: the wallet payment card)
 * | editing ('Failed to initiate transfer. Please try again.' and the amount back to 0, or 'An error occurred during
 * transfer initiation.'). payment -> PAY -> paying (invoke `payNow` with the attempt's Idempotency-Key) -> done |
 * following (a payout on its way: invoke `getOperation` every `followPollInterval`, for at most `followTimeout`;
 * still pending then: done with the payout on its way) | payment with the reason (an unanswered attempt keeps its
 * key for the next PAY; 410 expired and 404 need REQUOTE, a new quote from the same form; 409 paid already).
 * BACK (the back arrow) leaves the Pay page for the form; AGAIN (Send Another) starts a new transfer from page 1
 * with the beneficiary reset to 0. Every answer carrying the balance is handed to the app (`walletChanged`); the
 * quote's amount, currency and receive amount go to the transaction draft (`saveDraft`).
 *
 * What differs between the two presentations is input: the starting currency and the payment method.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import { WALLET_CURRENCY, type MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type { Beneficiary } from '../contract/beneficiary';
import type { TransactionPurpose } from '../contract/reference';
import type { ExchangeRate, TransferQuoteInPesewas } from '../contract/transfer';
import type { WalletOperation } from '../contract/wallet';
import { notProvided } from './failure-messages';
import * as operations from './shared/follow-operation';
import { editingTransitions } from './shared/form-rules';
import * as keys from './shared/idempotent-submit';
import {
  availableCurrency,
  beneficiariesFailureMessage,
  DEFAULT_COUNTRY_ID,
  emptyTransferForm,
  initiateFailureMessage,
  payFailure,
  purposesFailureMessage,
  transferFormRules,
  transferRequestOf,
  WALLET_PAYMENT_METHOD_ID,
  type PayBlock,
  type TransferForm,
  type TransferFormField,
  type TransferViolationField,
} from './transfer.form';
import type { TransferRequestInPesewas } from '../contract/transfer';

export interface TransferInput {
  /** The available balance as the session holds it, in pesewas. */
  walletAmount: MinorUnits;
  hasIdentification: boolean;
  /** The currency the beneficiary receives at first (GHS on /SendMoney); GHS when the rate table lacks it. */
  currency?: string;
  /** How the sender pays (spec section 9: the wallet, 1). */
  paymentMethodId?: number;
  /** The sender's country (the user's countryId). */
  sendingCountryId?: number;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
}

export interface TransferContext extends keys.IdempotencyKeys {
  form: TransferForm;
  paymentMethodId: number;
  sendingCountryId: number;
  hasIdentification: boolean;
  beneficiaries: Beneficiary[];
  purposes: TransactionPurpose[];
  rates: ExchangeRate[];
  /** Which of the page's three lists have arrived (a list may be empty). */
  loaded: { beneficiaries: boolean; purposes: boolean; rates: boolean };
  /** The rate table could not be read: only GHS is offered. */
  ratesFailed: boolean;
  violations: RuleViolation<TransferViolationField>[];
  /** False until the first Next; then the violations follow every change. */
  showViolations: boolean;
  error: DomainMessageId | null;
  /** The available balance, in pesewas: the input's, then every answer's. */
  walletAmount: MinorUnits;
  /** The quote of the cart being paid (the Pay page), else null. */
  quote: TransferQuoteInPesewas | null;
  /** What stops paying this quote, else null. */
  payBlock: PayBlock;
  /** The last answer about the payment. */
  operation: WalletOperation | null;
  /** Done while the payout was still pending at the end of the follow timeout. */
  onItsWay: boolean;
}

export type TransferEvent =
  | { type: 'CHANGE'; field: TransferFormField; value: string }
  /** Next on page 1. */
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  /** The add-beneficiary dialog saved one: it joins the list and is selected. */
  | { type: 'BENEFICIARY_ADDED'; beneficiary: Beneficiary }
  | { type: 'PAY' }
  /** The back arrow of the Pay page. */
  | { type: 'BACK' }
  /** A new quote for the same form, after the quote shown expired or its cart is gone. */
  | { type: 'REQUOTE' }
  /** Send Another. */
  | { type: 'AGAIN' };

/** What the app keeps of the transfer (spec section 3 "transaction"; the store persists these). */
export interface TransferDraft {
  sendAmount: MinorUnits;
  currency: string;
  /** Minor units of `currency`. */
  receiveAmount: MinorUnits;
}

/** The PayNow call: the cart and the attempt's Idempotency-Key. */
export interface PayNowCall {
  cartId: string;
  idempotencyKey: string;
}

export const transferDelays = {
  /** A payout on its way is read every second... */
  followPollInterval: 1000,
  /** ...for at most 30 s; still pending then, the transfer is done with its payout on its way. */
  followTimeout: 30_000,
} as const;

const notLoaded = { beneficiaries: false, purposes: false, rates: false };

/** A new transfer on page 1 (Send Another): the beneficiary back to 0 (spec section 4), the rest as typed. */
const freshTransfer = (context: TransferContext): Partial<TransferContext> => ({
  form: { ...context.form, beneficiaryId: 0 },
  violations: [],
  showViolations: false,
  error: null,
  quote: null,
  payBlock: null,
  operation: null,
  onItsWay: false,
  ...keys.keyDropped,
});

const editingChange = editingTransitions('initiating').CHANGE;

const paidOut = (onItsWay: boolean) => ({ type: 'setPaid', params: { onItsWay } });

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
  },
  actors: {
    /** GET api/Beneficiary/BeneficiariesByUserId and api/Bank/BeneficiariesBanksByUserId, MoMo first. */
    loadBeneficiaries: fromPromise<Beneficiary[], void>(async () => notProvided('loadBeneficiaries')),
    /** GET api/Transaction/GetAllTransactionPurposes. */
    loadPurposes: fromPromise<TransactionPurpose[], void>(async () => notProvided('loadPurposes')),
    /** GET api/Transaction/GetExchangeRates. */
    loadRates: fromPromise<ExchangeRate[], void>(async () => notProvided('loadRates')),
    /** POST api/Transaction/InitiateTransfer: the cart's quote. */
    initiateTransfer: fromPromise<TransferQuoteInPesewas, TransferRequestInPesewas>(async () =>
      notProvided('initiateTransfer'),
    ),
    /** POST api/Transaction/PayNow with the Idempotency-Key header. */
    payNow: fromPromise<WalletOperation, PayNowCall>(async () => notProvided('payNow')),
    ...operations.followActors,
  },
  delays: transferDelays,
  guards: {
    ...transferFormRules.guards,
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    allLoaded: ({ context }) => Object.values(context.loaded).every(Boolean),
    canPay: ({ context }) => context.quote !== null && context.payBlock === null,
    /** Spec section 5, wallet payment: the balance covers amount + fee. */
    walletCovers: ({ context }) =>
      context.quote !== null && context.payBlock === null && context.walletAmount >= context.quote.totalPay,
    needsNewQuote: ({ context }) => context.payBlock === 'newQuote',
    paidAlready: ({ context }) => context.payBlock === 'paid',
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session (and keeps it in the transaction draft). */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    /** The app keeps the quote's figures in the transaction draft (spec section 3). */
    saveDraft: (_, _params: TransferDraft) => notProvided('saveDraft'),
    setBeneficiaries: assign(({ context }, params: { data: Beneficiary[] }) => ({
      beneficiaries: params.data,
      loaded: { ...context.loaded, beneficiaries: true },
    })),
    setPurposes: assign(({ context }, params: { data: TransactionPurpose[] }) => ({
      purposes: params.data,
      loaded: { ...context.loaded, purposes: true },
    })),
    setRates: assign(({ context }, params: { data: ExchangeRate[] }) => ({
      rates: params.data,
      ratesFailed: false,
      loaded: { ...context.loaded, rates: true },
      form: { ...context.form, currency: availableCurrency(params.data, context.form.currency) },
    })),
    setRatesFailed: assign(({ context }) => ({
      rates: [],
      ratesFailed: true,
      loaded: { ...context.loaded, rates: true },
      form: { ...context.form, currency: WALLET_CURRENCY },
    })),
    setBeneficiariesFailed: assign((_, params: { error: unknown }) => ({
      error: beneficiariesFailureMessage(params.error),
    })),
    setPurposesFailed: assign((_, params: { error: unknown }) => ({
      error: purposesFailureMessage(params.error),
    })),
    reload: assign({ error: null, loaded: notLoaded }),
    change: assign(({ context }, params: { field: TransferFormField; value: string }) =>
      transferFormRules.changed(context, params.field, params.value),
    ),
    showViolations: assign(({ context }) => transferFormRules.submitted(context)),
    addBeneficiary: assign(({ context }, params: { beneficiary: Beneficiary }) => {
      const beneficiaries = [
        ...context.beneficiaries.filter((beneficiary) => beneficiary.id !== params.beneficiary.id),
        params.beneficiary,
      ];
      return {
        beneficiaries,
        ...transferFormRules.changed(
          { ...context, beneficiaries },
          'beneficiaryId',
          String(params.beneficiary.id),
        ),
      };
    }),
    setQuote: assign((_, params: { quote: TransferQuoteInPesewas }) => ({
      quote: params.quote,
      payBlock: null,
      operation: null,
      error: null,
      ...keys.keyDropped,
    })),
    setServerViolations: assign((_, params: { error: unknown }) => transferFormRules.refused(params.error)),
    setInitiateFailed: assign(({ context }, params: { error: unknown }) => {
      const error = initiateFailureMessage(params.error);
      // Spec section 4: an answer other than 201 puts the amount back to 0.
      return error === 'transfer.initiateFailed'
        ? { error, form: { ...context.form, sendAmount: '0' } }
        : { error };
    }),
    takeKey: assign(({ context }) => ({ ...keys.takeIdempotencyKey(context), error: null })),
    setNotEnough: assign({ error: 'walletPayment.notEnough' }),
    setOperation: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      walletAmount: params.result.walletAmount,
    })),
    setPaid: assign(({ context }, params: { onItsWay: boolean }) => ({
      // Spec section 4: once paid, the beneficiary (and so the delivery method) is back to 0.
      form: { ...context.form, beneficiaryId: 0 },
      error: null,
      onItsWay: params.onItsWay,
      ...keys.keyDropped,
    })),
    setPayoutFailed: assign((_, params: { result: WalletOperation }) => ({
      error: operations.operationFailureMessage(params.result, 'transfer.payoutFailed'),
      payBlock: 'newQuote' as const,
      ...keys.keyDropped,
    })),
    // No answer: the money may have moved, so the next PAY sends the same key.
    setPayUnanswered: assign({ error: 'transfer.payFailed' }),
    setPayFailure: assign((_, params: { error: unknown }) => {
      const failure = payFailure(params.error);
      return { error: failure.error, payBlock: failure.block, ...keys.keyDropped };
    }),
    leavePayment: assign({ quote: null, payBlock: null, operation: null, error: null, ...keys.keyDropped }),
    requote: assign({ quote: null, payBlock: null, error: null }),
    sendAnother: assign(({ context }) => freshTransfer(context)),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    ...keys.initialKeys(input.keySeed),
    form: emptyTransferForm(input.currency ?? WALLET_CURRENCY),
    paymentMethodId: input.paymentMethodId ?? WALLET_PAYMENT_METHOD_ID,
    sendingCountryId: input.sendingCountryId ?? DEFAULT_COUNTRY_ID,
    hasIdentification: input.hasIdentification,
    beneficiaries: [],
    purposes: [],
    rates: [],
    loaded: notLoaded,
    ratesFailed: false,
    violations: [],
    showViolations: false,
    error: null,
    walletAmount: input.walletAmount,
    quote: null,
    payBlock: null,
    operation: null,
    onItsWay: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      always: { guard: 'allLoaded', target: 'editing' },
      invoke: [
        {
          id: 'loadBeneficiaries',
          src: 'loadBeneficiaries',
          onDone: { actions: { type: 'setBeneficiaries', params: ({ event }) => ({ data: event.output }) } },
          onError: {
            target: 'loadFailed',
            actions: { type: 'setBeneficiariesFailed', params: ({ event }) => ({ error: event.error }) },
          },
        },
        {
          id: 'loadPurposes',
          src: 'loadPurposes',
          onDone: { actions: { type: 'setPurposes', params: ({ event }) => ({ data: event.output }) } },
          onError: {
            target: 'loadFailed',
            actions: { type: 'setPurposesFailed', params: ({ event }) => ({ error: event.error }) },
          },
        },
        {
          id: 'loadRates',
          src: 'loadRates',
          onDone: { actions: { type: 'setRates', params: ({ event }) => ({ data: event.output }) } },
          // A local transfer needs no rate: GHS alone is offered.
          onError: { actions: 'setRatesFailed' },
        },
      ],
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'reload' } },
    },
    editing: {
      on: {
        CHANGE: editingChange,
        // Next: the rules of section 5, then the quote (the Idempotency-Key is PayNow's, taken on Pay).
        SUBMIT: [
          { guard: 'formValid', target: 'initiating', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
        BENEFICIARY_ADDED: {
          actions: {
            type: 'addBeneficiary',
            params: ({ event }) => ({ beneficiary: event.beneficiary }),
          },
        },
      },
    },
    initiating: {
      invoke: {
        id: 'initiateTransfer',
        src: 'initiateTransfer',
        input: ({ context }) => transferRequestOf(context),
        onDone: {
          target: 'payment',
          actions: [
            { type: 'setQuote', params: ({ event }) => ({ quote: event.output }) },
            {
              type: 'saveDraft',
              params: ({ event }) => ({
                sendAmount: event.output.sendAmount,
                currency: event.output.currency,
                receiveAmount: event.output.receiveAmount,
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setInitiateFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The Pay page: the wallet payment card, and why the last attempt did not pay. */
    payment: {
      on: {
        PAY: [
          { guard: 'walletCovers', target: 'paying', actions: 'takeKey' },
          { guard: 'canPay', actions: 'setNotEnough' },
        ],
        BACK: { target: 'editing', actions: 'leavePayment' },
        REQUOTE: { guard: 'needsNewQuote', target: 'initiating', actions: 'requote' },
        AGAIN: { guard: 'paidAlready', target: 'editing', actions: 'sendAnother' },
      },
    },
    /** 'Processing...': further clicks are not events of this state. */
    paying: operations.submitOperation<TransferContext>({
      id: 'payNow',
      input: (context): PayNowCall => ({
        cartId: context.quote?.guidId ?? '',
        idempotencyKey: context.idempotencyKey ?? '',
      }),
      successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
      pending: { target: 'following', actions: operations.walletChangedByResult },
      failed: {
        target: 'payment',
        actions: [operations.walletChangedByResult, operations.withResult('setPayoutFailed')],
      },
      onError: [
        { guard: operations.withError('isUnanswered'), target: 'payment', actions: 'setPayUnanswered' },
        { target: 'payment', actions: operations.withError('setPayFailure') },
      ],
    }),
    // The money is held either way: a failed read keeps following until the deadline.
    following: operations.followOperation({
      machineId: 'transfer',
      pollDelay: 'followPollInterval',
      deadline: { delay: 'followTimeout', target: 'done', actions: paidOut(true) },
      successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
      failed: {
        target: 'payment',
        actions: [operations.walletChangedByResult, operations.withResult('setPayoutFailed')],
      },
    }),
    /** 'Thank you!': the reference, View Receipt, Send Another. */
    done: {
      on: { AGAIN: { target: 'editing', actions: 'sendAnother' } },
    },
  },
});

export type TransferMachine = typeof transferMachine;

/** The page of the wizard a state shows: Amount (0), Pay (1), Done (2). */
export const transferPage = (snapshot: { matches: (state: TransferStateValue) => boolean }): 0 | 1 | 2 =>
  snapshot.matches('done')
    ? 2
    : snapshot.matches('payment') || snapshot.matches('paying') || snapshot.matches('following')
      ? 1
      : 0;

type TransferStateValue = 'done' | 'payment' | 'paying' | 'following';
