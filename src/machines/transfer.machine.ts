/**
 * Sending money (/SendMoney and /CrossBorderPayment; spec sections 2 "Cross-border send wizard" and "Wallet
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
 * What differs between the two presentations is input: the starting currency and the payment method, and
 * `crossBorder` (/CrossBorderPayment): once the lists are in, loadingMethods reads the cross-border payment and
 * delivery methods and the countries (a failure leaves them empty, with its message); step 1 is the converter with
 * the recipient's country, the method selects and the coupon (APPLY_COUPON -> checkingCoupon: the discounted fee
 * before the quote); the quote goes to
 * reviewing ('Review Transaction': TERMS, CONTINUE once agreed, BACK to step 1) before the payment; the payment is
 * chosen by payment method id (PAY_CHANGE fills the card or MoMo payer fields, PAY checks them); entering step 1
 * from another step empties the fields spec section 2 lists (`stepOneReset`).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { todayIso, type IsoDate } from '../domain/calendar';
import { couponInputViolations, normaliseCouponCode } from '../domain/coupon';
import { converterAmountMinor, swapCurrencies, termsViolations } from '../domain/cross-border';
import type { DomainMessageId } from '../domain/messages';
import { WALLET_CURRENCY, type MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type { Beneficiary } from '../contract/beneficiary';
import type { CouponCheckInPesewas } from '../contract/cross-border';
import type { Country, DeliveryMethod, PaymentMethod, TransactionPurpose } from '../contract/reference';
import type { CartPayment, ExchangeRate, TransferQuoteInPesewas } from '../contract/transfer';
import type { WalletOperation } from '../contract/wallet';
import {
  failureStatus,
  notProvided,
  serverFailure,
  serverMessageId,
  type ServerFailure,
} from './failure-messages';
import * as operations from './shared/follow-operation';
import { editingTransitions } from './shared/form-rules';
import * as keys from './shared/idempotent-submit';
import {
  availableCurrency,
  beneficiariesFailureMessage,
  COUPON_INPUTS,
  DEFAULT_COUNTRY_ID,
  emptyTransferForm,
  initiateFailureMessage,
  payFailure,
  purposesFailureMessage,
  stepOneReset,
  transferFormRules,
  transferRequestOf,
  WALLET_PAYMENT_METHOD_ID,
  type PayBlock,
  type TransferForm,
  type TransferFormField,
  type TransferViolationField,
} from './transfer.form';
import {
  CARD_PAYMENT_FAILED,
  cartPaymentOf,
  emptyPayForm,
  payFormChanged,
  paymentWayOf,
  payViolations,
  type PayField,
  type PayForm,
  type PaymentWay,
  type PayViolationField,
} from './transfer.payment';
import type { TransferRequestInPesewas } from '../contract/transfer';
import type { SharedStateConfig } from './shared/state-config';
import type { ReviewTag } from './shared/review-step';

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
  /** The /CrossBorderPayment presentation (spec section 2: converter, methods, coupon, review, pay by method). */
  crossBorder?: boolean;
  /** Today (UTC): a card expiring before this month is refused. Defaults to the real date. */
  today?: IsoDate;
}

export interface TransferContext extends keys.IdempotencyKeys {
  form: TransferForm;
  paymentMethodId: number;
  sendingCountryId: number;
  hasIdentification: boolean;
  crossBorder: boolean;
  today: IsoDate;
  beneficiaries: Beneficiary[];
  purposes: TransactionPurpose[];
  rates: ExchangeRate[];
  /** Cross-border: the enabled cross-border methods (GetPaymentMethods / GetDeliveryMethods). */
  paymentMethods: PaymentMethod[];
  deliveryMethods: DeliveryMethod[];
  /** Cross-border: the countries, for the recipient's country select. */
  countries: Country[];
  /** The method lists could not be read (spec section 8 only logs it; the page says so). */
  methodsFailed: boolean;
  /** Which of the page's three lists have arrived (a list may be empty). */
  loaded: { beneficiaries: boolean; purposes: boolean; rates: boolean };
  /** The coupon check of the amount and code now typed (cleared by any change of them). */
  coupon: CouponCheckInPesewas | null;
  /** 'Review Transaction': the terms checkbox. */
  termsAgreed: boolean;
  /** Cross-border payment: the card or MoMo payer fields, and their rules once PAY was tried. */
  payForm: PayForm;
  payViolations: RuleViolation<PayViolationField>[];
  showPayViolations: boolean;
  /** What the server said beside the message shown (a declined card under 'Error processing payment...'). */
  errorDetail: DomainMessageId | null;
  /** The server's refusal behind `error` (or `errorDetail`), with the values its message names (a tier limit's figures). */
  failure: ServerFailure | null;
  /** The reference of the MoMo collection waiting for the payer, while it waits. */
  collectionReference: string | null;
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
  | { type: 'AGAIN' }
  /** Cross-border: the coupon's Apply button (the discounted fee before the quote). */
  | { type: 'APPLY_COUPON' }
  /** Cross-border: the converter's swap button (From and To change places). */
  | { type: 'SWAP' }
  /** Cross-border, 'Review Transaction': the terms checkbox, and Continue. */
  | { type: 'TERMS'; agreed: boolean }
  | { type: 'CONTINUE' }
  /** Cross-border payment: a card or MoMo payer field. */
  | { type: 'PAY_CHANGE'; field: PayField; value: string };

/** What the app keeps of the transfer (spec section 3 "transaction"; the store persists these). */
export interface TransferDraft {
  sendAmount: MinorUnits;
  currency: string;
  /** Minor units of `currency`. */
  receiveAmount: MinorUnits;
}

/** The PayNow call: the cart, the attempt's Idempotency-Key and how it is paid (the wallet on /SendMoney). */
export interface PayNowCall {
  cartId: string;
  idempotencyKey: string;
  payment: CartPayment;
}

/** The CheckCoupon call: the code (normalised) and the send amount (GHS pesewas). */
export interface CouponCheckCall {
  couponCode: string;
  sendAmount: MinorUnits;
}

/** Both method lists, enabled and cross-border, and the countries (the recipient's country select). */
export interface CrossBorderMethods {
  paymentMethods: PaymentMethod[];
  deliveryMethods: DeliveryMethod[];
  countries: Country[];
}

export const transferDelays = {
  /** A payout on its way is read every second... */
  followPollInterval: 1000,
  /** ...for at most 30 s; still pending then, the transfer is done with its payout on its way. */
  followTimeout: 30_000,
  /** A MoMo payment waiting for the payer is asked about every 2 s (as top-ups). */
  payerPollInterval: 2000,
} as const;

const notLoaded = { beneficiaries: false, purposes: false, rates: false };

/**
 * Step 1 again (Send Another, the Review's way back): on /SendMoney the beneficiary back to 0 (spec section 4),
 * the rest as typed; on /CrossBorderPayment the fields spec section 2 empties on entering step 1.
 */
const freshTransfer = (context: TransferContext): Partial<TransferContext> => ({
  form: context.crossBorder ? stepOneReset(context.form) : { ...context.form, beneficiaryId: 0 },
  violations: [],
  showViolations: false,
  error: null,
  errorDetail: null,
  failure: null,
  quote: null,
  payBlock: null,
  operation: null,
  onItsWay: false,
  coupon: null,
  termsAgreed: false,
  ...keys.keyDropped,
});

const wayOf = (context: TransferContext): PaymentWay =>
  context.crossBorder
    ? paymentWayOf(context.quote?.paymentMethodId ?? context.form.paymentMethodId)
    : 'wallet';

const payRulesOf = (context: TransferContext) =>
  payViolations(context.payForm, wayOf(context), context.quote?.totalPay ?? 0, context.today);

const editingChange = editingTransitions('initiating').CHANGE;

const paidOut = (onItsWay: boolean) => ({ type: 'setPaid', params: { onItsWay } });

/** The quote arrived: kept, and its figures go to the transaction draft. */
const quoted = [
  {
    type: 'setQuote',
    params: ({ event }: { event: { output: TransferQuoteInPesewas } }) => ({ quote: event.output }),
  },
  {
    type: 'saveDraft',
    params: ({ event }: { event: { output: TransferQuoteInPesewas } }) => ({
      sendAmount: event.output.sendAmount,
      currency: event.output.currency,
      receiveAmount: event.output.receiveAmount,
    }),
  },
] as const;

/**
 * The page a state belongs to (XState tags, as its examples mark states): a new state of the Pay page says so
 * where it is declared, and the screens ask `hasTag` instead of keeping lists of states.
 */
export type TransferTag = Extract<ReviewTag, 'reviewPage'> | 'payPage' | 'waitingForPayer' | 'donePage';

export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    tags: {} as TransferTag,
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
    /** POST api/Transaction/PayNow with the Idempotency-Key header (the card or MoMo variant cross-border). */
    payNow: fromPromise<WalletOperation, PayNowCall>(async () => notProvided('payNow')),
    /** GET api/Transaction/GetPaymentMethods and GetDeliveryMethods, cross-border ones. */
    loadMethods: fromPromise<CrossBorderMethods, void>(async () => notProvided('loadMethods')),
    /** GET api/Transaction/CheckCoupon: what the coupon takes off the fee of this amount. */
    checkCoupon: fromPromise<CouponCheckInPesewas, CouponCheckCall>(async () => notProvided('checkCoupon')),
    ...operations.followActors,
  },
  delays: transferDelays,
  guards: {
    ...transferFormRules.guards,
    ...keys.idempotencyGuards,
    ...operations.operationGuards,
    allLoaded: ({ context }) => Object.values(context.loaded).every(Boolean),
    crossBorder: ({ context }) => context.crossBorder,
    canPay: ({ context }) => context.quote !== null && context.payBlock === null,
    /** Spec section 5, wallet payment: the balance covers amount + fee. */
    walletCovers: ({ context }) =>
      wayOf(context) === 'wallet' &&
      context.quote !== null &&
      context.payBlock === null &&
      context.walletAmount >= context.quote.totalPay,
    paysWithWallet: ({ context }) => wayOf(context) === 'wallet',
    /** Cross-border, methods 1 and 2: the payer's MoMo number or card. */
    paysByForm: ({ context }) => wayOf(context) === 'momo' || wayOf(context) === 'card',
    payFormValid: ({ context }) => payRulesOf(context).length === 0,
    /** A pending answer to a MoMo payment is the payer's collection until another reference answers. */
    awaitsPayer: ({ context }, params: { result: WalletOperation }) =>
      wayOf(context) === 'momo' &&
      (context.collectionReference === null || context.collectionReference === params.result.referenceNumber),
    isPayField: ({ context }, params: { field: string }) =>
      (wayOf(context) === 'card'
        ? ['firstName', 'lastName', 'number', 'expiry', 'cvc']
        : wayOf(context) === 'momo'
          ? ['phone', 'provider']
          : []
      ).includes(params.field),
    /** The coupon can be checked: the toggle on, a code of a coupon's shape and an amount to take the fee of. */
    couponCheckable: ({ context }) =>
      context.crossBorder &&
      couponInputViolations(context.form.applyCoupon, context.form.couponCode).length === 0 &&
      context.form.applyCoupon &&
      converterAmountMinor(context.form.sendAmount) > 0,
    termsAgreed: ({ context }) => termsViolations(context.termsAgreed).length === 0,
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
      form: { ...context.form, fromCurrency: WALLET_CURRENCY, currency: WALLET_CURRENCY },
    })),
    setMethods: assign((_, params: { data: CrossBorderMethods }) => ({
      ...params.data,
      methodsFailed: false,
    })),
    // Spec section 8 only logs it: the selects stay empty, and the page says why.
    setMethodsFailed: assign({ paymentMethods: [], deliveryMethods: [], countries: [], methodsFailed: true }),
    setBeneficiariesFailed: assign((_, params: { error: unknown }) => ({
      error: beneficiariesFailureMessage(params.error),
    })),
    setPurposesFailed: assign((_, params: { error: unknown }) => ({
      error: purposesFailureMessage(params.error),
    })),
    reload: assign({ error: null, loaded: notLoaded }),
    change: assign(({ context }, params: { field: TransferFormField; value: string }) => ({
      ...transferFormRules.changed(context, params.field, params.value),
      // A check was for the amount and code it was asked with.
      ...(COUPON_INPUTS.includes(params.field) ? { coupon: null } : {}),
    })),
    /** Apply without a code to check: what is missing, under its field (the other rules wait for Next). */
    showCouponViolations: assign(({ context }) => ({
      showViolations: true,
      violations: [
        ...(converterAmountMinor(context.form.sendAmount) > 0
          ? []
          : [{ field: 'sendAmount' as const, messageId: 'transfer.amountInvalid' as const }]),
        ...couponInputViolations(true, context.form.couponCode),
      ],
      error: null,
    })),
    swap: assign(({ context }) => {
      const swapped = swapCurrencies({
        fromCurrency: context.form.fromCurrency,
        toCurrency: context.form.currency,
        sendTyped: context.form.sendAmount,
      });
      const form = { ...context.form, fromCurrency: swapped.fromCurrency, currency: swapped.toCurrency };
      return {
        form,
        coupon: null,
        violations: context.showViolations ? transferFormRules.violations({ ...context, form }) : [],
        error: null,
      };
    }),
    setCoupon: assign((_, params: { coupon: CouponCheckInPesewas }) => ({
      coupon: params.coupon,
      violations: [],
    })),
    setCouponRefused: assign((_, params: { error: unknown }) => {
      const refused = transferFormRules.serverViolations(params.error);
      return refused.length > 0
        ? { coupon: null, violations: refused, showViolations: true, error: null }
        : { coupon: null, violations: [], error: 'coupon.checkFailed' as const };
    }),
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
      errorDetail: null,
      // A new quote (a new rate, perhaps) is read and agreed to again.
      termsAgreed: false,
      payViolations: [],
      showPayViolations: false,
      ...keys.keyDropped,
    })),
    setTerms: assign((_, params: { agreed: boolean }) => ({ termsAgreed: params.agreed, error: null })),
    setTermsRequired: assign(({ context }) => ({
      error: termsViolations(context.termsAgreed)[0]?.messageId ?? null,
    })),
    changePay: assign(({ context }, params: { field: PayField; value: string }) => {
      const payForm = payFormChanged(context.payForm, wayOf(context), params.field, params.value);
      const next = { ...context, payForm };
      return {
        payForm,
        payViolations: context.showPayViolations ? payRulesOf(next) : [],
        error: null,
        errorDetail: null,
        ...keys.keyDropped,
      };
    }),
    showPayViolations: assign(({ context }) => ({
      showPayViolations: true,
      payViolations: payRulesOf(context),
      error: null,
      errorDetail: null,
    })),
    setServerViolations: assign((_, params: { error: unknown }) => transferFormRules.refused(params.error)),
    setInitiateFailed: assign(({ context }, params: { error: unknown }) => {
      const error = initiateFailureMessage(params.error);
      // Spec section 4: an answer other than 201 puts the amount back to 0.
      return error === 'transfer.initiateFailed'
        ? { error, form: { ...context.form, sendAmount: '0' } }
        : { error };
    }),
    takeKey: assign(({ context }) => ({
      ...keys.takeIdempotencyKey(context),
      error: null,
      errorDetail: null,
      collectionReference: null,
    })),
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
    setPayFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = payFailure(params.error);
      // Spec section 8: a card payment that fails says 'Error processing payment...' (and the card shakes); what
      // the server said (a declined card) is shown under it.
      const cardFailed =
        wayOf(context) === 'card' && failure.block === null && failureStatus(params.error) !== 403;
      const detail = failure.error === CARD_PAYMENT_FAILED ? null : serverMessageId(params.error);
      return cardFailed
        ? {
            error: CARD_PAYMENT_FAILED,
            errorDetail: detail,
            failure: detail ? serverFailure(detail, params.error) : null,
            payBlock: null,
            ...keys.keyDropped,
          }
        : {
            error: failure.error,
            errorDetail: null,
            failure: serverFailure(failure.error, params.error),
            payBlock: failure.block,
            ...keys.keyDropped,
          };
    }),
    leavePayment: assign({ quote: null, payBlock: null, operation: null, error: null, ...keys.keyDropped }),
    backToReview: assign({ error: null, errorDetail: null, payBlock: null, ...keys.keyDropped }),
    setCollection: assign((_, params: { result: WalletOperation }) => ({
      collectionReference: params.result.referenceNumber,
    })),
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
    crossBorder: input.crossBorder ?? false,
    today: input.today ?? todayIso(),
    beneficiaries: [],
    purposes: [],
    rates: [],
    paymentMethods: [],
    deliveryMethods: [],
    countries: [],
    methodsFailed: false,
    loaded: notLoaded,
    coupon: null,
    termsAgreed: false,
    payForm: emptyPayForm(),
    payViolations: [],
    showPayViolations: false,
    errorDetail: null,
    failure: null,
    ratesFailed: false,
    violations: [],
    showViolations: false,
    error: null,
    walletAmount: input.walletAmount,
    quote: null,
    payBlock: null,
    operation: null,
    onItsWay: false,
    collectionReference: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      always: [
        { guard: and(['allLoaded', 'crossBorder']), target: 'loadingMethods' },
        { guard: 'allLoaded', target: 'editing' },
      ],
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
    /** Cross-border: the payment and delivery methods, once the other lists are in. */
    loadingMethods: {
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        onDone: {
          target: 'editing',
          actions: { type: 'setMethods', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'editing', actions: 'setMethodsFailed' },
      },
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
        SWAP: { guard: 'crossBorder', actions: 'swap' },
        APPLY_COUPON: [
          { guard: 'couponCheckable', target: 'checkingCoupon' },
          { guard: 'crossBorder', actions: 'showCouponViolations' },
        ],
      },
    },
    /** Cross-border: CheckCoupon for the summary; typing goes on (and drops the check). */
    checkingCoupon: {
      on: {
        CHANGE: {
          guard: { type: 'isFormField', params: ({ event }) => ({ field: event.field }) },
          target: 'editing',
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
      invoke: {
        id: 'checkCoupon',
        src: 'checkCoupon',
        input: ({ context }): CouponCheckCall => ({
          couponCode: normaliseCouponCode(context.form.couponCode),
          sendAmount: converterAmountMinor(context.form.sendAmount),
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'setCoupon', params: ({ event }) => ({ coupon: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'setCouponRefused', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    initiating: {
      invoke: {
        id: 'initiateTransfer',
        src: 'initiateTransfer',
        input: ({ context }) => transferRequestOf(context),
        onDone: [
          { guard: 'crossBorder', target: 'reviewing', actions: quoted },
          { target: 'payment', actions: quoted },
        ],
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
    /** Cross-border: 'Review Transaction' (the quote, the beneficiary, the terms); BACK is step 1 again. */
    reviewing: {
      tags: ['reviewPage'],
      on: {
        TERMS: { actions: { type: 'setTerms', params: ({ event }) => ({ agreed: event.agreed }) } },
        CONTINUE: [{ guard: 'termsAgreed', target: 'payment' }, { actions: 'setTermsRequired' }],
        BACK: { target: 'editing', actions: 'sendAnother' },
      },
    },
    /** The Pay page: the wallet payment card (cross-border: the form of the payment method), and why the last attempt did not pay. */
    payment: {
      tags: ['payPage'],
      on: {
        PAY: [
          {
            guard: and(['canPay', 'paysByForm', 'payFormValid']),
            target: 'paying',
            actions: ['showPayViolations', 'takeKey'],
          },
          { guard: and(['canPay', 'paysByForm']), actions: 'showPayViolations' },
          { guard: 'walletCovers', target: 'paying', actions: 'takeKey' },
          { guard: and(['canPay', 'paysWithWallet']), actions: 'setNotEnough' },
        ],
        PAY_CHANGE: {
          guard: { type: 'isPayField', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'changePay', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        BACK: [
          { guard: 'crossBorder', target: 'reviewing', actions: 'backToReview' },
          { target: 'editing', actions: 'leavePayment' },
        ],
        REQUOTE: { guard: 'needsNewQuote', target: 'initiating', actions: 'requote' },
        AGAIN: { guard: 'paidAlready', target: 'editing', actions: 'sendAnother' },
      },
    },
    /** 'Processing...': further clicks are not events of this state. */
    // A shared factory's state, loosely typed (shared/state-config.ts), with this machine's tag.
    paying: {
      ...operations.submitOperation<TransferContext>({
        id: 'payNow',
        input: (context): PayNowCall => ({
          cartId: context.quote?.guidId ?? '',
          idempotencyKey: context.idempotencyKey ?? '',
          payment: cartPaymentOf(context.payForm, wayOf(context), context.quote?.totalPay ?? 0),
        }),
        successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
        pending: [
          // A MoMo payment the payer has not approved yet: asked again with the same key until they decide.
          {
            guard: 'awaitsPayer',
            target: 'awaitingPayer',
            actions: [operations.walletChangedByResult, operations.withResult('setCollection')],
          },
          { target: 'following', actions: operations.walletChangedByResult },
        ],
        failed: {
          target: 'payment',
          actions: [operations.walletChangedByResult, operations.withResult('setPayoutFailed')],
        },
        onError: [
          { guard: operations.withError('isUnanswered'), target: 'payment', actions: 'setPayUnanswered' },
          { target: 'payment', actions: operations.withError('setPayFailure') },
        ],
      }),
      tags: ['payPage'],
    } as SharedStateConfig,
    /**
     * Cross-border MoMo: the collection waits for the payer's approval on the phone; PayNow is repeated with the
     * same key every `payerPollInterval` (the contract's way to follow it) until the transfer's own answer.
     */
    awaitingPayer: {
      tags: ['payPage', 'waitingForPayer'],
      after: { payerPollInterval: { target: 'paying' } },
    },
    // The money is held either way: a failed read keeps following until the deadline.
    following: {
      ...operations.followOperation({
        machineId: 'transfer',
        pollDelay: 'followPollInterval',
        deadline: { delay: 'followTimeout', target: 'done', actions: paidOut(true) },
        successful: { target: 'done', actions: [operations.walletChangedByResult, paidOut(false)] },
        failed: {
          target: 'payment',
          actions: [operations.walletChangedByResult, operations.withResult('setPayoutFailed')],
        },
      }),
      tags: ['payPage'],
    } as SharedStateConfig,
    /** 'Thank you!': the reference, View Receipt, Send Another. */
    done: {
      tags: ['donePage'],
      on: { AGAIN: { target: 'editing', actions: 'sendAnother' } },
    },
  },
});

export type TransferMachine = typeof transferMachine;

/** The page of the wizard a state shows, by the state's tag: Amount (0), Pay (1), Done (2). */
export const transferPage = (snapshot: { hasTag: (tag: TransferTag) => boolean }): 0 | 1 | 2 =>
  snapshot.hasTag('donePage') ? 2 : snapshot.hasTag('payPage') ? 1 : 0;

/**
 * The page /CrossBorderPayment shows: the spec's four, in order, under its indicator's four labels: the converter
 * (Amount, 0), 'Review Transaction' (Benefeciaries, 1), the payment (Review, 2), 'Transaction Completed' (Done, 3).
 */
export const crossBorderPage = (snapshot: { hasTag: (tag: TransferTag) => boolean }): 0 | 1 | 2 | 3 =>
  snapshot.hasTag('donePage') ? 3 : snapshot.hasTag('reviewPage') ? 1 : snapshot.hasTag('payPage') ? 2 : 0;
