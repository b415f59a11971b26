import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processingFee } from '../../src/domain/fees';
import type { DomainMessageId } from '../../src/domain/messages';
import {
  ABROAD_TRANSFER_LIMIT_MINOR,
  LOCAL_TRANSFER_LIMIT_MINOR,
  sendAmountInput,
  TRANSFER_MIN_MINOR,
  transferLimitMinor,
  transferSubmitViolations,
  transferTotals,
  type TransferField,
  type TransferSubmitInput,
} from '../../src/domain/transfer';
import { proves } from '../support/requirements';

/** Every amount a transfer can carry, and beyond: up to GH₵ 10,000,000. */
const amounts = fc.integer({ min: 0, max: 1_000_000_000 });

/** A transfer whose every rule but the amount holds (the amount is set by each case). */
const valid: TransferSubmitInput = {
  transactionPurposeId: 1,
  beneficiaryId: 1,
  sendAmountMinor: 0,
  receiveCurrency: 'GHS',
  paymentMethodId: 1,
  deliveryMethodId: 1,
  hasIdentification: true,
};

describe('the quote arithmetic (spec section 9: 1% fee, total = amount + fee)', () => {
  it('fee + send amount = total, always: no pesewa lost or created', () => {
    fc.assert(
      fc.property(amounts, (sendMinor) => {
        const { feeMinor, totalMinor } = transferTotals(sendMinor);
        expect(feeMinor + sendMinor).toBe(totalMinor);
        expect(Number.isSafeInteger(feeMinor)).toBe(true);
      }),
    );
  });

  it('the fee is 1% of the amount rounded half up to the pesewa: within half a pesewa of the exact 1%', () => {
    fc.assert(
      fc.property(amounts, (sendMinor) => {
        const { feeMinor } = transferTotals(sendMinor);
        expect(feeMinor).toBe(processingFee(sendMinor));
        // 100 x fee - amount is the rounding error in hundredths of a pesewa: in (-50, 50].
        const error = feeMinor * 100 - sendMinor;
        expect(error).toBeGreaterThan(-50);
        expect(error).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('a larger amount never pays a smaller fee', () => {
    fc.assert(
      fc.property(amounts, amounts, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(transferTotals(low).feeMinor).toBeLessThanOrEqual(transferTotals(high).feeMinor);
      }),
    );
  });

  it('a transfer the rules let through always pays a fee: the 1% never rounds to nothing', () => {
    expect(TRANSFER_MIN_MINOR).toBe(1_00);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -10, max: 3_00 }),
          fc.integer({ min: 0, max: ABROAD_TRANSFER_LIMIT_MINOR }),
        ),
        fc.constantFrom('GHS', 'USD'),
        (sendMinor, receiveCurrency) => {
          const passes =
            transferSubmitViolations({ ...valid, sendAmountMinor: sendMinor, receiveCurrency }).length === 0;
          expect(passes).toBe(
            sendMinor >= TRANSFER_MIN_MINOR && sendMinor < transferLimitMinor(receiveCurrency),
          );
          if (passes) {
            expect(processingFee(sendMinor)).toBeGreaterThanOrEqual(1);
            expect(transferTotals(sendMinor).totalMinor).toBeGreaterThan(sendMinor);
          }
        },
      ),
      { numRuns: 2000 },
    );
    // Below the floor the fee rounds to 0 (GH₵ 0.49 pays 0.49 pesewas): the rules refuse those amounts.
    expect(processingFee(49)).toBe(0);
  });

  it(proves('S5.sendAmount.1', 'the send amount input: empty stays empty, below GH₵ 1 becomes GH₵ 1'), () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 })), (typed) => {
        const shown = sendAmountInput(typed);
        if (typed === null) expect(shown).toBeNull();
        else expect(shown).toBe(typed < 100 ? 100 : typed);
      }),
    );
  });
});

/*
 * The seven transfer-submit rules of spec section 5, each kept or broken independently; the expected messages come
 * from how the input was made, not from the code under test.
 */
interface Plan {
  purpose: boolean;
  beneficiary: boolean;
  amount: 'valid' | 'missing' | 'notPositive' | 'belowFloor' | 'overLimit';
  local: boolean;
  paymentMethod: boolean;
  deliveryMethod: boolean;
  identification: boolean;
}

const id = (kept: boolean) =>
  kept ? fc.integer({ min: 1, max: 1_000_000 }) : fc.integer({ min: -5, max: 0 });

const caseOf = (plan: Plan): fc.Arbitrary<TransferSubmitInput> => {
  const limit = plan.local ? LOCAL_TRANSFER_LIMIT_MINOR : ABROAD_TRANSFER_LIMIT_MINOR;
  const amount: fc.Arbitrary<number | null> = {
    valid: fc.integer({ min: 1_00, max: limit - 1 }),
    missing: fc.constant(null),
    notPositive: fc.integer({ min: -1_000_000, max: 0 }),
    belowFloor: fc.integer({ min: 1, max: 99 }),
    overLimit: fc.integer({ min: limit, max: limit * 10 }),
  }[plan.amount];
  return fc.record({
    transactionPurposeId: id(plan.purpose),
    beneficiaryId: id(plan.beneficiary),
    sendAmountMinor: amount,
    receiveCurrency: plan.local ? fc.constant('GHS') : fc.constantFrom('USD', 'EUR', 'GBP', 'NGN', 'XOF'),
    paymentMethodId: id(plan.paymentMethod),
    deliveryMethodId: id(plan.deliveryMethod),
    hasIdentification: fc.constant(plan.identification),
  });
};

const expectedOf = (plan: Plan): { field: TransferField; messageId: DomainMessageId }[] => [
  ...(plan.purpose
    ? []
    : [{ field: 'transactionPurposeId' as const, messageId: 'transfer.purposeRequired' as const }]),
  ...(plan.beneficiary
    ? []
    : [{ field: 'beneficiaryId' as const, messageId: 'transfer.beneficiaryRequired' as const }]),
  ...(plan.amount === 'missing' || plan.amount === 'notPositive'
    ? [{ field: 'sendAmount' as const, messageId: 'transfer.amountInvalid' as const }]
    : plan.amount === 'belowFloor'
      ? [{ field: 'sendAmount' as const, messageId: 'transfer.amountBelowMinimum' as const }]
      : plan.amount === 'overLimit'
        ? [{ field: 'sendAmount' as const, messageId: 'amount.limit' as const }]
        : []),
  ...(plan.local || plan.paymentMethod
    ? []
    : [{ field: 'paymentMethodId' as const, messageId: 'transfer.paymentMethodRequired' as const }]),
  ...(plan.deliveryMethod
    ? []
    : [{ field: 'deliveryMethodId' as const, messageId: 'transfer.deliveryMethodRequired' as const }]),
  ...(plan.identification
    ? []
    : [{ field: 'identification' as const, messageId: 'identity.required' as const }]),
];

const plans: fc.Arbitrary<Plan> = fc.record({
  purpose: fc.boolean(),
  beneficiary: fc.boolean(),
  amount: fc.constantFrom('valid', 'missing', 'notPositive', 'belowFloor', 'overLimit'),
  local: fc.boolean(),
  paymentMethod: fc.boolean(),
  deliveryMethod: fc.boolean(),
  identification: fc.boolean(),
});

describe('the transfer-submit rules, in the spec order', () => {
  it('each message appears exactly when its rule is broken, in the order of section 5', () => {
    fc.assert(
      fc.property(
        plans.chain((plan) => caseOf(plan).map((input) => ({ plan, input }))),
        ({ plan, input }) => {
          expect(transferSubmitViolations(input)).toEqual(expectedOf(plan));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the limits are exclusive: 99,999.99 local and 199,999.99 abroad pass, the limits themselves do not', () => {
    const messages = (sendAmountMinor: number, receiveCurrency: string) =>
      transferSubmitViolations({ ...valid, sendAmountMinor, receiveCurrency }).map((v) => v.messageId);
    expect(transferLimitMinor('GHS')).toBe(100_000_00);
    expect(transferLimitMinor('USD')).toBe(200_000_00);
    expect(messages(99_999_99, 'GHS')).toEqual([]);
    expect(messages(100_000_00, 'GHS')).toEqual(['amount.limit']);
    expect(messages(199_999_99, 'USD')).toEqual([]);
    expect(messages(200_000_00, 'USD')).toEqual(['amount.limit']);
  });
});
