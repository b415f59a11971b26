/**
 * The wallet top-up wizard (/WalletTopUp; spec sections 2 "Wallet top-up wizard", 4 "Top-ups", 5 card, bank and
 * MoMo rules): gateway choice, the card, bank or MoMo form with its rules, processing with an Idempotency-Key kept
 * for RETRY, MoMo approval followed live, then 'Wallet Recharged' or the reason it failed.
 *
 * States: choosingGateway -> GATEWAY_CHOSEN -> editing (the bank form first loads the banks: loadingBanks |
 * banksFailed) -> SUBMIT -> reviewing (the review: what the card, bank or MoMo pays, fee, total, the balance after;
 * BACK to the form) -> CONFIRM -> processing (invoke `topUp`) -> recharged (`walletChanged`) | awaitingApproval
 * (MoMo answered 'pending': every `statusPollInterval` invoke `getOperation`) -> recharged | failed. Failed calls go
 * back to editing with their message; an unanswered one back to the review. BACK returns to the gateway choice;
 * AGAIN / DONE start over. Tag (shared/review-step.ts): `reviewPage` on the review and while it is sent.
 *
 * Built from the shared flow parts (src/machines/shared): gateway choice, reference data (the banks), form rules
 * (top-up.form.ts), idempotent submit (the review's Confirm resends an unanswered request with the same key; any
 * change of the form, any answer and every restart drop it), the review and following the operation.
 */
import { assign, fromPromise, setup } from 'xstate';
import { todayIso, type IsoDate } from '../domain/calendar';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type { Bank } from '../contract/reference';
import type { WalletOperation } from '../contract/wallet';
import { failureStatus, notProvided } from './failure-messages';
import {
  bankListActors,
  bankListGuards,
  backToGateways,
  gatewayChoiceTransitions,
} from './shared/gateway-choice';
import { wizardActions, type WizardEvent } from './shared/wizard-actions';
import { editingTransitions } from './shared/form-rules';
import * as operations from './shared/follow-operation';
import * as keys from './shared/idempotent-submit';
import { reviewStep, type ReviewEvent, type ReviewTag } from './shared/review-step';
import type { SharedStateConfig } from './shared/state-config';
import {
  emptyBankForm,
  emptyCardForm,
  emptyMomoForm,
  gatewayFailure,
  topUpCallOf,
  topUpFailureMessage,
  topUpFormRules,
  type BankForm,
  type CardForm,
  type MomoForm,
  type TopUpCall,
  type TopUpField,
  type TopUpGateway,
  type TopUpViolationField,
} from './top-up.form';

export interface TopUpInput {
  /** The wallet's balance as the session holds it, in pesewas (the review's 'balance after'). */
  walletAmount?: MinorUnits;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
  /** Today (UTC): a card expiring before this month is refused. Defaults to the real date. */
  today?: IsoDate;
}

export interface TopUpContext extends keys.IdempotencyKeys {
  today: IsoDate;
  /** The wallet's balance before the top-up, in pesewas. */
  walletAmount: MinorUnits;
  gateway: TopUpGateway | null;
  card: CardForm;
  bank: BankForm;
  momo: MomoForm;
  banks: Bank[];
  violations: RuleViolation<TopUpViolationField>[];
  /** False until the first SUBMIT of this gateway's form; then the violations follow every change. */
  showViolations: boolean;
  error: DomainMessageId | null;
  /** The last answer about the operation (reference number, status, new balance). */
  operation: WalletOperation | null;
}

export type TopUpEvent = WizardEvent<TopUpGateway, TopUpField> | ReviewEvent | { type: 'DONE' };

export const topUpDelays = {
  /** While a MoMo payment waits for the payer, its status is read every 2 s. */
  statusPollInterval: 2000,
} as const;

const restart = {
  gateway: null,
  card: emptyCardForm(),
  bank: emptyBankForm(),
  momo: emptyMomoForm(),
  violations: [],
  showViolations: false,
  error: null,
  idempotencyKey: null,
  operation: null,
} satisfies Partial<TopUpContext>;

const { back, banks } = backToGateways('choosingGateway');
const startOver = { target: 'choosingGateway', actions: 'restart' } as const;

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    events: {} as TopUpEvent,
    input: {} as TopUpInput,
    tags: {} as ReviewTag,
  },
  actors: {
    ...bankListActors,
    /** POST AddFundsToWallet / AddBanksFundsToWallet / AddMOMOFundsToWallet with the Idempotency-Key header. */
    topUp: fromPromise<WalletOperation, TopUpCall>(async () => notProvided('topUp')),
    ...operations.followActors,
  },
  delays: topUpDelays,
  guards: {
    ...topUpFormRules.guards,
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    ...bankListGuards,
    isNotFound: (_, params: { error: unknown }) => failureStatus(params.error) === 404,
  },
  actions: {
    ...wizardActions<TopUpContext, TopUpEvent, TopUpGateway, TopUpField>(topUpFormRules),
    // Every answer carries the balance: the next review starts from it.
    setOperation: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      walletAmount: params.result.walletAmount,
    })),
    setOperationFailed: assign(({ context }, params: { result: WalletOperation }) => ({
      error: operations.operationFailureMessage(params.result, gatewayFailure(context.gateway)),
      ...keys.keyDropped,
    })),
    setUnanswered: assign({ error: 'topUp.failed' }),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      ...topUpFormRules.refused(params.error),
      ...keys.keyDropped,
    })),
    setFailure: assign(({ context }, params: { error: unknown }) => ({
      error: topUpFailureMessage(context.gateway, params.error),
      ...keys.keyDropped,
    })),
    setOperationNotFound: assign({ error: 'operation.notFound', ...keys.keyDropped }),
    setRecharged: assign({ error: null, ...keys.keyDropped }),
    restart: assign(restart),
  },
}).createMachine({
  id: 'topUp',
  context: ({ input }) => ({
    ...restart,
    ...keys.initialKeys(input.keySeed),
    today: input.today ?? todayIso(),
    walletAmount: input.walletAmount ?? 0,
    banks: [],
  }),
  initial: 'choosingGateway',
  states: {
    choosingGateway: {
      on: gatewayChoiceTransitions({ loading: 'loadingBanks', editing: 'editing' }),
    },
    loadingBanks: banks.loading,
    banksFailed: banks.failed,
    editing: {
      on: { ...editingTransitions('reviewing'), ...back },
    },
    reviewing: reviewStep({ confirm: 'processing', back: 'editing' }),
    processing: {
      ...operations.submitOperation<TopUpContext>({
        id: 'topUp',
        input: (context) => topUpCallOf(context, context.idempotencyKey ?? ''),
        successful: { target: 'recharged', actions: operations.walletChangedByResult },
        pending: { target: 'awaitingApproval' },
        failed: { target: 'failed', actions: operations.withResult('setOperationFailed') },
        onError: [
          // No answer: back to the review, the key kept, so its Confirm resends the same request.
          { guard: operations.withError('isUnanswered'), target: 'reviewing', actions: 'setUnanswered' },
          {
            guard: operations.withError('hasServerViolations'),
            target: 'editing',
            actions: operations.withError('setServerViolations'),
          },
          { target: 'editing', actions: operations.withError('setFailure') },
        ],
      }),
      tags: ['reviewPage'],
    } as SharedStateConfig,
    awaitingApproval: operations.followOperation({
      machineId: 'topUp',
      pollDelay: 'statusPollInterval',
      successful: { target: 'recharged', actions: operations.walletChangedByResult },
      failed: { target: 'failed', actions: operations.withResult('setOperationFailed') },
      onReadError: [
        { guard: operations.withError('isNotFound'), target: 'failed', actions: 'setOperationNotFound' },
      ],
    }),
    recharged: {
      entry: 'setRecharged',
      on: { AGAIN: startOver, DONE: startOver },
    },
    failed: {
      on: { AGAIN: startOver, DONE: startOver },
    },
  },
});

export type TopUpMachine = typeof topUpMachine;
