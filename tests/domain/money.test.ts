import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  minorToApiAmount,
  minorToDecimalString,
  parseDecimalAmount,
} from '../../src/domain/money';
import { proves } from '../support/requirements';

const amounts = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });

describe('money in minor units', () => {
  it('round-trips every amount through the API decimal without losing a pesewa', () => {
    fc.assert(
      fc.property(amounts, (minor) => {
        expect(parseDecimalAmount(minorToApiAmount(minor))).toBe(minor);
        expect(parseDecimalAmount(minorToDecimalString(minor))).toBe(minor);
      }),
    );
  });

  it('refuses more than two decimals and anything that is not a plain decimal', () => {
    expect(parseDecimalAmount('1.005')).toBeNull();
    expect(parseDecimalAmount(0.001)).toBeNull();
    expect(parseDecimalAmount('1e3')).toBeNull();
    expect(parseDecimalAmount(Number.NaN)).toBeNull();
    expect(parseDecimalAmount('12,50')).toBeNull();
    expect(parseDecimalAmount('12.5')).toBe(1250);
    expect(parseDecimalAmount(0.1 + 0.2)).toBeNull();
  });

  it(proves('S9.currency.3', 'formats GH₵ with a space after the symbol in English'), () => {
    expect(formatMoney(0, 'en-GH')).toBe('GH₵\u00a00.00');
    expect(formatMoney(123450, 'en-GH')).toBe('GH₵\u00a01,234.50');
    expect(formatMoney(-5, 'en')).toBe('-GH₵\u00a00.05');
  });

  it('writes a sign-only symbol against the number: $19.99, ₦1,000.00 (issue 22: never "$ 19.99")', () => {
    expect(formatMoney(1999, 'en-GH', 'USD')).toBe('$19.99');
    expect(formatMoney(100000, 'en-GH', 'NGN')).toBe('₦1,000.00');
  });

  it('follows the reader locale', () => {
    expect(formatMoney(123450, 'fr')).toMatch(/^1\s234,50\sGH₵$/u);
  });
});
