/**
 * The wallet top-up wizard (/WalletTopUp; spec sections 2 "Wallet top-up wizard", 4 "Top-ups", 5 card, bank and
 * MoMo rules): gateway choice, the card, bank or MoMo form with its rules, processing with an Idempotency-Key kept
 * for RETRY, MoMo approval followed live, then 'Wallet Recharged' or the reason it failed.
 *
 * States: choosingGateway -> GATEWAY_CHOSEN -> editing (the bank form first loads the banks: loadingBanks |
 * banksFailed) -> SUBMIT -> processing (invoke `topUp`) -> recharged (`walletChanged`) | awaitingApproval (MoMo
 * answered 'pending': every `statusPollInterval` invoke `getOperation`) -> recharged | failed. Failed calls go back
 * to editing with their message. BACK returns to the gateway choice; AGAIN / DONE start over.
 *
 * Idempotency: a submit attempt takes a key (`<keySeed>-<n>`, keySeed random per wizard unless the input gives
 * one, so tests are deterministic) and keeps it while the request went unanswered (network, timeout, unreadable
 * answer): RETRY (or SUBMIT) sends the same request with the same key, so the money moves at most once. Any change
 * of the form, any answer from the server and every restart drop it: the next attempt gets a new key.
 */
import { assign, fromPromise, setup } from 'xstate';
import { amountInput, amountInputToMinor, wholeAmountInput } from '../domain/amount';
import { todayIso, type IsoDate } from '../domain/calendar';
import {
  cardExpiryInput,
  cardNameInput,
  cardPaymentViolations,
  formatCardNumber,
  parseCardExpiry,
  type CardPaymentInput,
} from '../domain/card';
import type { DomainMessageId } from '../domain/messages';
import { minorToApiAmount } from '../domain/money';
import { digitsOnly, type RuleViolation } from '../domain/rule';
import {
  bankTopUpViolations,
  DEFAULT_ACCOUNT_TYPE_ID,
  DEFAULT_BANK_ROUTING_NUMBER,
  DEFAULT_MOMO_PROVIDER,
  momoPhoneInput,
  momoTopUpViolations,
  type BankTopUpInput,
  type MomoTopUpInput,
} from '../domain/top-up';
import type { Bank } from '../contract/reference';
import type {
  BankTopUpRequest,
  CardTopUpRequest,
  MomoTopUpRequest,
  WalletOperationResult,
} from '../contract/wallet';
import {
  failureStatus,
  isDomainMessageId,
  notProvided,
  serverMessageId,
  serverViolations,
} from './failure-messages';

export type TopUpGateway = 'card' | 'bank' | 'momo';

export interface CardForm {
  firstName: string;
  lastName: string;
  /** As shown: groups of four digits. */
  number: string;
  /** 'MM/YY' as typed. */
  expiry: string;
  cvc: string;
  /** Whole cedis. */
  amount: string;
}

export interface BankForm {
  amount: string;
  bankAccountNumber: string;
  bankId: number;
  accountTypeId: number;
}

export interface MomoForm {
  amount: string;
  phone: string;
  provider: string;
}

export type CardFormField = keyof CardForm;
export type BankFormField = keyof BankForm;
export type MomoFormField = keyof MomoForm;
export type TopUpField = CardFormField | BankFormField | MomoFormField;
/** Violations name the form's fields ('form' for "all fields are required"). */
export type TopUpViolationField = 'form' | TopUpField;

export const CARD_FORM_FIELDS: readonly CardFormField[] = [
  'firstName',
  'lastName',
  'number',
  'expiry',
  'cvc',
  'amount',
];
export const BANK_FORM_FIELDS: readonly BankFormField[] = [
  'amount',
  'bankAccountNumber',
  'bankId',
  'accountTypeId',
];
export const MOMO_FORM_FIELDS: readonly MomoFormField[] = ['amount', 'phone', 'provider'];

const fieldsOf = (gateway: TopUpGateway): readonly TopUpField[] =>
  gateway === 'card' ? CARD_FORM_FIELDS : gateway === 'bank' ? BANK_FORM_FIELDS : MOMO_FORM_FIELDS;

export interface TopUpInput {
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
  /** Today (UTC): a card expiring before this month is refused. Defaults to the real date. */
  today?: IsoDate;
}

export interface TopUpContext {
  today: IsoDate;
  gateway: TopUpGateway | null;
  card: CardForm;
  bank: BankForm;
  momo: MomoForm;
  banks: Bank[];
  violations: RuleViolation<TopUpViolationField>[];
  /** False until the first SUBMIT of this gateway's form; then the violations follow every change. */
  showViolations: boolean;
  error: DomainMessageId | null;
  keySeed: string;
  /** How many keys were taken so far. */
  keyCount: number;
  /** The key of the current submit attempt, kept for RETRY while the request went unanswered; else null. */
  idempotencyKey: string | null;
  /** The last answer about the operation (reference number, status, new balance). */
  operation: WalletOperationResult | null;
}

export type TopUpEvent =
  | { type: 'GATEWAY_CHOSEN'; gateway: TopUpGateway }
  | { type: 'CHANGE'; field: TopUpField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'AGAIN' }
  | { type: 'DONE' };

/** The top-up call: which endpoint, its body (the app adds the user's id) and the Idempotency-Key header. */
export type TopUpCall =
  | { gateway: 'card'; request: Omit<CardTopUpRequest, 'userId'>; idempotencyKey: string }
  | { gateway: 'bank'; request: Omit<BankTopUpRequest, 'userId'>; idempotencyKey: string }
  | { gateway: 'momo'; request: Omit<MomoTopUpRequest, 'userId'>; idempotencyKey: string };

export interface OperationQuery {
  referenceNumber: string;
}

export const topUpDelays = {
  /** While a MoMo payment waits for the payer, its status is read every 2 s. */
  statusPollInterval: 2000,
} as const;

/* ------------------------------------------------------------------------------- idempotency keys (shared) */

export interface IdempotencyKeys {
  keySeed: string;
  keyCount: number;
  idempotencyKey: string | null;
}

export const randomKeySeed = (): string => crypto.randomUUID();

/** The key of this submit attempt: the kept one (a retry of an unanswered request), else a new one. */
export const takeIdempotencyKey = (
  keys: IdempotencyKeys,
): Pick<IdempotencyKeys, 'keyCount' | 'idempotencyKey'> =>
  keys.idempotencyKey !== null
    ? { keyCount: keys.keyCount, idempotencyKey: keys.idempotencyKey }
    : { keyCount: keys.keyCount + 1, idempotencyKey: `${keys.keySeed}-${keys.keyCount + 1}` };

/** No HTTP answer came back (network, timeout, unreadable answer): the money may have moved, keep the key. */
export const isUnanswered = (error: unknown): boolean => failureStatus(error) === null;

/* ------------------------------------------------------------------------------- forms */

export const emptyCardForm = (): CardForm => ({
  firstName: '',
  lastName: '',
  number: '',
  expiry: '',
  cvc: '',
  amount: '',
});
export const emptyBankForm = (): BankForm => ({
  amount: '',
  bankAccountNumber: '',
  bankId: 0,
  accountTypeId: DEFAULT_ACCOUNT_TYPE_ID,
});
export const emptyMomoForm = (): MomoForm => ({ amount: '', phone: '', provider: DEFAULT_MOMO_PROVIDER });

const positiveInteger = (value: string): number => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : 0;
};

/** What each input keeps of what is typed. */
export const changeCardForm = (form: CardForm, field: CardFormField, value: string): CardForm => {
  switch (field) {
    case 'firstName':
    case 'lastName':
      return { ...form, [field]: cardNameInput(value) };
    case 'number':
      return { ...form, number: formatCardNumber(value) };
    case 'expiry':
      return { ...form, expiry: cardExpiryInput(value) };
    case 'cvc':
      return { ...form, cvc: digitsOnly(value).slice(0, 3) };
    case 'amount':
      return { ...form, amount: wholeAmountInput(value) };
  }
};

export const changeBankForm = (form: BankForm, field: BankFormField, value: string): BankForm => {
  switch (field) {
    case 'amount':
      return { ...form, amount: amountInput(value) };
    case 'bankAccountNumber':
      return { ...form, bankAccountNumber: value.trim() };
    case 'bankId':
    case 'accountTypeId':
      return { ...form, [field]: positiveInteger(value) };
  }
};

export const changeMomoForm = (form: MomoForm, field: MomoFormField, value: string): MomoForm => {
  switch (field) {
    case 'amount':
      return { ...form, amount: amountInput(value) };
    case 'phone':
      return { ...form, phone: momoPhoneInput(value) };
    case 'provider':
      return { ...form, provider: value };
  }
};

/** The card rules' view of the card form. */
export const cardPaymentInputOf = (form: CardForm): CardPaymentInput => ({
  firstName: form.firstName,
  lastName: form.lastName,
  cardNumber: digitsOnly(form.number),
  expiry: parseCardExpiry(form.expiry),
  cvv: form.cvc,
  amountMinor: amountInputToMinor(form.amount),
});

export const bankTopUpInputOf = (form: BankForm): BankTopUpInput => ({
  amountMinor: amountInputToMinor(form.amount),
  bankAccountNumber: form.bankAccountNumber,
  bankId: form.bankId,
  accountTypeId: form.accountTypeId,
});

export const momoTopUpInputOf = (form: MomoForm): MomoTopUpInput => ({
  amountMinor: amountInputToMinor(form.amount),
  phone: form.phone,
  provider: form.provider,
});

const utcDate = (today: IsoDate): Date => new Date(`${today}T00:00:00.000Z`);

const cardFieldOf = (field: string): TopUpViolationField =>
  field === 'cardNumber' ? 'number' : field === 'cvv' ? 'cvc' : (field as TopUpViolationField);

/** The gateway's rules on its form, in the spec's order, naming the form's fields. */
export const topUpViolations = (
  context: Pick<TopUpContext, 'gateway' | 'card' | 'bank' | 'momo' | 'today'>,
): RuleViolation<TopUpViolationField>[] => {
  switch (context.gateway) {
    case 'card':
      return cardPaymentViolations(cardPaymentInputOf(context.card), utcDate(context.today)).map(
        (violation) => ({
          field: cardFieldOf(violation.field),
          messageId: violation.messageId,
        }),
      );
    case 'bank':
      return bankTopUpViolations(bankTopUpInputOf(context.bank));
    case 'momo':
      return momoTopUpViolations(momoTopUpInputOf(context.momo));
    default:
      return [];
  }
};

/** The call for the current (valid) form. */
export const topUpCallOf = (context: TopUpContext, idempotencyKey: string): TopUpCall => {
  const amountOf = (typed: string) => minorToApiAmount(amountInputToMinor(typed) ?? 0);
  switch (context.gateway) {
    case 'bank':
      return {
        gateway: 'bank',
        idempotencyKey,
        request: {
          amount: amountOf(context.bank.amount),
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
          bankRoutingNumber: DEFAULT_BANK_ROUTING_NUMBER,
          accountTypeId: context.bank.accountTypeId,
        },
      };
    case 'momo':
      return {
        gateway: 'momo',
        idempotencyKey,
        request: {
          amount: amountOf(context.momo.amount),
          phone: context.momo.phone,
          provider: context.momo.provider,
        },
      };
    default: {
      const expiry = parseCardExpiry(context.card.expiry);
      const valid = expiry !== null && !('messageId' in expiry) ? expiry : { month: 0, year: 0 };
      return {
        gateway: 'card',
        idempotencyKey,
        request: {
          amount: amountOf(context.card.amount),
          firstName: context.card.firstName.trim(),
          lastName: context.card.lastName.trim(),
          cardNumber: digitsOnly(context.card.number),
          cvv: context.card.cvc,
          expiryMonth: valid.month,
          expiryYear: valid.year,
        },
      };
    }
  }
};

const gatewayFailure = (gateway: TopUpGateway | null): DomainMessageId =>
  gateway === 'card' ? 'card.failed' : gateway === 'bank' ? 'topUp.bankFailed' : 'topUp.failed';

/**
 * The message of a failed top-up call (400 violations are handled apart): no answer 'Failed to add funds' (with
 * RETRY); 403 'Please validate your identity...'; otherwise the server's own message (402 'card.declined',
 * 'card.insufficientFunds', 'topUp.bankFailed', 409 'idempotency.conflict', ...) or the gateway's generic one.
 */
export const topUpFailureMessage = (gateway: TopUpGateway | null, error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'topUp.failed';
  if (status === 403) return 'identity.required';
  if (status === 402) return serverMessageId(error) ?? gatewayFailure(gateway);
  return serverMessageId(error) ?? (gateway === 'card' ? 'card.failed' : 'topUp.failed');
};

/** Why a top-up ended Failed: its failureMessageId when we know it ('topUp.momoRejected', ...). */
export const operationFailureMessage = (
  result: WalletOperationResult,
  fallback: DomainMessageId,
): DomainMessageId => (isDomainMessageId(result.failureMessageId) ? result.failureMessageId : fallback);

const isTopUpField = (field: string): field is TopUpViolationField =>
  field === 'form' ||
  [...CARD_FORM_FIELDS, ...BANK_FORM_FIELDS, ...MOMO_FORM_FIELDS].includes(field as TopUpField);

/** The server's violations under the form's field names. */
const topUpServerViolations = (error: unknown): RuleViolation<TopUpViolationField>[] =>
  serverViolations(error, (field): field is string => isTopUpField(cardFieldOf(field))).map((violation) => ({
    field: cardFieldOf(violation.field),
    messageId: violation.messageId,
  }));

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

export const topUpMachine = setup({
  types: {
    context: {} as TopUpContext,
    events: {} as TopUpEvent,
    input: {} as TopUpInput,
  },
  actors: {
    /** GET api/Bank/GetAllBanksByCountryId (country 1). */
    loadBanks: fromPromise<Bank[], void>(async () => notProvided('loadBanks')),
    /** POST AddFundsToWallet / AddBanksFundsToWallet / AddMOMOFundsToWallet with the Idempotency-Key header. */
    topUp: fromPromise<WalletOperationResult, TopUpCall>(async () => notProvided('topUp')),
    /** GET api/User/GetWalletOperation?referenceNumber=. */
    getOperation: fromPromise<WalletOperationResult, OperationQuery>(async () => notProvided('getOperation')),
  },
  delays: topUpDelays,
  guards: {
    needsBanks: ({ context }, params: { gateway: TopUpGateway }) =>
      params.gateway === 'bank' && context.banks.length === 0,
    isFieldOfGateway: ({ context }, params: { field: string }) =>
      context.gateway !== null && (fieldsOf(context.gateway) as readonly string[]).includes(params.field),
    formValid: ({ context }) => topUpViolations(context).length === 0,
    hasKey: ({ context }) => context.idempotencyKey !== null,
    isSuccessful: (_, params: { result: WalletOperationResult }) => params.result.status === 'Successful',
    isPending: (_, params: { result: WalletOperationResult }) => params.result.status === 'pending',
    isFailed: (_, params: { result: WalletOperationResult }) => params.result.status === 'Failed',
    isUnanswered: (_, params: { error: unknown }) => isUnanswered(params.error),
    isNotFound: (_, params: { error: unknown }) => failureStatus(params.error) === 404,
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && topUpServerViolations(params.error).length > 0,
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session (the balance card). */
    walletChanged: (_, _params: { walletAmount: number }) => notProvided('walletChanged'),
    chooseGateway: assign((_, params: { gateway: TopUpGateway }) => ({
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
    change: assign(({ context }, params: { field: TopUpField; value: string }) => {
      const next = { ...context };
      if (context.gateway === 'card')
        next.card = changeCardForm(context.card, params.field as CardFormField, params.value);
      if (context.gateway === 'bank')
        next.bank = changeBankForm(context.bank, params.field as BankFormField, params.value);
      if (context.gateway === 'momo')
        next.momo = changeMomoForm(context.momo, params.field as MomoFormField, params.value);
      return {
        card: next.card,
        bank: next.bank,
        momo: next.momo,
        violations: context.showViolations ? topUpViolations(next) : [],
        error: null,
        // Another request now: the next attempt takes a new key.
        idempotencyKey: null,
      };
    }),
    showViolations: assign(({ context }) => ({
      showViolations: true,
      violations: topUpViolations(context),
      error: null,
    })),
    takeKey: assign(({ context }) => takeIdempotencyKey(context)),
    setOperation: assign((_, params: { result: WalletOperationResult }) => ({ operation: params.result })),
    setOperationFailed: assign(({ context }, params: { result: WalletOperationResult }) => ({
      error: operationFailureMessage(params.result, gatewayFailure(context.gateway)),
      idempotencyKey: null,
    })),
    setUnanswered: assign({ error: 'topUp.failed' }),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      showViolations: true,
      violations: topUpServerViolations(params.error),
      error: null,
      idempotencyKey: null,
    })),
    setFailure: assign(({ context }, params: { error: unknown }) => ({
      error: topUpFailureMessage(context.gateway, params.error),
      idempotencyKey: null,
    })),
    setOperationNotFound: assign({ error: 'operation.notFound', idempotencyKey: null }),
    setRecharged: assign({ idempotencyKey: null, error: null }),
    restart: assign(restart),
  },
}).createMachine({
  id: 'topUp',
  context: ({ input }) => ({
    ...restart,
    today: input.today ?? todayIso(),
    banks: [],
    keySeed: input.keySeed ?? randomKeySeed(),
    keyCount: 0,
  }),
  initial: 'choosingGateway',
  states: {
    choosingGateway: {
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
      on: { BACK: { target: 'choosingGateway', actions: 'leaveGateway' } },
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
        BACK: { target: 'choosingGateway', actions: 'leaveGateway' },
      },
    },
    editing: {
      on: {
        CHANGE: {
          guard: { type: 'isFieldOfGateway', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'processing', actions: ['showViolations', 'takeKey'] },
          { actions: 'showViolations' },
        ],
        // Only while the last request went unanswered and the form is unchanged: the same key again.
        RETRY: { guard: 'hasKey', target: 'processing', actions: 'clearError' },
        BACK: { target: 'choosingGateway', actions: 'leaveGateway' },
      },
    },
    processing: {
      invoke: {
        id: 'topUp',
        src: 'topUp',
        input: ({ context }) => topUpCallOf(context, context.idempotencyKey ?? ''),
        onDone: [
          {
            guard: { type: 'isSuccessful', params: ({ event }) => ({ result: event.output }) },
            target: 'recharged',
            actions: [
              { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
            ],
          },
          {
            guard: { type: 'isPending', params: ({ event }) => ({ result: event.output }) },
            target: 'awaitingApproval',
            actions: { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'failed',
            actions: [
              { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              { type: 'setOperationFailed', params: ({ event }) => ({ result: event.output }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isUnanswered', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: 'setUnanswered',
          },
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingApproval: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { statusPollInterval: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'getOperation',
            src: 'getOperation',
            input: ({ context }) => ({ referenceNumber: context.operation?.referenceNumber ?? '' }),
            onDone: [
              {
                guard: { type: 'isSuccessful', params: ({ event }) => ({ result: event.output }) },
                target: '#topUp.recharged',
                actions: [
                  { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
                  {
                    type: 'walletChanged',
                    params: ({ event }) => ({ walletAmount: event.output.walletAmount }),
                  },
                ],
              },
              {
                guard: { type: 'isFailed', params: ({ event }) => ({ result: event.output }) },
                target: '#topUp.failed',
                actions: [
                  { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
                  { type: 'setOperationFailed', params: ({ event }) => ({ result: event.output }) },
                ],
              },
              {
                target: 'waiting',
                actions: { type: 'setOperation', params: ({ event }) => ({ result: event.output }) },
              },
            ],
            onError: [
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: '#topUp.failed',
                actions: 'setOperationNotFound',
              },
              // A lost connection or a busy server: ask again on the next tick.
              { target: 'waiting' },
            ],
          },
        },
      },
    },
    recharged: {
      entry: 'setRecharged',
      on: {
        AGAIN: { target: 'choosingGateway', actions: 'restart' },
        DONE: { target: 'choosingGateway', actions: 'restart' },
      },
    },
    failed: {
      on: {
        AGAIN: { target: 'choosingGateway', actions: 'restart' },
        DONE: { target: 'choosingGateway', actions: 'restart' },
      },
    },
  },
});

export type TopUpMachine = typeof topUpMachine;
