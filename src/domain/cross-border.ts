import { amountInput } from './amount';
import { convertMinor, crossRate } from './fx';
import { parseDecimalAmount, WALLET_CURRENCY, type MinorUnits } from './money';
import type { RuleViolation } from './rule';

/*
 * Cross-border payment (/CrossBorderPayment): the converter's arithmetic, the payment and delivery methods and
 * what each one means. The screen shows these results; the server recomputes them (the quote) from the same code.
 */

/** Payment method ids (reference data, never renumbered): how the sender pays. */
export const PAYMENT_METHOD_IDS = {
  /** A MoMo collection from the payer's number (cross-border); on /SendMoney the spec sends 1 for the wallet. */
  mobileWallet: 1,
  card: 2,
  bankTransfer: 3,
  walletBalance: 4,
} as const;

/** Delivery method ids (reference data, never renumbered): how the beneficiary receives the money. */
export const DELIVERY_METHOD_IDS = {
  mobileWallet: 1,
  bankDeposit: 2,
  cashPickup: 3,
  /** Local only (not cross-border): the rail follows the beneficiary (a MoMo number or a bank account). */
  wallet: 4,
} as const;

/** The delivery methods a transfer abroad may use (isCrossBoarder in the reference data). */
export const CROSS_BORDER_DELIVERY_METHOD_IDS: readonly number[] = [
  DELIVERY_METHOD_IDS.mobileWallet,
  DELIVERY_METHOD_IDS.bankDeposit,
  DELIVERY_METHOD_IDS.cashPickup,
];

export const isCrossBorderDeliveryMethod = (deliveryMethodId: number): boolean =>
  CROSS_BORDER_DELIVERY_METHOD_IDS.includes(deliveryMethodId);

/**
 * The payout rail a delivery method decides: a MoMo payout (mobile wallet), a bank payout (bank deposit), a cash
 * pick-up (the recipient collects with a code), or, for the wallet delivery method, the beneficiary's own rail.
 */
export type PayoutRail = 'momo' | 'bank' | 'cash_pickup' | 'beneficiary';

export const payoutRailOf = (deliveryMethodId: number): PayoutRail => {
  switch (deliveryMethodId) {
    case DELIVERY_METHOD_IDS.mobileWallet:
      return 'momo';
    case DELIVERY_METHOD_IDS.bankDeposit:
      return 'bank';
    case DELIVERY_METHOD_IDS.cashPickup:
      return 'cash_pickup';
    default:
      return 'beneficiary';
  }
};

export interface DeliveryInput {
  deliveryMethodId: number;
  beneficiaryType: 'mobile' | 'bank';
  /** E.164 or ''. */
  beneficiaryPhone: string;
}

/**
 * Whether the beneficiary can receive by the chosen delivery method: a mobile wallet needs a mobile beneficiary, a
 * bank deposit a bank beneficiary, a cash pick-up a phone number to send the recipient the collection code to.
 */
export const deliveryViolations = (input: DeliveryInput): RuleViolation<'deliveryMethodId'>[] => {
  const rail = payoutRailOf(input.deliveryMethodId);
  if (rail === 'momo' && input.beneficiaryType !== 'mobile')
    return [{ field: 'deliveryMethodId', messageId: 'delivery.needsMobileBeneficiary' }];
  if (rail === 'bank' && input.beneficiaryType !== 'bank')
    return [{ field: 'deliveryMethodId', messageId: 'delivery.needsBankBeneficiary' }];
  if (rail === 'cash_pickup' && input.beneficiaryPhone.trim() === '')
    return [{ field: 'deliveryMethodId', messageId: 'delivery.cashPickupNeedsPhone' }];
  return [];
};

/** How a cart is paid: from the wallet, by card through the card rail, or by a MoMo collection. */
export type CartPaymentWay = 'wallet' | 'card' | 'momo';

/**
 * The ways a cart of a payment method may be paid: a card cart only by card; a mobile-wallet cart by MoMo, or from
 * the wallet (the /SendMoney wallet payment card sends payment method 1, as the spec does); any other from the
 * wallet.
 */
export const paymentWaysOf = (paymentMethodId: number): readonly CartPaymentWay[] => {
  if (paymentMethodId === PAYMENT_METHOD_IDS.card) return ['card'];
  if (paymentMethodId === PAYMENT_METHOD_IDS.mobileWallet) return ['momo', 'wallet'];
  return ['wallet'];
};

export const paymentWayViolations = (
  paymentMethodId: number,
  way: CartPaymentWay,
): RuleViolation<'paymentMethodId'>[] =>
  paymentWaysOf(paymentMethodId).includes(way)
    ? []
    : [{ field: 'paymentMethodId', messageId: 'payment.methodMismatch' }];

/*
 * The converter: 'You send:' in the From currency, 'Recipient receives:' in the To currency, at
 * amount x to-rate / from-rate (rates per GHS, domain/fx.ts), 2 decimals, rounded down to the minor unit.
 */

/** What 'You send:' holds: a number with at most two decimals; anything else (empty, letters, '-') counts as 0. */
export const converterAmountMinor = (typed: string): MinorUnits => {
  const minor = parseDecimalAmount(amountInput(typed) || '0');
  return minor === null || minor < 0 ? 0 : minor;
};

export interface ConverterState {
  fromCurrency: string;
  toCurrency: string;
  /** 'You send:' as typed. */
  sendTyped: string;
}

export interface ConverterResult {
  sendMinor: MinorUnits;
  /** Minor units of the To currency. */
  receiveMinor: MinorUnits;
  /** Units of To for one From, for the rate line ('1 GHS = 0.12 USD'). */
  rate: string;
}

/** Rates per GHS by currency code (the rate table). */
export type RateTable = Readonly<Record<string, string>>;

/** The converter's figures, or null while a currency is not in the table. */
export const convert = (state: ConverterState, rates: RateTable): ConverterResult | null => {
  const fromRate = rates[state.fromCurrency];
  const toRate = rates[state.toCurrency];
  if (fromRate === undefined || toRate === undefined) return null;
  const sendMinor = converterAmountMinor(state.sendTyped);
  return {
    sendMinor,
    receiveMinor: convertMinor(sendMinor, fromRate, toRate),
    rate: crossRate(fromRate, toRate),
  };
};

/**
 * The swap button: From and To change places; what was typed in 'You send:' stays (now in the other currency) and
 * 'Recipient receives:' is computed again. Swapping twice gives back the same figures.
 */
export const swapCurrencies = <State extends ConverterState>(state: State): State => ({
  ...state,
  fromCurrency: state.toCurrency,
  toCurrency: state.fromCurrency,
});

/** A transfer is sent from the GHS wallet: the converter's From must be GHS to continue. */
export const converterTransferViolations = (state: ConverterState): RuleViolation<'fromCurrency'>[] =>
  state.fromCurrency === WALLET_CURRENCY
    ? []
    : [{ field: 'fromCurrency', messageId: 'crossBorder.sendFromWallet' }];

/** 'Review Transaction': Continue needs the terms agreed. */
export const termsViolations = (agreed: boolean): RuleViolation<'terms'>[] =>
  agreed ? [] : [{ field: 'terms', messageId: 'crossBorder.termsRequired' }];

/** Cash pick-up collection codes: this many digits, shown in groups ('123 456 7890'). */
export const COLLECTION_CODE_DIGITS = 10;

export const formatCollectionCode = (code: string): string =>
  code.length === COLLECTION_CODE_DIGITS ? `${code.slice(0, 3)} ${code.slice(3, 6)} ${code.slice(6)}` : code;
