import { isBefore, lastDayOfMonth } from 'date-fns';
import { calendarDate, isoDate, todayIso } from './calendar';
import { characterCount, digitsOnly, type RuleViolation } from './rule';
import type { DomainMessageId } from './messages';
import { WALLET_OPERATION_LIMIT_MINOR } from './amount';
import type { MinorUnits } from './money';

export const CARD_NAME_MAX_LENGTH = 30;
export const CARD_NUMBER_DIGITS = 16;

/** The card form as the server receives it (spec section 7 AddFundsToWallet). */
export interface CardPaymentInput {
  /**
   * The name on the card, as the card form asks for it. undefined: the request carries no name (PayNow's card
   * variant of spec section 3 has none), so it is not required; a name that is sent is still checked.
   */
  firstName: string | undefined;
  lastName: string | undefined;
  /** Digits only. */
  cardNumber: string;
  /** Parsed from 'MM/YY' in the form (or its message id when it is not that shape); null when missing. */
  expiry: CardExpiry | { messageId: DomainMessageId } | null;
  cvv: string;
  /**
   * Whole cedis, in minor units; null when missing; undefined when the form has no amount (a transfer paid by card
   * is charged its cart's total).
   */
  amountMinor: MinorUnits | null | undefined;
}

export type CardField = 'form' | 'firstName' | 'lastName' | 'cardNumber' | 'expiry' | 'cvv' | 'amount';

const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

/** "4242424242424242" -> "4242 4242 4242 4242" (the number input shows groups of four; 19 characters). */
export const formatCardNumber = (typed: string): string =>
  digitsOnly(typed)
    .slice(0, CARD_NUMBER_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Names on the card: letters and spaces only (anything else is not kept). */
export const cardNameInput = (typed: string): string => typed.replace(/[^\p{L}\p{M} ]+/gu, '');

export const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
};

export interface CardExpiry {
  /** 1-12 */
  month: number;
  /** Four digits, e.g. 2028. */
  year: number;
}

/** 'MM/YY' -> month and four-digit year; null when empty; a message id when not that shape or not a month. */
export const parseCardExpiry = (typed: string): CardExpiry | { messageId: DomainMessageId } | null => {
  if (typed.trim() === '') return null;
  const match = /^(\d{2})\/(\d{2})$/.exec(typed.trim());
  if (!match) return { messageId: 'card.expiryFormat' };
  return cardExpiry(Number(match[1]), Number(match[2]));
};

/** Month and year as the API sends them (a two-digit year means 20YY). */
export const cardExpiry = (month: number, year: number): CardExpiry | { messageId: DomainMessageId } => {
  if (!Number.isInteger(month) || month < 1 || month > 12) return { messageId: 'card.expiryMonth' };
  if (!Number.isInteger(year) || year < 0 || year > 9999) return { messageId: 'card.expiryFormat' };
  return { month, year: year < 100 ? 2000 + year : year };
};

/** The expiry input: digits, with the slash added after the month ("1228" -> "12/28"). */
export const cardExpiryInput = (typed: string): string => {
  const digits = digitsOnly(typed).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** A card is good through the last day of its expiry month. */
const isExpired = (month: number, year: number, today: Date): boolean =>
  isBefore(lastDayOfMonth(calendarDate(isoDate(year, month, 1))), calendarDate(todayIso(today)));

/**
 * The card form rules of spec section 5, in this order: all fields (amount included), names, number, expiry
 * (MM/YY, month 01-12, not past), CVC, amount (a positive whole number of cedis within the operation limit).
 */
export const cardPaymentViolations = (
  input: CardPaymentInput,
  today: Date = new Date(),
): RuleViolation<CardField>[] => {
  const violations: RuleViolation<CardField>[] = [];
  const missing =
    input.firstName?.trim() === '' ||
    input.lastName?.trim() === '' ||
    input.cardNumber === '' ||
    input.expiry === null ||
    input.cvv === '' ||
    input.amountMinor === null;
  if (missing) violations.push({ field: 'form', messageId: 'card.allFields' });
  for (const field of ['firstName', 'lastName'] as const) {
    const name = input[field]?.trim() ?? '';
    if (name === '') continue;
    if (!LETTERS_AND_SPACES.test(name)) violations.push({ field, messageId: `card.${field}.letters` });
    if (characterCount(name) > CARD_NAME_MAX_LENGTH)
      violations.push({ field, messageId: `card.${field}.tooLong` });
  }
  if (input.cardNumber !== '' && !(/^\d{16}$/.test(input.cardNumber) && passesLuhn(input.cardNumber))) {
    violations.push({ field: 'cardNumber', messageId: 'card.number' });
  }
  if (input.expiry && 'messageId' in input.expiry) {
    violations.push({ field: 'expiry', messageId: input.expiry.messageId });
  } else if (input.expiry && isExpired(input.expiry.month, input.expiry.year, today)) {
    violations.push({ field: 'expiry', messageId: 'card.expired' });
  }
  if (input.cvv !== '' && !/^\d{3}$/.test(input.cvv))
    violations.push({ field: 'cvv', messageId: 'card.cvc' });
  if (typeof input.amountMinor === 'number') {
    if (input.amountMinor < 100 || input.amountMinor % 100 !== 0) {
      violations.push({ field: 'amount', messageId: 'card.amount' });
    } else if (input.amountMinor > WALLET_OPERATION_LIMIT_MINOR) {
      violations.push({ field: 'amount', messageId: 'amount.limit' });
    }
  }
  return violations;
};

export const cardLastFour = (cardNumber: string): string => digitsOnly(cardNumber).slice(-4);

export type CardBrand = 'Visa' | 'Mastercard' | 'Verve' | 'Card';

/** The brand kept with the last four digits (the number itself is never stored). */
export const cardBrand = (cardNumber: string): CardBrand => {
  const digits = digitsOnly(cardNumber);
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^(506[01]|507[89]|6500)/.test(digits)) return 'Verve';
  return 'Card';
};
