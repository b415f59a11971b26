import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, convertMinorUp, parseRate } from '../../src/domain/fx';
import {
  findGemPack,
  gemPackPriceMinor,
  gemPacks,
  gemPurchaseViolations,
  pricedGemPacks,
} from '../../src/domain/gems';
import { proves } from '../support/requirements';

/** A rate as the table holds it: a positive decimal with at most 8 decimals (USD per GHS and the like). */
const rateArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .filter(([whole, fraction]) => whole > 0 || fraction > 0)
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);

const RATE_SCALE = 10n ** 8n;

describe(proves('S9.gems.1', 'gem pack prices in GHS'), () => {
  it('states the three packs of spec section 9', () => {
    expect(gemPacks.map(({ gems, usdCents }) => [gems, usdCents])).toEqual([
      [2500, 1999],
      [6500, 4999],
      [14000, 9999],
    ]);
  });

  it('prices them at the seeded 0.08 USD per GHS: GH₵ 249.88, 624.88, 1,249.88 (each rounded up)', () => {
    expect(pricedGemPacks('0.08').map((pack) => pack.priceMinor)).toEqual([24_988, 62_488, 124_988]);
  });

  it('never sells gems for less than their dollar price at the stated rate, and never for a pesewa more than needed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rateArbitrary, (usdCents, rate) => {
        const price = gemPackPriceMinor(usdCents, rate);
        const scaled = parseRate(rate) as bigint;
        // price (pesewas) x rate (USD per GHS) is worth at least the list price in cents...
        expect(BigInt(price) * scaled >= BigInt(usdCents) * RATE_SCALE).toBe(true);
        // ...and one pesewa less would not be.
        if (price > 0) expect(BigInt(price - 1) * scaled < BigInt(usdCents) * RATE_SCALE).toBe(true);
      }),
    );
  });

  it('rounds up exactly where rounding down would lose value: up and down differ by at most one pesewa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        rateArbitrary,
        rateArbitrary,
        (amount, from, to) => {
          // Conversions past Number.MAX_SAFE_INTEGER pesewas are refused (RangeError), not rounded.
          fc.pre(
            (BigInt(amount) * (parseRate(to) as bigint)) / (parseRate(from) as bigint) <
              BigInt(Number.MAX_SAFE_INTEGER),
          );
          const down = convertMinor(amount, from, to);
          const up = convertMinorUp(amount, from, to);
          expect(up - down).toBeGreaterThanOrEqual(0);
          expect(up - down).toBeLessThanOrEqual(1);
          const exact = (BigInt(amount) * (parseRate(to) as bigint)) % (parseRate(from) as bigint) === 0n;
          expect(up === down).toBe(exact);
        },
      ),
    );
  });

  it('prices every pack above zero at any rate, and a dearer pack never costs less', () => {
    fc.assert(
      fc.property(rateArbitrary, (rate) => {
        const prices = pricedGemPacks(rate).map((pack) => pack.priceMinor);
        for (const price of prices) expect(price).toBeGreaterThan(0);
        expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      }),
    );
  });
});

describe("the treasure shop's rule: a pack must be chosen", () => {
  it("says 'Please select a card before making a payment.' exactly when no known pack is chosen", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant(null), fc.constantFrom(...gemPacks.map((pack) => pack.id)), fc.string()),
        (packId) => {
          const broken = gemPurchaseViolations(packId);
          const known = packId !== null && findGemPack(packId) !== null;
          expect(broken).toEqual(known ? [] : [{ field: 'packId', messageId: 'treasureShop.selectPack' }]);
        },
      ),
    );
  });
});
