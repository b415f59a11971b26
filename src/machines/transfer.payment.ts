/**
 * Paying a cross-border quote (/CrossBorderPayment, spec section 2 step 3: the payment chosen by payment method
 * id): method 1 pays from a MoMo number (the payer approves on the phone), method 2 by card, method 4 from the
 * wallet (the /SendMoney wallet payment card); any other id shows nothing to pay with. The card and MoMo payer
 * fields are the top-up's (their input filters and the card and MoMo rules of src/domain); the amount is the
 * quote's total, not typed. Also: what a refused payment means.
 */
import type { IsoDate } from '../domain/calendar';
import { cardPaymentViolations, parseCardExpiry } from '../domain/card';
import { PAYMENT_METHOD_IDS } from '../domain/cross-border';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import { digitsOnly, type RuleViolation } from '../domain/rule';
import { momoTopUpViolations } from '../domain/top-up';
import type { CartPayment } from '../contract/transfer';
import { changeField } from './shared/form-rules';
import {
  cardFilters,
  cardPaymentInputOf,
  emptyCardForm,
  emptyMomoForm,
  momoFilters,
  type CardForm,
  type MomoForm,
} from './top-up.form';

/** What the payment page offers for a payment method id. */
export type PaymentWay = 'momo' | 'card' | 'wallet' | 'none';

/** Spec section 2: 1 the mobile-wallet form, 2 the card form; 4 (the wallet balance) the wallet payment card. */
export const paymentWayOf = (paymentMethodId: number): PaymentWay => {
  switch (paymentMethodId) {
    case PAYMENT_METHOD_IDS.mobileWallet:
      return 'momo';
    case PAYMENT_METHOD_IDS.card:
      return 'card';
    case PAYMENT_METHOD_IDS.walletBalance:
      return 'wallet';
    default:
      return 'none';
  }
};

/** The payer's fields: the card's (no amount: it is the quote's total) and the MoMo number and network. */
export interface PayForm {
  card: CardForm;
  momo: MomoForm;
}

export type PayField = 'firstName' | 'lastName' | 'number' | 'expiry' | 'cvc' | 'phone' | 'provider';
/** 'form': "All fields are required!". */
export type PayViolationField = 'form' | PayField;

export const CARD_PAY_FIELDS: readonly PayField[] = ['firstName', 'lastName', 'number', 'expiry', 'cvc'];
export const MOMO_PAY_FIELDS: readonly PayField[] = ['phone', 'provider'];

export const emptyPayForm = (): PayForm => ({ card: emptyCardForm(), momo: emptyMomoForm() });

/** The fields of the form a way shows. */
export const payFieldsOf = (way: PaymentWay): readonly PayField[] =>
  way === 'card' ? CARD_PAY_FIELDS : way === 'momo' ? MOMO_PAY_FIELDS : [];

/** A payer field changed through the top-up's input filter. */
export const payFormChanged = (form: PayForm, way: PaymentWay, field: PayField, value: string): PayForm => {
  if (!payFieldsOf(way).includes(field)) return form;
  return way === 'card'
    ? { ...form, card: changeField(form.card, cardFilters, field, value) }
    : { ...form, momo: changeField(form.momo, momoFilters, field, value) };
};

/** The card rules name the API's fields; the form's are `number` and `cvc`. */
const cardFieldOf = (field: string): PayViolationField =>
  (field === 'cardNumber' ? 'number' : field === 'cvv' ? 'cvc' : field) as PayViolationField;

const utcDate = (today: IsoDate): Date => new Date(`${today}T00:00:00.000Z`);

/**
 * The rules of the form shown, in the spec's order (section 5: the card form's, the MoMo number's). The amount is
 * the quote's total: the rules' amount checks (a whole number of cedis for a top-up) do not apply to it.
 */
export const payViolations = (
  form: PayForm,
  way: PaymentWay,
  totalMinor: MinorUnits,
  today: IsoDate,
): RuleViolation<PayViolationField>[] => {
  if (way === 'card')
    return cardPaymentViolations(
      { ...cardPaymentInputOf(form.card), amountMinor: totalMinor },
      utcDate(today),
    )
      .filter((violation) => violation.field !== 'amount')
      .map((violation) => ({ field: cardFieldOf(violation.field), messageId: violation.messageId }));
  if (way === 'momo')
    return momoTopUpViolations({ ...form.momo, amountMinor: totalMinor }).flatMap((violation) =>
      violation.field === 'amount' ? [] : [{ field: violation.field, messageId: violation.messageId }],
    );
  return [];
};

/** The payment PayNow is asked for, from a valid form. */
export const cartPaymentOf = (form: PayForm, way: PaymentWay, totalMinor: MinorUnits): CartPayment => {
  if (way === 'card') {
    const expiry = parseCardExpiry(form.card.expiry);
    const valid = expiry !== null && !('messageId' in expiry) ? expiry : { month: 0, year: 0 };
    return {
      method: 'card',
      firstName: form.card.firstName.trim(),
      lastName: form.card.lastName.trim(),
      cardNumber: digitsOnly(form.card.number),
      expiryMonth: valid.month,
      expiryYear: valid.year,
      cvc: form.card.cvc,
      amount: totalMinor,
    };
  }
  if (way === 'momo') return { method: 'momo', phone: form.momo.phone, provider: form.momo.provider };
  return { method: 'wallet' };
};

/** Spec section 8: a card payment that fails says 'Error processing payment, please try again later.'. */
export const CARD_PAYMENT_FAILED: DomainMessageId = 'card.failed';
