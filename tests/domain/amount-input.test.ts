import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInput, amountInputToMinor } from '../../src/domain/amount';
import { proves } from '../support/requirements';

describe(
  proves('S5.bankTopUp.4', 'the amount inputs take no minus sign: no negative amount is ever sent'),
  () => {
    it("reads '-5' as 5 and '-0.5' as 0.5", () => {
      expect(amountInput('-5')).toBe('5');
      expect(amountInput('-0.5')).toBe('0.5');
    });

    it('whatever is typed, what the input keeps is never negative', () => {
      fc.assert(
        fc.property(fc.string(), (typed) => {
          const kept = amountInput(typed);
          expect(kept.includes('-')).toBe(false);
          expect(amountInputToMinor(kept) ?? 0).toBeGreaterThanOrEqual(0);
        }),
      );
    });
  },
);
