import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, crossRate, isRate, parseRate, RATE_DECIMALS } from '../../src/domain/fx';

const SCALE = 10n ** BigInt(RATE_DECIMALS);

/** A rate as the table holds it: a positive decimal of at most 8 decimals and 9 whole digits, from its scaled value. */
const scaledRates = fc.bigInt({ min: 1n, max: 10n ** 17n - 1n });
/**
 * Rates a currency really has against the cedi: from 0.00000001 to 1,000,000 per GHS (the weakest currencies trade
 * at a few thousand per cedi), so that every converted amount stays a safe integer.
 */
const realisticRates = fc.bigInt({ min: 1n, max: 10n ** 14n });
const rateText = (scaled: bigint): string => {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
};
const rates = scaledRates.map((scaled) => ({ scaled, text: rateText(scaled) }));
const realistic = realisticRates.map((scaled) => ({ scaled, text: rateText(scaled) }));
/** Two currencies of a realistic table: 0.001 to 100,000 per GHS each (the converter's cross rates). */
const tableRates = fc
  .bigInt({ min: 10n ** 5n, max: 10n ** 13n })
  .map((scaled) => ({ scaled, text: rateText(scaled) }));
/** Amounts up to the largest transfer (below GH₵ 200,000). */
const transferAmounts = fc.integer({ min: 0, max: 20_000_000 });
/** Any decimal string scaled by 10^8 (the rate line may have more whole digits than a rate of the table). */
const scaledOf = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
};
/** Realistic send amounts: up to GH₵ 10,000,000. */
const amounts = fc.integer({ min: 0, max: 1_000_000_000 });

describe('exchange rates as exact decimals', () => {
  it('parses every rate the table can hold to its exact scaled value', () => {
    fc.assert(
      fc.property(rates, ({ scaled, text }) => {
        expect(parseRate(text)).toBe(scaled);
      }),
    );
  });

  it.each(['0', '0.00000000', '-1', '1e3', '0.123456789', '', 'abc', '1,5', '1234567890'])(
    'refuses %j',
    (text) => {
      expect(isRate(text)).toBe(false);
    },
  );
});

describe('converting an amount (one rounding rule: down to the minor unit)', () => {
  it('never gives more than the exact conversion, and never a whole minor unit less (GHS to any currency)', () => {
    fc.assert(
      fc.property(amounts, realistic, (amountMinor, to) => {
        const received = BigInt(convertMinor(amountMinor, '1', to.text));
        // exact = amount x rate; received <= exact < received + 1, in units of 10^-8 minor units.
        const exact = BigInt(amountMinor) * to.scaled;
        expect(received * SCALE <= exact).toBe(true);
        expect(exact < (received + 1n) * SCALE).toBe(true);
      }),
    );
  });

  it('holds between any two currencies of the table (amount x to-rate / from-rate)', () => {
    fc.assert(
      fc.property(transferAmounts, tableRates, tableRates, (amountMinor, from, to) => {
        const received = BigInt(convertMinor(amountMinor, from.text, to.text));
        const exact = BigInt(amountMinor) * to.scaled; // / from.scaled
        expect(received * from.scaled <= exact).toBe(true);
        expect(exact < (received + 1n) * from.scaled).toBe(true);
      }),
    );
  });

  it('converts at 1 without change, and a larger amount never receives less', () => {
    fc.assert(
      fc.property(amounts, amounts, realistic, (a, b, to) => {
        expect(convertMinor(a, '1', '1')).toBe(a);
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertMinor(low, '1', to.text)).toBeLessThanOrEqual(convertMinor(high, '1', to.text));
      }),
    );
  });

  it("gives the spec's examples: GH₵ 100 is USD 8.00 and GBP 6.45", () => {
    expect(convertMinor(10_000, '1', '0.08')).toBe(800);
    expect(convertMinor(10_000, '1', '0.0645')).toBe(645);
    expect(convertMinor(800, '0.08', '1')).toBe(10_000);
  });

  it('refuses negative and fractional amounts, a non-rate, and a result beyond a safe integer', () => {
    expect(() => convertMinor(-1, '1', '0.08')).toThrow(RangeError);
    expect(() => convertMinor(1.5, '1', '0.08')).toThrow(RangeError);
    expect(() => convertMinor(1, '1', '0')).toThrow(RangeError);
    expect(() => convertMinor(1_000_000_000, '0.00000001', '999999999')).toThrow(RangeError);
  });
});

describe('the rate line (1 from = crossRate to)', () => {
  it('is the exact cross rate rounded down to 8 decimals', () => {
    fc.assert(
      fc.property(rates, rates, (from, to) => {
        const cross = scaledOf(crossRate(from.text, to.text));
        // cross = to / from x 10^8, rounded down: cross x from <= to x 10^8 < (cross + 1) x from.
        expect(cross * from.scaled <= to.scaled * SCALE).toBe(true);
        expect(to.scaled * SCALE < (cross + 1n) * from.scaled).toBe(true);
      }),
    );
  });

  it('gives the inverses of the selector table: USD->GHS 12.5', () => {
    expect(crossRate('0.08', '1')).toBe('12.5');
    expect(crossRate('1', '0.0645')).toBe('0.0645');
  });
});
