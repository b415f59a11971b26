/**
 * Money is integer minor units (pesewas for GHS) everywhere. The API speaks decimal numbers with at most two
 * decimals; these helpers convert exactly between the two, through strings, never through float arithmetic.
 */
import { isMinorUnits, type MinorUnits } from './minor-units';

export { isMinorUnits, type MinorUnits } from './minor-units';

export const WALLET_CURRENCY = 'GHS';
const MINOR_DIGITS = 2;
const DECIMAL_AMOUNT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** 123450 -> "1234.50" */
export const minorToDecimalString = (minor: MinorUnits): string => {
  if (!isMinorUnits(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(MINOR_DIGITS + 1, '0');
  return `${sign}${digits.slice(0, -MINOR_DIGITS)}.${digits.slice(-MINOR_DIGITS)}`;
};

/** The API's decimal number for an amount: 123450 -> 1234.5 */
export const minorToApiAmount = (minor: MinorUnits): number => Number(minorToDecimalString(minor));

/** "1234.5" or 1234.5 -> 123450; null when it has more than two decimals or is not a plain decimal. */
export const parseDecimalAmount = (value: string | number): MinorUnits | null => {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = text === null ? null : DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const [, minus, whole = '', fraction = ''] = match;
  const minor = Number(whole + fraction.padEnd(MINOR_DIGITS, '0'));
  if (!isMinorUnits(minor)) return null;
  return minus ? -minor : minor;
};

const numberToPlainString = (value: number): string | null => {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
};

const NO_BREAK_SPACE = '\u00a0';

/** A symbol written with letters (GH₵, CFA) is set apart from the number; a sign alone ($, ₦, €) is not. */
const symbolHasLetters = (symbol: string): boolean => /\p{L}/u.test(symbol);

/**
 * GH₵ with Intl in the reader's locale. Where the locale puts a lettered symbol right against the number
 * ("GH₵1,234.50"), a no-break space is added so it reads "GH₵ 1,234.50"; a plain sign stays on it ("$19.99").
 */
export const formatMoney = (minor: MinorUnits, locale: string, currency = WALLET_CURRENCY): string => {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  });
  // Intl accepts an exact decimal string, so no float division is involved.
  const parts = format.formatToParts(minorToDecimalString(minor) as unknown as number);
  return parts
    .map((part, index) => {
      const next = parts[index + 1];
      const symbolTouchesNumber =
        part.type === 'currency' &&
        symbolHasLetters(part.value) &&
        next !== undefined &&
        next.type === 'integer';
      return symbolTouchesNumber ? part.value + NO_BREAK_SPACE : part.value;
    })
    .join('');
};
