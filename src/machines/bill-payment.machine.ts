/**
 * Bill payment (/BillPayment; spec sections 2 "Bill payment", 3 "billing", 4 "Bill payment", 5 "Bill reference",
 * 8): three steps, Menu, Bill Credentials, Done.
 *
 * menu: loadingCompanies (invoke `loadCompanies`) -> browsing | companiesFailed (RETRY). SEARCH filters the
 * companies by name (any state of the menu). In browsing, TOGGLE_COMPANY opens a company (its sub-companies
 * loaded once, in loadingSubCompanies; a failed load says so and closes it) or closes the open one; CHOOSE picks
 * a sub-company (the app keeps it in the billing store: `saveBilling`) -> credentials.
 * credentials: entering (CHANGE_REFERENCE: the input refuses characters beyond maxLength; NEXT: the reference
 * rules of section 5, the first broken one shown, then lookingUp) -> lookingUp ('Loading...': invoke `lookupBill`)
 * -> reviewing (the Billing Details; the reference is read-only; a prepaid bill takes the amount the user types,
 * CHANGE_AMOUNT) | entering with the reason (the server's message: no such bill, the biller down; or its
 * violations). reviewing -> PAY (Pay Bill: the total due above the wallet's balance is 'Insufficient funds'; the
 * attempt's Idempotency-Key taken) -> confirming (the review: amount, fee, total, balance after; BACK to the
 * Billing Details, key kept) -> CONFIRM -> paying ('Processing...', invoke `payBill`) -> done | following (a biller
 * slow to answer: invoke `getOperation` every `followPollInterval`, at most `followTimeout`) | confirming (an
 * unanswered attempt keeps its key: Confirm resends it) | reviewing (refused) | entering (the bill must be looked up
 * again: paid already, expired, the biller failed). Tags (shared/review-step.ts): `reviewPage` from the review to
 * the answer, `debited` while the biller is followed.
 * BACK (the back arrow of the middle step) goes back to the menu. done ('Transaction Completed') -> AGAIN -> the
 * menu. Every answer carrying the balance is handed to the app (`walletChanged`).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type {
  BillingCompany,
  BillingSubCompany,
  BillInPesewas,
  BillPaymentInPesewas,
} from '../contract/billing';
import type { WalletOperation } from '../contract/wallet';
import {
  billReferenceViolations,
  billTotalPay,
  prepaidAmountViolations,
  referenceInput,
  walletCoversBill,
  type BillAmountField,
  type BillReferenceField,
} from '../domain/billing';
import type { DomainMessageId } from '../domain/messages';
import { parseDecimalAmount, type MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import { containsTerm, searchTerm } from '../domain/paging';
import {
  failureStatus,
  notProvided,
  serverFailure,
  serverMessageId,
  serverViolations,
  type ServerFailure,
} from './failure-messages';
import * as operations from './shared/follow-operation';
import * as keys from './shared/idempotent-submit';
import { reviewStep, type ReviewEvent, type ReviewTag } from './shared/review-step';
import type { SharedStateConfig } from './shared/state-config';

export type BillPaymentField = BillReferenceField | BillAmountField;

export interface BillPaymentInput {
  walletAmount: MinorUnits;
  /** Seed of the Idempotency-Keys (random when absent). */
  keySeed?: string;
}

export interface BillPaymentContext extends keys.IdempotencyKeys {
  walletAmount: MinorUnits;
  companies: BillingCompany[];
  /** The search box's text ('Search companies'). */
  search: string;
  /** The company whose sub-companies are shown. */
  openCompanyId: number | null;
  /** The sub-companies of each company opened so far. */
  subCompanies: Record<number, BillingSubCompany[]>;
  subCompany: BillingSubCompany | null;
  reference: string;
  /** What a prepaid purchase's amount field holds. */
  amount: string;
  violations: RuleViolation<BillPaymentField>[];
  /** False until the first Next (or Pay); then the violations follow every change. */
  showViolations: boolean;
  bill: BillInPesewas | null;
  error: DomainMessageId | null;
  /** The server's refusal behind `error`, with the values its message names (a tier limit's figures). */
  failure: ServerFailure | null;
  operation: WalletOperation | null;
  /** Done while the biller had still not answered at the end of the follow timeout. */
  onItsWay: boolean;
}

export type BillPaymentEvent =
  | { type: 'RETRY' }
  | { type: 'SEARCH'; text: string }
  | { type: 'TOGGLE_COMPANY'; companyId: number }
  | { type: 'CHOOSE'; subCompany: BillingSubCompany }
  | { type: 'CHANGE_REFERENCE'; value: string }
  | { type: 'CHANGE_AMOUNT'; value: string }
  | { type: 'NEXT' }
  | { type: 'PAY' }
  | ReviewEvent
  | { type: 'BACK' }
  | { type: 'AGAIN' };

/** The PayBill call: the bill, the amount and the attempt's Idempotency-Key. */
export interface PayBillCall extends BillPaymentInPesewas {
  idempotencyKey: string;
}

export interface BillLookupCall {
  referenceNumber: string;
  subCompanyId: number;
}

export const billPaymentDelays = {
  followPollInterval: 1000,
  followTimeout: 30_000,
} as const;

/** The companies the search box's text keeps (all of them for an empty search). */
export const shownCompanies = (
  context: Pick<BillPaymentContext, 'companies' | 'search'>,
): BillingCompany[] => {
  const term = searchTerm(context.search);
  return term === ''
    ? context.companies
    : context.companies.filter((company) => containsTerm(company.companyName, term));
};

/** The amount a bill payment takes: the bill's total due, or a prepaid purchase's typed amount (null if none). */
export const amountToPay = (context: Pick<BillPaymentContext, 'bill' | 'amount'>): MinorUnits | null => {
  if (!context.bill) return null;
  return context.bill.prepaid ? parseDecimalAmount(context.amount) : billTotalPay(context.bill.totalBillDue);
};

const referenceViolations = (context: BillPaymentContext): RuleViolation<BillPaymentField>[] =>
  context.subCompany ? billReferenceViolations(context.reference, context.subCompany) : [];

const amountViolations = (context: BillPaymentContext): RuleViolation<BillPaymentField>[] =>
  context.bill?.prepaid ? prepaidAmountViolations(amountToPay(context)) : [];

const isBillField = (field: string): field is BillPaymentField =>
  field === 'referenceNo' || field === 'amount';

/** Why a lookup failed: the server's message (no such bill, the biller down...), else one to try again. */
export const lookupFailureMessage = (error: unknown): DomainMessageId =>
  (failureStatus(error) === null ? null : serverMessageId(error)) ?? 'billing.lookupFailed';

/** A failed PayBill that needs the bill looked up again (paid already, expired, gone). */
const needsLookup = (error: unknown): boolean => [404, 409, 410].includes(failureStatus(error) ?? 0);

const payFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === 403 ? 'identity.required' : (serverMessageId(error) ?? 'billing.payFailed');

const freshChoice: Pick<
  BillPaymentContext,
  | 'reference'
  | 'amount'
  | 'violations'
  | 'showViolations'
  | 'bill'
  | 'error'
  | 'failure'
  | 'operation'
  | 'onItsWay'
> & { idempotencyKey: null } = {
  reference: '',
  amount: '',
  violations: [],
  showViolations: false,
  bill: null,
  error: null,
  failure: null,
  operation: null,
  onItsWay: false,
  ...keys.keyDropped,
};

export const billPaymentMachine = setup({
  types: {
    context: {} as BillPaymentContext,
    events: {} as BillPaymentEvent,
    input: {} as BillPaymentInput,
    tags: {} as ReviewTag,
  },
  actors: {
    /** GET api/Billing/GetBillingCompanies. */
    loadCompanies: fromPromise<BillingCompany[], void>(async () => notProvided('loadCompanies')),
    /** GET api/Billing/GetBillingSubCompaniesByCompanyId. */
    loadSubCompanies: fromPromise<BillingSubCompany[], { companyId: number }>(async () =>
      notProvided('loadSubCompanies'),
    ),
    /** GET api/Billing/GetBillByReferenceNumber. */
    lookupBill: fromPromise<BillInPesewas, BillLookupCall>(async () => notProvided('lookupBill')),
    /** POST api/Billing/PayBill with the Idempotency-Key header. */
    payBill: fromPromise<WalletOperation, PayBillCall>(async () => notProvided('payBill')),
    ...operations.followActors,
  },
  delays: billPaymentDelays,
  guards: {
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    isOpen: ({ context, event }) =>
      event.type === 'TOGGLE_COMPANY' && context.openCompanyId === event.companyId,
    subCompaniesKnown: ({ context, event }) =>
      event.type === 'TOGGLE_COMPANY' && context.subCompanies[event.companyId] !== undefined,
    referenceValid: ({ context }) => referenceViolations(context).length === 0,
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && serverViolations(params.error, isBillField).length > 0,
    /** Something is due on the bill looked up (a paid bill shows Paid and nothing to pay). */
    payable: ({ context }) =>
      context.bill !== null && (context.bill.prepaid || context.bill.totalBillDue > 0),
    amountValid: ({ context }) => amountViolations(context).length === 0,
    /** Spec section 5: the total due must not be above the wallet's balance. */
    walletCovers: ({ context }) => walletCoversBill(context.walletAmount, amountToPay(context) ?? 0),
    needsLookup: (_, params: { error: unknown }) => needsLookup(params.error),
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session. */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    /** The app keeps the chosen sub-company in the billing store (spec section 3, persisted). */
    saveBilling: (_, _params: { subCompany: BillingSubCompany }) => notProvided('saveBilling'),
    setCompanies: assign((_, params: { companies: BillingCompany[] }) => ({
      companies: params.companies,
      error: null,
    })),
    setCompaniesFailed: assign({ error: 'billing.companiesFailed' }),
    clearError: assign({ error: null }),
    setSearch: assign(({ event }) => (event.type === 'SEARCH' ? { search: event.text } : {})),
    open: assign(({ event }) =>
      event.type === 'TOGGLE_COMPANY' ? { openCompanyId: event.companyId, error: null } : {},
    ),
    close: assign({ openCompanyId: null }),
    setSubCompanies: assign(({ context }, params: { subCompanies: BillingSubCompany[] }) =>
      context.openCompanyId === null
        ? {}
        : { subCompanies: { ...context.subCompanies, [context.openCompanyId]: params.subCompanies } },
    ),
    setSubCompaniesFailed: assign({ error: 'billing.subCompaniesFailed', openCompanyId: null }),
    choose: assign(({ event }) =>
      event.type === 'CHOOSE' ? { subCompany: event.subCompany, ...freshChoice } : {},
    ),
    changeReference: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_REFERENCE') return {};
      const next = { ...context, reference: referenceInput(event.value, context.subCompany?.maxLength ?? 0) };
      return {
        reference: next.reference,
        error: null,
        violations: context.showViolations ? referenceViolations(next) : [],
      };
    }),
    changeAmount: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_AMOUNT') return {};
      const next = { ...context, amount: event.value };
      return {
        amount: event.value,
        error: null,
        ...keys.keyDropped,
        violations: context.showViolations ? amountViolations(next) : [],
      };
    }),
    showReferenceViolations: assign(({ context }) => ({
      showViolations: true,
      violations: referenceViolations(context),
      error: null,
    })),
    showAmountViolations: assign(({ context }) => ({
      showViolations: true,
      violations: amountViolations(context),
    })),
    setBill: assign((_, params: { bill: BillInPesewas }) => ({
      bill: params.bill,
      amount: params.bill.prepaid ? String(params.bill.totalBillDue / 100) : '',
      violations: [],
      showViolations: false,
      error: null,
    })),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      violations: serverViolations(params.error, isBillField),
      showViolations: true,
    })),
    setLookupFailed: assign((_, params: { error: unknown }) => ({
      error: lookupFailureMessage(params.error),
      // The values the message names ('No bill was found for this {title}').
      failure: serverFailure(lookupFailureMessage(params.error), params.error),
    })),
    setInsufficient: assign({ error: 'billing.insufficientFunds' }),
    takeKey: assign(({ context }) => ({ ...keys.takeIdempotencyKey(context), error: null })),
    setOperation: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      walletAmount: params.result.walletAmount,
    })),
    setDone: assign((_, params: { onItsWay: boolean }) => ({
      error: null,
      onItsWay: params.onItsWay,
      ...keys.keyDropped,
    })),
    // The bill must be looked up again: the reference stays as typed.
    setLookUpAgain: assign((_, params: { error: DomainMessageId }) => ({
      bill: null,
      error: params.error,
      ...keys.keyDropped,
    })),
    setBillerFailed: assign((_, params: { result: WalletOperation }) => ({
      bill: null,
      error: operations.operationFailureMessage(params.result, 'billing.billerFailed'),
      ...keys.keyDropped,
    })),
    // No answer: the money may have moved, so the next PAY sends the same key.
    setPayUnanswered: assign({ error: 'billing.payFailed' }),
    setPayFailed: assign((_, params: { error: unknown }) => ({
      error: payFailureMessage(params.error),
      failure: serverFailure(payFailureMessage(params.error), params.error),
      ...keys.keyDropped,
    })),
    backToMenu: assign({ subCompany: null, ...freshChoice }),
  },
}).createMachine({
  id: 'billPayment',
  context: ({ input }) => ({
    ...keys.initialKeys(input.keySeed),
    walletAmount: input.walletAmount,
    companies: [],
    search: '',
    openCompanyId: null,
    subCompanies: {},
    subCompany: null,
    ...freshChoice,
    violations: [],
  }),
  initial: 'menu',
  states: {
    /** Step 1, 'Pay Bill': the companies, searched, each opening its sub-companies. */
    menu: {
      initial: 'loadingCompanies',
      on: { SEARCH: { actions: 'setSearch' } },
      states: {
        loadingCompanies: {
          invoke: {
            id: 'loadCompanies',
            src: 'loadCompanies',
            onDone: {
              target: 'browsing',
              actions: { type: 'setCompanies', params: ({ event }) => ({ companies: event.output }) },
            },
            onError: { target: 'companiesFailed', actions: 'setCompaniesFailed' },
          },
        },
        companiesFailed: {
          on: { RETRY: { target: 'loadingCompanies', actions: 'clearError' } },
        },
        browsing: {
          on: {
            TOGGLE_COMPANY: [
              { guard: 'isOpen', actions: 'close' },
              { guard: 'subCompaniesKnown', actions: 'open' },
              { target: 'loadingSubCompanies', actions: 'open' },
            ],
            CHOOSE: {
              target: '#billPayment.credentials',
              actions: [
                'choose',
                { type: 'saveBilling', params: ({ event }) => ({ subCompany: event.subCompany }) },
              ],
            },
          },
        },
        loadingSubCompanies: {
          invoke: {
            id: 'loadSubCompanies',
            src: 'loadSubCompanies',
            input: ({ context }) => ({ companyId: context.openCompanyId ?? 0 }),
            onDone: {
              target: 'browsing',
              actions: { type: 'setSubCompanies', params: ({ event }) => ({ subCompanies: event.output }) },
            },
            onError: { target: 'browsing', actions: 'setSubCompaniesFailed' },
          },
        },
      },
    },
    /** Step 2: the reference, the Billing Details, Next then Pay Bill. */
    credentials: {
      initial: 'entering',
      states: {
        entering: {
          on: {
            CHANGE_REFERENCE: { actions: 'changeReference' },
            NEXT: [
              { guard: 'referenceValid', target: 'lookingUp', actions: 'showReferenceViolations' },
              { actions: 'showReferenceViolations' },
            ],
            BACK: { target: '#billPayment.menu.browsing', actions: 'backToMenu' },
          },
        },
        /** 'Loading...'. */
        lookingUp: {
          invoke: {
            id: 'lookupBill',
            src: 'lookupBill',
            input: ({ context }) => ({
              referenceNumber: context.reference,
              subCompanyId: context.subCompany?.id ?? 0,
            }),
            onDone: {
              target: 'reviewing',
              actions: { type: 'setBill', params: ({ event }) => ({ bill: event.output }) },
            },
            onError: [
              {
                guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
                target: 'entering',
                actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'entering',
                actions: { type: 'setLookupFailed', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        /** The Billing Details and 'Pay Bill'. */
        reviewing: {
          on: {
            CHANGE_AMOUNT: { actions: 'changeAmount' },
            PAY: [
              {
                guard: and(['payable', 'amountValid', 'walletCovers']),
                target: 'confirming',
                actions: 'takeKey',
              },
              {
                guard: and(['payable', 'amountValid']),
                actions: 'setInsufficient',
              },
              { guard: 'payable', actions: 'showAmountViolations' },
            ],
            BACK: { target: '#billPayment.menu.browsing', actions: 'backToMenu' },
          },
        },
        /** The review before the money moves (amount, fee, total, balance after); BACK to the Billing Details. */
        confirming: reviewStep({ confirm: 'paying', back: 'reviewing' }),
        /** 'Processing...': further clicks are not events of this state. */
        paying: {
          ...operations.submitOperation<BillPaymentContext>({
            id: 'payBill',
            input: (context): PayBillCall => ({
              bill: context.bill as BillInPesewas,
              totalBillMinor: amountToPay(context) ?? 0,
              idempotencyKey: context.idempotencyKey ?? '',
            }),
            successful: {
              target: '#billPayment.done',
              actions: [operations.walletChangedByResult, { type: 'setDone', params: { onItsWay: false } }],
            },
            pending: { target: 'following', actions: operations.walletChangedByResult },
            failed: {
              target: 'entering',
              actions: [operations.walletChangedByResult, operations.withResult('setBillerFailed')],
            },
            onError: [
              // No answer: back to the review, the key kept, so its Confirm resends the same request.
              {
                guard: operations.withError('isUnanswered'),
                target: 'confirming',
                actions: 'setPayUnanswered',
              },
              {
                guard: operations.withError('needsLookup'),
                target: 'entering',
                actions: {
                  type: 'setLookUpAgain',
                  params: ({ event }: { event: { error: unknown } }) => ({
                    error: payFailureMessage(event.error),
                  }),
                },
              },
              { target: 'reviewing', actions: operations.withError('setPayFailed') },
            ],
          }),
          tags: ['reviewPage'],
        } as SharedStateConfig,
        // The money is held either way: a failed read keeps following until the deadline.
        following: {
          ...operations.followOperation({
            machineId: 'billPayment',
            pollDelay: 'followPollInterval',
            deadline: {
              delay: 'followTimeout',
              target: '#billPayment.done',
              actions: { type: 'setDone', params: { onItsWay: true } },
            },
            successful: {
              target: 'done',
              actions: [operations.walletChangedByResult, { type: 'setDone', params: { onItsWay: false } }],
            },
            failed: {
              target: 'credentials.entering',
              actions: [operations.walletChangedByResult, operations.withResult('setBillerFailed')],
            },
          }),
          tags: ['reviewPage', 'debited'],
        } as SharedStateConfig,
      },
    },
    /** Step 3, 'Transaction Completed'. */
    done: {
      on: { AGAIN: { target: '#billPayment.menu.browsing', actions: 'backToMenu' } },
    },
  },
});

export type BillPaymentMachine = typeof billPaymentMachine;

/** The step a state shows: Menu (0), Bill Credentials (1), Done (2). */
export const billPaymentStep = (snapshot: { matches: (state: 'menu' | 'done') => boolean }): 0 | 1 | 2 =>
  snapshot.matches('menu') ? 0 : snapshot.matches('done') ? 2 : 1;
