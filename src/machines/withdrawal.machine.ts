/**
 * Withdrawal (/Withdrawal; spec sections 2 "Withdrawal", 4 "Withdrawal", 5 bank and MoMo withdrawal rules): gateway
 * choice, the bank or MoMo form checked against the available balance, the request with its Idempotency-Key, the
 * payout followed for at most 30 s, then 'Withdrawal Successful' or the Error dialog.
 *
 * States: selectingGateway -> GATEWAY_CHOSEN -> editing (the bank form first loads the banks: loadingBanks |
 * banksFailed), the rules checked against the available balance -> SUBMIT -> reviewing (the review: amount, fee,
 * total, balance after; BACK to the form) -> CONFIRM -> submitting ('Processing...', invoke `withdraw`: the money
 * is held, answer 'pending') -> following (invoke `getOperation` every `followPollInterval`, for at most
 * `followTimeout`) -> succeeded ('Withdrawal Successful', Success dialog, form cleared) | failed (Error dialog with
 * the message; CLOSE back to the form). Still pending when `followTimeout` ends counts as succeeded with `onItsWay`
 * (the payout is on its way). Every answer carrying the balance is handed to the app with `walletChanged` (the hold
 * lowers it; a failed payout gives it back). Tags (shared/review-step.ts): `reviewPage` from the review to the
 * answer, `debited` while the held payout is followed.
 *
 * Built from the shared flow parts (src/machines/shared), as the top-up is: one key per submit attempt, kept only
 * while the request went unanswered and the form is unchanged: the request comes back to the review, whose
 * Confirm resends it with the same key.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type { WithdrawalField } from '../domain/withdrawal';
import type { Bank } from '../contract/reference';
import type { WalletOperation } from '../contract/wallet';
import { notProvided } from './failure-messages';
import { editingTransitions } from './shared/form-rules';
import * as operations from './shared/follow-operation';
import {
  bankListActors,
  bankListGuards,
  backToGateways,
  gatewayChoiceTransitions,
} from './shared/gateway-choice';
import { wizardActions, type WizardEvent } from './shared/wizard-actions';
import * as keys from './shared/idempotent-submit';
import { reviewStep, type ReviewEvent, type ReviewTag } from './shared/review-step';
import type { SharedStateConfig } from './shared/state-config';
import {
  emptyBankWithdrawalForm,
  emptyMomoWithdrawalForm,
  withdrawalCallOf,
  withdrawalFailureMessage,
  withdrawalFormRules,
  type BankWithdrawalForm,
  type MomoWithdrawalForm,
  type WithdrawalCall,
  type WithdrawalFormField,
  type WithdrawalGateway,
} from './withdrawal.form';

export interface WithdrawalInput {
  /** The available balance (balance less holds) as the session holds it, in pesewas. */
  walletAmount: MinorUnits;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
}

export interface WithdrawalContext extends keys.IdempotencyKeys {
  gateway: WithdrawalGateway | null;
  bank: BankWithdrawalForm;
  momo: MomoWithdrawalForm;
  banks: Bank[];
  /** What may be withdrawn, in pesewas. */
  availableMinor: MinorUnits;
  violations: RuleViolation<WithdrawalField>[];
  /** False until the first SUBMIT of this gateway's form; then the violations follow every change. */
  showViolations: boolean;
  /** The Error dialog's message (or a load failure's), else null. */
  error: DomainMessageId | null;
  /** The Success dialog shows while true (in succeeded). */
  successDialog: boolean;
  /** Succeeded while the payout was still pending at the end of the follow timeout. */
  onItsWay: boolean;
  operation: WalletOperation | null;
}

export type WithdrawalEvent =
  WizardEvent<WithdrawalGateway, WithdrawalFormField> | ReviewEvent | { type: 'CLOSE' };

export const withdrawalDelays = {
  /** The payout's status is read every second... */
  followPollInterval: 1000,
  /** ...for at most 30 s; still pending then, it is reported as on its way. */
  followTimeout: 30_000,
} as const;

const resetForms = () => ({
  bank: emptyBankWithdrawalForm(),
  momo: emptyMomoWithdrawalForm(),
  violations: [],
  showViolations: false,
});

const restart = () => ({
  ...resetForms(),
  gateway: null,
  error: null,
  successDialog: false,
  onItsWay: false,
  operation: null,
  ...keys.keyDropped,
});

const { back, banks } = backToGateways('selectingGateway');
const succeeded = (onItsWay: boolean) => ({ type: 'setSucceeded', params: { onItsWay } });

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
    tags: {} as ReviewTag,
  },
  actors: {
    ...bankListActors,
    /** POST api/Transaction/WithDrawalMoney with the Idempotency-Key header. */
    withdraw: fromPromise<WalletOperation, WithdrawalCall>(async () => notProvided('withdraw')),
    ...operations.followActors,
  },
  delays: withdrawalDelays,
  guards: {
    ...withdrawalFormRules.guards,
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    ...bankListGuards,
  },
  actions: {
    ...wizardActions<WithdrawalContext, WithdrawalEvent, WithdrawalGateway, WithdrawalFormField>(
      withdrawalFormRules,
    ),
    setOperation: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      availableMinor: params.result.walletAmount,
    })),
    setSucceeded: assign((_, params: { onItsWay: boolean }) => ({
      ...resetForms(),
      error: null,
      successDialog: true,
      onItsWay: params.onItsWay,
      ...keys.keyDropped,
    })),
    setOperationFailed: assign((_, params: { result: WalletOperation }) => ({
      error: operations.operationFailureMessage(params.result, 'withdrawal.failed'),
      ...keys.keyDropped,
    })),
    setUnanswered: assign({ error: 'withdrawal.requestFailed' }),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      ...withdrawalFormRules.refused(params.error),
      ...keys.keyDropped,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: withdrawalFailureMessage(params.error),
      ...keys.keyDropped,
    })),
    closeSuccessDialog: assign({ successDialog: false }),
    restart: assign(restart),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    ...restart(),
    ...keys.initialKeys(input.keySeed),
    banks: [],
    availableMinor: input.walletAmount,
  }),
  initial: 'selectingGateway',
  states: {
    selectingGateway: {
      on: gatewayChoiceTransitions({ loading: 'loadingBanks', editing: 'editing' }),
    },
    loadingBanks: banks.loading,
    banksFailed: banks.failed,
    editing: {
      on: { ...editingTransitions('reviewing'), ...back },
    },
    reviewing: reviewStep({ confirm: 'submitting', back: 'editing' }),
    submitting: {
      ...operations.submitOperation<WithdrawalContext>({
        id: 'withdraw',
        input: (context) => withdrawalCallOf(context, context.idempotencyKey ?? ''),
        // Every answer carries the balance: the hold lowers it, a failed payout gives it back.
        successful: { target: 'succeeded', actions: [operations.walletChangedByResult, succeeded(false)] },
        pending: { target: 'following', actions: operations.walletChangedByResult },
        failed: {
          target: 'failed',
          actions: [operations.walletChangedByResult, operations.withResult('setOperationFailed')],
        },
        onError: [
          {
            guard: operations.withError('hasServerViolations'),
            target: 'editing',
            actions: operations.withError('setServerViolations'),
          },
          // No answer: back to the review, the key kept, so its Confirm resends the same request.
          { guard: operations.withError('isUnanswered'), target: 'reviewing', actions: 'setUnanswered' },
          { target: 'failed', actions: operations.withError('setFailure') },
        ],
      }),
      tags: ['reviewPage'],
    } as SharedStateConfig,
    // The money is held either way: a failed read keeps following until the deadline.
    following: {
      ...operations.followOperation({
        machineId: 'withdrawal',
        pollDelay: 'followPollInterval',
        deadline: { delay: 'followTimeout', target: 'succeeded', actions: succeeded(true) },
        successful: { target: 'succeeded', actions: [operations.walletChangedByResult, succeeded(false)] },
        failed: {
          target: 'failed',
          actions: [operations.walletChangedByResult, operations.withResult('setOperationFailed')],
        },
      }),
      tags: ['reviewPage', 'debited'],
    } as SharedStateConfig,
    succeeded: {
      on: {
        CLOSE: { actions: 'closeSuccessDialog' },
        AGAIN: { target: 'selectingGateway', actions: 'restart' },
      },
    },
    failed: {
      on: {
        CLOSE: { target: 'editing', actions: 'clearError' },
      },
    },
  },
});

export type WithdrawalMachine = typeof withdrawalMachine;
