/**
 * Withdrawal (/Withdrawal; spec sections 2 "Withdrawal", 4 "Withdrawal", 5 bank and MoMo withdrawal rules): gateway
 * choice, the bank or MoMo form checked against the available balance, the request with its Idempotency-Key, the
 * payout followed for at most 30 s, then 'Withdrawal Successful' or the Error dialog.
 *
 * States: selectingGateway -> GATEWAY_CHOSEN -> editing (the bank form first loads the banks: loadingBanks |
 * banksFailed), the rules checked against the available balance -> SUBMIT -> submitting ('Processing...', invoke
 * `withdraw`: the money is held, answer 'pending') -> following (invoke `getOperation` every
 * `followPollInterval`, for at most `followTimeout`) -> succeeded ('Withdrawal Successful', Success dialog, form
 * cleared) | failed (Error dialog with the message; CLOSE back to the form). Still pending when `followTimeout`
 * ends counts as succeeded with `onItsWay` (the payout is on its way). Every answer carrying the balance is
 * handed to the app with `walletChanged` (the hold lowers it; a failed payout gives it back).
 *
 * Idempotency keys as in the top-up machine: one per submit attempt, kept (RETRY) only while the request went
 * unanswered and the form is unchanged.
 */
import { assign, fromPromise, setup } from 'xstate';
import { amountInput, amountInputToMinor } from '../domain/amount';
import type { DomainMessageId } from '../domain/messages';
import { minorToApiAmount, parseDecimalAmount, type MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import {
  DEFAULT_ACCOUNT_TYPE_ID,
  DEFAULT_BANK_ROUTING_NUMBER,
  DEFAULT_MOMO_PROVIDER,
  momoPhoneInput,
} from '../domain/top-up';
import {
  bankWithdrawalViolations,
  momoWithdrawalViolations,
  type WithdrawalField,
} from '../domain/withdrawal';
import type { Bank } from '../contract/reference';
import type { WalletOperationResult, WithdrawalRequest } from '../contract/wallet';
import { failureStatus, notProvided, serverMessageId, serverViolations } from './failure-messages';
import {
  isUnanswered,
  operationFailureMessage,
  randomKeySeed,
  takeIdempotencyKey,
  type OperationQuery,
} from './top-up.machine';

export type WithdrawalGateway = 'bank' | 'momo';

export interface BankWithdrawalForm {
  amount: string;
  bankAccountNumber: string;
  bankId: number;
}

export interface MomoWithdrawalForm {
  amount: string;
  momoMobileNumber: string;
}

export type WithdrawalFormField = keyof BankWithdrawalForm | keyof MomoWithdrawalForm;

export const BANK_WITHDRAWAL_FIELDS: readonly WithdrawalFormField[] = [
  'amount',
  'bankAccountNumber',
  'bankId',
];
export const MOMO_WITHDRAWAL_FIELDS: readonly WithdrawalFormField[] = ['amount', 'momoMobileNumber'];

export interface WithdrawalInput {
  /** The available balance (balance less holds) as the session holds it: the API's decimal GHS. */
  walletAmount: number;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
}

export interface WithdrawalContext {
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
  operation: WalletOperationResult | null;
  keySeed: string;
  keyCount: number;
  idempotencyKey: string | null;
}

export type WithdrawalEvent =
  | { type: 'GATEWAY_CHOSEN'; gateway: WithdrawalGateway }
  | { type: 'CHANGE'; field: WithdrawalFormField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' }
  | { type: 'BACK' }
  | { type: 'AGAIN' };

/** The withdrawal call: its body (the app adds the user's id) and the Idempotency-Key header. */
export interface WithdrawalCall {
  request: Omit<WithdrawalRequest, 'userId'>;
  idempotencyKey: string;
}

export const withdrawalDelays = {
  /** The payout's status is read every second... */
  followPollInterval: 1000,
  /** ...for at most 30 s; still pending then, it is reported as on its way. */
  followTimeout: 30_000,
} as const;

export const emptyBankWithdrawalForm = (): BankWithdrawalForm => ({
  amount: '',
  bankAccountNumber: '',
  bankId: 0,
});
export const emptyMomoWithdrawalForm = (): MomoWithdrawalForm => ({ amount: '', momoMobileNumber: '' });

const positiveInteger = (value: string): number => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

export const changeBankWithdrawalForm = (
  form: BankWithdrawalForm,
  field: WithdrawalFormField,
  value: string,
): BankWithdrawalForm => {
  switch (field) {
    case 'amount':
      return { ...form, amount: amountInput(value) };
    case 'bankAccountNumber':
      return { ...form, bankAccountNumber: value.trim() };
    case 'bankId':
      return { ...form, bankId: positiveInteger(value) };
    default:
      return form;
  }
};

export const changeMomoWithdrawalForm = (
  form: MomoWithdrawalForm,
  field: WithdrawalFormField,
  value: string,
): MomoWithdrawalForm => {
  switch (field) {
    case 'amount':
      return { ...form, amount: amountInput(value) };
    case 'momoMobileNumber':
      return { ...form, momoMobileNumber: momoPhoneInput(value) };
    default:
      return form;
  }
};

/** The gateway's rules on its form against the available balance, in the spec's order. */
export const withdrawalViolations = (
  context: Pick<WithdrawalContext, 'gateway' | 'bank' | 'momo' | 'availableMinor'>,
): RuleViolation<WithdrawalField>[] => {
  switch (context.gateway) {
    case 'bank':
      return bankWithdrawalViolations(
        {
          amountMinor: amountInputToMinor(context.bank.amount),
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
        },
        context.availableMinor,
      );
    case 'momo':
      return momoWithdrawalViolations(
        {
          amountMinor: amountInputToMinor(context.momo.amount),
          momoMobileNumber: context.momo.momoMobileNumber,
        },
        context.availableMinor,
      );
    default:
      return [];
  }
};

/** The call for the current (valid) form: the other gateway's fields keep the API's defaults. */
export const withdrawalCallOf = (context: WithdrawalContext, idempotencyKey: string): WithdrawalCall => {
  const momo = context.gateway === 'momo';
  const typed = momo ? context.momo.amount : context.bank.amount;
  const common = {
    amount: minorToApiAmount(amountInputToMinor(typed) ?? 0),
    bankRoutingNumber: DEFAULT_BANK_ROUTING_NUMBER,
    accountTypeId: DEFAULT_ACCOUNT_TYPE_ID,
    provider: DEFAULT_MOMO_PROVIDER,
  };
  return {
    idempotencyKey,
    request: momo
      ? { ...common, isMOMOWithdrawal: true, momoMobileNumber: context.momo.momoMobileNumber }
      : {
          ...common,
          isMOMOWithdrawal: false,
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
        },
  };
};

const isWithdrawalField = (field: string): field is WithdrawalField =>
  ['form', 'amount', 'bankAccountNumber', 'momoMobileNumber'].includes(field);

/**
 * The Error dialog's message for a failed withdrawal call (400 violations are handled apart): no answer 'Failed
 * to process withdrawal.'; 403 'Please validate your identity...'; else the server's message ('Insufficient
 * funds', ...) or 'Error processing withdrawal.'.
 */
export const withdrawalFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'withdrawal.requestFailed';
  if (status === 403) return 'identity.required';
  return serverMessageId(error) ?? 'withdrawal.failed';
};

const availableOf = (walletAmount: number): MinorUnits => parseDecimalAmount(walletAmount) ?? 0;

const resetForms = {
  bank: emptyBankWithdrawalForm(),
  momo: emptyMomoWithdrawalForm(),
  violations: [],
  showViolations: false,
} satisfies Partial<WithdrawalContext>;

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    /** GET api/Bank/GetAllBanksByCountryId (country 1). */
    loadBanks: fromPromise<Bank[], void>(async () => notProvided('loadBanks')),
    /** POST api/Transaction/WithDrawalMoney with the Idempotency-Key header. */
    withdraw: fromPromise<WalletOperationResult, WithdrawalCall>(async () => notProvided('withdraw')),
    /** GET api/User/GetWalletOperation?referenceNumber=. */
    getOperation: fromPromise<WalletOperationResult, OperationQuery>(async () => notProvided('getOperation')),
  },
  delays: withdrawalDelays,
  guards: {
    needsBanks: ({ context }, params: { gateway: WithdrawalGateway }) =>
      params.gateway === 'bank' && context.banks.length === 0,
    isFieldOfGateway: ({ context }, params: { field: string }) =>
      (context.gateway === 'bank'
        ? BANK_WITHDRAWAL_FIELDS
        : context.gateway === 'momo'
          ? MOMO_WITHDRAWAL_FIELDS
          : []
      ).includes(params.field as WithdrawalFormField),
    formValid: ({ context }) => withdrawalViolations(context).length === 0,
    hasKey: ({ context }) => context.idempotencyKey !== null,
    isSuccessful: (_, params: { result: WalletOperationResult }) => params.result.status === 'Successful',
    isPending: (_, params: { result: WalletOperationResult }) => params.result.status === 'pending',
    isFailed: (_, params: { result: WalletOperationResult }) => params.result.status === 'Failed',
    isUnanswered: (_, params: { error: unknown }) => isUnanswered(params.error),
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && serverViolations(params.error, isWithdrawalField).length > 0,
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session (the balance card). */
    walletChanged: (_, _params: { walletAmount: number }) => notProvided('walletChanged'),
    chooseGateway: assign((_, params: { gateway: WithdrawalGateway }) => ({
      gateway: params.gateway,
      violations: [],
      showViolations: false,
      error: null,
      idempotencyKey: null,
    })),
    leaveGateway: assign({
      gateway: null,
      violations: [],
      showViolations: false,
      error: null,
      idempotencyKey: null,
    }),
    setBanks: assign((_, params: { banks: Bank[] }) => ({ banks: params.banks, error: null })),
    setBanksFailed: assign({ error: 'banks.loadFailed' }),
    clearError: assign({ error: null }),
    change: assign(({ context }, params: { field: WithdrawalFormField; value: string }) => {
      const next = {
        ...context,
        bank:
          context.gateway === 'bank'
            ? changeBankWithdrawalForm(context.bank, params.field, params.value)
            : context.bank,
        momo:
          context.gateway === 'momo'
            ? changeMomoWithdrawalForm(context.momo, params.field, params.value)
            : context.momo,
      };
      return {
        bank: next.bank,
        momo: next.momo,
        violations: context.showViolations ? withdrawalViolations(next) : [],
        error: null,
        idempotencyKey: null,
      };
    }),
    showViolations: assign(({ context }) => ({
      showViolations: true,
      violations: withdrawalViolations(context),
      error: null,
    })),
    takeKey: assign(({ context }) => takeIdempotencyKey(context)),
    setOperation: assign((_, params: { result: WalletOperationResult }) => ({
      operation: params.result,
      availableMinor: availableOf(params.result.walletAmount),
    })),
    setSucceeded: assign((_, params: { onItsWay: boolean }) => ({
      ...resetForms,
      error: null,
      successDialog: true,
      onItsWay: params.onItsWay,
      idempotencyKey: null,
    })),
    setOperationFailed: assign((_, params: { result: WalletOperationResult }) => ({
      error: operationFailureMessage(params.result, 'withdrawal.failed'),
      idempotencyKey: null,
    })),
    setUnanswered: assign({ error: 'withdrawal.requestFailed' }),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      showViolations: true,
      violations: serverViolations(params.error, isWithdrawalField),
      error: null,
      idempotencyKey: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: withdrawalFailureMessage(params.error),
      idempotencyKey: null,
    })),
    closeSuccessDialog: assign({ successDialog: false }),
    restart: assign({
      ...resetForms,
      gateway: null,
      error: null,
      successDialog: false,
      onItsWay: false,
      operation: null,
      idempotencyKey: null,
    }),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    ...resetForms,
    gateway: null,
    banks: [],
    availableMinor: availableOf(input.walletAmount),
    error: null,
    successDialog: false,
    onItsWay: false,
    operation: null,
    keySeed: input.keySeed ?? randomKeySeed(),
    keyCount: 0,
    idempotencyKey: null,
  }),
  initial: 'selectingGateway',
  states: {
    selectingGateway: {
      on: {
        GATEWAY_CHOSEN: [
          {
            guard: { type: 'needsBanks', params: ({ event }) => ({ gateway: event.gateway }) },
            target: 'loadingBanks',
            actions: { type: 'chooseGateway', params: ({ event }) => ({ gateway: event.gateway }) },
          },
          {
            target: 'editing',
            actions: { type: 'chooseGateway', params: ({ event }) => ({ gateway: event.gateway }) },
          },
        ],
      },
    },
    loadingBanks: {
      on: { BACK: { target: 'selectingGateway', actions: 'leaveGateway' } },
      invoke: {
        id: 'loadBanks',
        src: 'loadBanks',
        onDone: {
          target: 'editing',
          actions: { type: 'setBanks', params: ({ event }) => ({ banks: event.output }) },
        },
        onError: { target: 'banksFailed', actions: 'setBanksFailed' },
      },
    },
    banksFailed: {
      on: {
        RETRY: { target: 'loadingBanks', actions: 'clearError' },
        BACK: { target: 'selectingGateway', actions: 'leaveGateway' },
      },
    },
    editing: {
      on: {
        CHANGE: {
          guard: { type: 'isFieldOfGateway', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: ['showViolations', 'takeKey'] },
          { actions: 'showViolations' },
        ],
        BACK: { target: 'selectingGateway', actions: 'leaveGateway' },
      },
    },
    submitting: {
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => withdrawalCallOf(context, context.idempotencyKey ?? ''),
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => ({ result: event.output }) },
            target: 'following',
            actions: [
              { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
            ],
          },
          {
            guard: { type: 'isSuccessful', params: ({ event }) => ({ result: event.output }) },
            target: 'succeeded',
            actions: [
              { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
              { type: 'setSucceeded', params: { onItsWay: false } },
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
              { type: 'setOperationFailed', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isUnanswered', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: 'setUnanswered',
          },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    following: {
      initial: 'waiting',
      after: {
        followTimeout: { target: 'succeeded', actions: { type: 'setSucceeded', params: { onItsWay: true } } },
      },
      states: {
        waiting: {
          after: { followPollInterval: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'getOperation',
            src: 'getOperation',
            input: ({ context }) => ({ referenceNumber: context.operation?.referenceNumber ?? '' }),
            onDone: [
              {
                guard: { type: 'isSuccessful', params: ({ event }) => ({ result: event.output }) },
                target: '#withdrawal.succeeded',
                actions: [
                  { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
                  {
                    type: 'walletChanged',
                    params: ({ event }) => ({ walletAmount: event.output.walletAmount }),
                  },
                  { type: 'setSucceeded', params: { onItsWay: false } },
                ],
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ result: event.output }) },
                target: '#withdrawal.failed',
                actions: [
                  { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
                  {
                    type: 'walletChanged',
                    params: ({ event }) => ({ walletAmount: event.output.walletAmount }),
                  },
                  { type: 'setOperationFailed', params: ({ event }) => ({ result: event.output }) },
                ],
              },
              {
                target: 'waiting',
                actions: { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            // The money is held either way: keep following until the timeout.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    succeeded: {
      on: {
        CLOSE: { actions: 'closeSuccessDialog' },
        AGAIN: { target: 'selectingGateway', actions: 'restart' },
      },
    },
    failed: {
      on: {
        CLOSE: { target: 'editing', actions: 'clearError' },
        // Only after an unanswered request with the form unchanged: the same key again.
        RETRY: { guard: 'hasKey', target: 'submitting', actions: 'clearError' },
      },
    },
  },
});

export type WithdrawalMachine = typeof withdrawalMachine;
