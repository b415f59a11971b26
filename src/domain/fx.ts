import type { MinorUnits } from './money';

/*
 * Exchange rates are exact decimal strings: units of a currency for one GHS ('0.0812'), at most RATE_DECIMALS
 * digits after the point. Conversion is integer arithmetic on minor units (every currency of the table has 2
 * decimals), with one rounding rule: the receive amount is rounded down to the minor unit, so it never gives more
 * than the rate says and never less by a whole minor unit.
 */
export const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const RATE_PATTERN = new RegExp(`^(\\d{1,9})(?:\\.(\\d{1,${RATE_DECIMALS}}))?$`);

/** '0.0812' -> 8120000n (the rate times 10^8); null when it is not a positive decimal of at most 8 decimals. */
export const parseRate = (rate: string): bigint | null => {
  const match = RATE_PATTERN.exec(rate.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
};

export const isRate = (rate: string): boolean => parseRate(rate) !== null;

const scaledRate = (rate: string): bigint => {
  const scaled = parseRate(rate);
  if (scaled === null) throw new RangeError(`not a rate: ${rate}`);
  return scaled;
};

/**
 * An amount in the `from` currency converted to the `to` currency, both rates given per GHS:
 * amount x toRate / fromRate, rounded down to the minor unit.
 */
export const convertMinor = (amountMinor: MinorUnits, fromRate: string, toRate: string): MinorUnits => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`not an amount: ${amountMinor}`);
  const converted = Number((BigInt(amountMinor) * scaledRate(toRate)) / scaledRate(fromRate));
  // Rates far outside any currency's could give more minor units than a number holds exactly.
  if (!Number.isSafeInteger(converted))
    throw new RangeError(`conversion out of range: ${amountMinor} at ${toRate}/${fromRate}`);
  return converted;
};

/**
 * The same conversion rounded UP to the minor unit: what a price in the `from` currency costs in the `to` currency
 * so that the amount paid is never worth less than the price at the rates given (a shop's price in cedis).
 */
export const convertMinorUp = (amountMinor: MinorUnits, fromRate: string, toRate: string): MinorUnits => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`not an amount: ${amountMinor}`);
  const numerator = BigInt(amountMinor) * scaledRate(toRate);
  const denominator = scaledRate(fromRate);
  const converted = Number((numerator + denominator - 1n) / denominator);
  if (!Number.isSafeInteger(converted))
    throw new RangeError(`conversion out of range: ${amountMinor} at ${toRate}/${fromRate}`);
  return converted;
};

/** The rate of `to` per one `from`, for the rate line ('1 GHS = 0.0812 USD'), to RATE_DECIMALS places, rounded down. */
export const crossRate = (fromRate: string, toRate: string): string => {
  const scaled = (scaledRate(toRate) * RATE_SCALE) / scaledRate(fromRate);
  const whole = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
};
