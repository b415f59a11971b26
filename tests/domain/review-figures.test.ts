import { describe, expect } from 'vitest';
import { fc, test as fcTest } from '@fast-check/vitest';
import {
  debitedPaymentCheck,
  NO_PROCESSING_FEE,
  walletCreditCheck,
  walletPaymentCheck,
} from '../../src/domain/fees';

const pesewas = fc.integer({ min: 0, max: 100_000_000 });

describe('the review figures (issue 23)', () => {
  fcTest.prop([pesewas, pesewas])(
    'a top-up: the card pays amount + fee, the wallet gains the amount, once',
    (balance, amount) => {
      const check = walletCreditCheck(balance, amount, NO_PROCESSING_FEE);
      expect(check).toEqual({
        beforeMinor: balance,
        feeMinor: 0,
        totalMinor: amount,
        afterMinor: balance + amount,
        enough: true,
      });
    },
  );

  fcTest.prop([pesewas, pesewas])(
    'a withdrawal or a bill (no fee): the review before and while its payout is followed show the same figures',
    (balance, amount) => {
      const before = walletPaymentCheck(balance, amount, NO_PROCESSING_FEE);
      expect(before.totalMinor).toBe(amount);
      expect(before.afterMinor).toBe(balance - amount);
      if (before.enough)
        expect(debitedPaymentCheck(before.afterMinor, amount, NO_PROCESSING_FEE)).toEqual(before);
    },
  );
});
