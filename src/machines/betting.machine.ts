/**
 * Paying into a betting account from the wallet (/deposit, /Dashboard/bettingDeposit, /deposit/{token}; spec
 * sections 2 "Betting payment", "Wallet payment card", "Success screen", 4 "Betting", 5, 8 and 9).
 *
 * /deposit: start -> loadingOperators (invoke `loadOperators`) -> editing (Details: operator, betting number, the
 * account's phone, amount; the fee and total shown) | loadFailed (RETRY). editing -> SUBMIT (the betting rules, the
 * first one shown) -> payment (the wallet payment card) -> PAY (the wallet covers amount + fee, else 'Not enough
 * funds in the wallet') -> paying (invoke `initiateBetting` with the attempt's Idempotency-Key, 'Processing...')
 * -> done (Successful) | following (pending until the operator confirms the credit: invoke `getOperation` every
 * `followPollInterval`, for at most `followTimeout`; still pending then, done with the deposit on its way)
 * | refused (Failed, or a 402: the operator refused the betting account; the money is back) | payment with the
 * reason (an unanswered attempt keeps its key for the next PAY) | editing (400: the server's rule violations).
 *
 * /deposit/{token}: start -> linkLoading (invoke `loadPaymentRequest`) -> payment when the link names the amount
 * (the user only confirms: Details, Payment, Done), else the second flow: linkAmount (Amount) -> SUBMIT ->
 * linkPayment (Payment: choose the wallet, SELECT_WALLET) -> linkPurpose (Purpose: what the payment is for, the
 * operator's account; NEXT) -> payment (Review, 'Click to pay'). A link expired, forged, paid or meant for another
 * account: linkClosed with its message; a failed read: linkFailed (RETRY). The same closes it when paying it.
 *
 * BACK steps back one page; AGAIN (Pay again) starts a new deposit on the Details page (the link is left behind).
 * Every answer carrying the balance is handed to the app (`walletChanged`).
 */
import { and, assign, fromPromise, not, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type { BettingField } from '../domain/betting';
import type {
  BettingOperation,
  BettingOperator,
  BettingPaymentRequestInPesewas,
  BettingRequestInPesewas,
} from '../contract/betting';
import type { WalletOperation } from '../contract/wallet';
import { notProvided, serverFailure, serverMessageId, type ServerFailure } from './failure-messages';
import {
  bettingFailureMessage,
  bettingFigures,
  bettingFormRules,
  bettingRequestOf,
  emptyBettingForm,
  isRefusal,
  linkClosedMessage,
  linkLoadClosedMessage,
  type BettingForm,
  type BettingFormField,
} from './betting.form';
import * as operations from './shared/follow-operation';
import { editingTransitions } from './shared/form-rules';
import * as keys from './shared/idempotent-submit';

export interface BettingInput {
  /** The available balance, in pesewas. */
  walletAmount: MinorUnits;
  hasIdentification: boolean;
  /** The partner's payment link (/deposit/{token}); absent on /deposit. */
  token?: string;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
}

export interface BettingContext extends keys.IdempotencyKeys {
  form: BettingForm;
  operators: BettingOperator[];
  hasIdentification: boolean;
  token: string | null;
  /** The link's payment request once read, else null. */
  link: BettingPaymentRequestInPesewas | null;
  violations: RuleViolation<BettingField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
  /** The server's refusal behind `error`, with the values its message names (a tier limit's figures). */
  failure: ServerFailure | null;
  walletAmount: MinorUnits;
  /** The last answer about the deposit. */
  operation: WalletOperation | null;
  /** Done while the operator had not yet confirmed at the end of the follow timeout. */
  onItsWay: boolean;
}

export type BettingEvent =
  | { type: 'CHANGE'; field: BettingFormField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  /** The second flow's Payment page: the wallet is chosen. */
  | { type: 'SELECT_WALLET' }
  /** The second flow's Purpose page: on to the review. */
  | { type: 'NEXT' }
  | { type: 'PAY' }
  | { type: 'BACK' }
  /** Pay again: a new deposit from the Details page. */
  | { type: 'AGAIN' };

/** The InitiateBettingTransaction call: the request and the attempt's Idempotency-Key. */
export interface BettingCall {
  request: BettingRequestInPesewas;
  idempotencyKey: string;
}

export interface PaymentRequestQuery {
  token: string;
}

export const bettingDelays = {
  /** A deposit the operator has not confirmed yet is read every second... */
  followPollInterval: 1000,
  /** ...for at most 30 s; still pending then, it is done with the deposit on its way. */
  followTimeout: 30_000,
} as const;

const paidOut = (onItsWay: boolean) => ({ type: 'setPaid', params: { onItsWay } });
const withError = operations.withError;

const refusedBy = [operations.walletChangedByResult, operations.withResult('setRefusedResult')];

export const bettingMachine = setup({
  types: {
    context: {} as BettingContext,
    events: {} as BettingEvent,
    input: {} as BettingInput,
  },
  actors: {
    /** GET api/Transaction/GetBettingOperators. */
    loadOperators: fromPromise<BettingOperator[], void>(async () => notProvided('loadOperators')),
    /** GET api/Transaction/GetBettingPaymentRequest?token: the partner's request for this user. */
    loadPaymentRequest: fromPromise<BettingPaymentRequestInPesewas, PaymentRequestQuery>(async () =>
      notProvided('loadPaymentRequest'),
    ),
    /** POST api/Transaction/InitiateBettingTransaction with the Idempotency-Key header. */
    initiateBetting: fromPromise<BettingOperation, BettingCall>(async () => notProvided('initiateBetting')),
    ...operations.followActors,
  },
  delays: bettingDelays,
  guards: {
    ...bettingFormRules.guards,
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    hasToken: ({ context }) => context.token !== null,
    operatorsLoaded: ({ context }) => context.operators.length > 0,
    onLink: ({ context }) => context.link !== null,
    /** The link leaves the amount to the user (the second flow's pages come before the review). */
    linkWithoutAmount: ({ context }) => context.link !== null && context.link.sendAmount === null,
    linkNamesAmount: (_, params: { link: BettingPaymentRequestInPesewas }) => params.link.sendAmount !== null,
    /** Spec section 5, wallet payment: the balance covers amount + fee. */
    walletCovers: ({ context }) => context.walletAmount >= bettingFigures(context).totalMinor,
    linkClosed: ({ context }, params: { error: unknown }) =>
      context.link !== null && linkClosedMessage(params.error) !== null,
    linkLoadClosed: (_, params: { error: unknown }) => linkLoadClosedMessage(params.error) !== null,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session. */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    setOperators: assign((_, params: { operators: BettingOperator[] }) => ({
      operators: params.operators,
      error: null,
    })),
    setOperatorsFailed: assign({ error: 'betting.operatorsFailed' }),
    setLink: assign((_, params: { link: BettingPaymentRequestInPesewas }) => ({
      link: params.link,
      error: null,
    })),
    setLinkLoadFailed: assign({ error: 'bettingLink.loadFailed' }),
    setLinkClosed: assign((_, params: { error: unknown }) => ({
      error: linkLoadClosedMessage(params.error),
      ...keys.keyDropped,
    })),
    clearError: assign({ error: null }),
    change: assign(({ context }, params: { field: BettingFormField; value: string }) =>
      bettingFormRules.changed(context, params.field, params.value),
    ),
    showViolations: assign(({ context }) => bettingFormRules.submitted(context)),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      ...bettingFormRules.refused(params.error),
      ...keys.keyDropped,
    })),
    takeKey: assign(({ context }) => ({ ...keys.takeIdempotencyKey(context), error: null })),
    setNotEnough: assign({ error: 'walletPayment.notEnough' }),
    setOperation: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      walletAmount: params.result.walletAmount,
    })),
    setPaid: assign((_, params: { onItsWay: boolean }) => ({
      error: null,
      onItsWay: params.onItsWay,
      ...keys.keyDropped,
    })),
    setRefusedResult: assign((_, params: { result: WalletOperation }) => ({
      error: operations.operationFailureMessage(params.result, 'betting.refused'),
      ...keys.keyDropped,
    })),
    setRefused: assign((_, params: { error: unknown }) => ({
      error: serverMessageId(params.error) ?? 'betting.refused',
      ...keys.keyDropped,
    })),
    // No answer: the money may have moved, so the next PAY sends the same key.
    setPayUnanswered: assign({ error: 'betting.initiateError' }),
    setPayFailed: assign((_, params: { error: unknown }) => ({
      error: bettingFailureMessage(params.error),
      failure: serverFailure(bettingFailureMessage(params.error), params.error),
      ...keys.keyDropped,
    })),
    leavePayment: assign({ error: null, ...keys.keyDropped }),
    /** A new deposit on the Details page: the link is left behind, the form starts empty. */
    payAgain: assign({
      form: emptyBettingForm(),
      token: null,
      link: null,
      violations: [],
      showViolations: false,
      error: null,
      operation: null,
      onItsWay: false,
      ...keys.keyDropped,
    }),
  },
}).createMachine({
  id: 'betting',
  context: ({ input }) => ({
    ...keys.initialKeys(input.keySeed),
    form: emptyBettingForm(),
    operators: [],
    hasIdentification: input.hasIdentification,
    token: input.token ?? null,
    link: null,
    violations: [],
    showViolations: false,
    error: null,
    failure: null,
    walletAmount: input.walletAmount,
    operation: null,
    onItsWay: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasToken', target: 'linkLoading' }, { target: 'loadingOperators' }],
    },
    loadingOperators: {
      invoke: {
        id: 'loadOperators',
        src: 'loadOperators',
        onDone: {
          target: 'editing',
          actions: { type: 'setOperators', params: ({ event }) => ({ operators: event.output }) },
        },
        onError: { target: 'loadFailed', actions: 'setOperatorsFailed' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loadingOperators', actions: 'clearError' } },
    },
    /** Details: operator, betting number, phone, amount, with the fee and total. */
    editing: {
      on: {
        CHANGE: editingTransitions('payment').CHANGE,
        SUBMIT: [
          { guard: 'formValid', target: 'payment', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
      },
    },
    linkLoading: {
      invoke: {
        id: 'loadPaymentRequest',
        src: 'loadPaymentRequest',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'linkNamesAmount', params: ({ event }) => ({ link: event.output }) },
            target: 'payment',
            actions: { type: 'setLink', params: ({ event }) => ({ link: event.output }) },
          },
          {
            target: 'linkAmount',
            actions: { type: 'setLink', params: ({ event }) => ({ link: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'linkLoadClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'linkClosed',
            actions: { type: 'setLinkClosed', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'linkFailed', actions: 'setLinkLoadFailed' },
        ],
      },
    },
    linkFailed: {
      on: { RETRY: { target: 'linkLoading', actions: 'clearError' } },
    },
    /** Expired, forged, paid or another account's: nothing to pay here. */
    linkClosed: {
      on: { AGAIN: { target: 'loadingOperators', actions: 'payAgain' } },
    },
    /** The second flow's Amount page. */
    linkAmount: {
      on: {
        CHANGE: editingTransitions('linkPayment').CHANGE,
        SUBMIT: [
          { guard: 'formValid', target: 'linkPayment', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
      },
    },
    /** The second flow's Payment page: the wallet is the way to pay. */
    linkPayment: {
      on: {
        SELECT_WALLET: { target: 'linkPurpose' },
        BACK: { target: 'linkAmount' },
      },
    },
    /** The second flow's Purpose page: the deposit into the operator's account the link names. */
    linkPurpose: {
      on: {
        NEXT: { target: 'payment' },
        BACK: { target: 'linkPayment' },
      },
    },
    /** Payment (or the second flow's Review): the wallet payment card, and why the last attempt did not pay. */
    payment: {
      on: {
        PAY: [{ guard: 'walletCovers', target: 'paying', actions: 'takeKey' }, { actions: 'setNotEnough' }],
        BACK: [
          { guard: 'linkWithoutAmount', target: 'linkPurpose', actions: 'leavePayment' },
          { guard: not('onLink'), target: 'editing', actions: 'leavePayment' },
        ],
      },
    },
    /** 'Processing...': further clicks are not events of this state. */
    paying: operations.submitOperation<BettingContext>({
      id: 'initiateBetting',
      input: (context): BettingCall => ({
        request: bettingRequestOf(context),
        idempotencyKey: context.idempotencyKey ?? '',
      }),
      successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
      pending: { target: 'following', actions: operations.walletChangedByResult },
      failed: { target: 'refused', actions: refusedBy },
      onError: [
        { guard: withError('isUnanswered'), target: 'payment', actions: 'setPayUnanswered' },
        { guard: withError('linkClosed'), target: 'linkClosed', actions: withError('setLinkClosed') },
        { guard: withError('isRefusal'), target: 'refused', actions: withError('setRefused') },
        {
          // The Details page's own rules (a link's request has no such page: its failure shows on the card).
          guard: and([withError('hasServerViolations'), not('onLink')]),
          target: 'editing',
          actions: withError('setServerViolations'),
        },
        { target: 'payment', actions: withError('setPayFailed') },
      ],
    }),
    // The money is held either way: a failed read keeps following until the deadline.
    following: operations.followOperation({
      machineId: 'betting',
      pollDelay: 'followPollInterval',
      deadline: { delay: 'followTimeout', target: 'done', actions: paidOut(true) },
      successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
      failed: { target: 'refused', actions: refusedBy },
    }),
    /** The operator refused the betting account: the money is back in the wallet. */
    refused: {
      on: {
        // Another betting number, the rest of the form as it was (a link's account is not the user's to change).
        BACK: { guard: not('onLink'), target: 'editing', actions: 'leavePayment' },
        AGAIN: [
          { guard: 'operatorsLoaded', target: 'editing', actions: 'payAgain' },
          { target: 'loadingOperators', actions: 'payAgain' },
        ],
      },
    },
    /** 'Thank you!': the reference, View Receipt, Pay again. */
    done: {
      on: {
        AGAIN: [
          { guard: 'operatorsLoaded', target: 'editing', actions: 'payAgain' },
          { target: 'loadingOperators', actions: 'payAgain' },
        ],
      },
    },
  },
});

export type BettingMachine = typeof bettingMachine;

/** The flows' pages: Details, Payment, Done; or (a link without an amount) Amount, Payment, Purpose, Review, Done. */
export const bettingPage = (snapshot: {
  matches: (state: BettingStateValue) => boolean;
  context: Pick<BettingContext, 'link'>;
}): number => {
  const secondFlow = snapshot.context.link !== null && snapshot.context.link.sendAmount === null;
  if (snapshot.matches('done')) return secondFlow ? 4 : 2;
  if (snapshot.matches('linkPayment')) return 1;
  if (snapshot.matches('linkPurpose')) return 2;
  const paying =
    snapshot.matches('payment') ||
    snapshot.matches('paying') ||
    snapshot.matches('following') ||
    snapshot.matches('refused');
  if (paying) return secondFlow ? 3 : 1;
  return 0;
};

type BettingStateValue =
  'done' | 'payment' | 'paying' | 'following' | 'refused' | 'linkPayment' | 'linkPurpose';
