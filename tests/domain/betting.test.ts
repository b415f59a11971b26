import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BETTING_MAX_AMOUNT_MINOR,
  BETTING_MIN_AMOUNT_MINOR,
  BETTING_NUMBER_MAX_LENGTH,
  bettingAmountViolation,
  bettingNumberInput,
  bettingSubmitViolations,
  bettingTotals,
  isBettingNumber,
  paymentLinkState,
  type BettingField,
  type BettingSubmitInput,
} from '../../src/domain/betting';
import { walletPaymentCheck } from '../../src/domain/fees';
import type { DomainMessageId } from '../../src/domain/messages';
import { proves } from '../support/requirements';

const amounts = fc.integer({ min: 0, max: 1_000_000_000 });
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

const validInput: BettingSubmitInput = {
  operatorId: 1,
  bettingNo: '0241234567',
  receiverPhoneNo: '0241234567',
  sendAmountMinor: 5000,
  hasIdentification: true,
};

const fieldsOf = (input: BettingSubmitInput): [BettingField, DomainMessageId][] =>
  bettingSubmitViolations(input).map((v) => [v.field, v.messageId]);

describe('the betting fee arithmetic (spec section 9: 1%, total = amount + fee)', () => {
  it('fee + amount = total, to the pesewa, and the fee is within half a pesewa of 1%', () => {
    fc.assert(
      fc.property(amounts, (sendMinor) => {
        const { feeMinor, totalMinor } = bettingTotals(sendMinor);
        expect(sendMinor + feeMinor).toBe(totalMinor);
        const error = feeMinor * 100 - sendMinor;
        expect(error).toBeGreaterThan(-50);
        expect(error).toBeLessThanOrEqual(50);
      }),
    );
  });

  it(
    proves(
      ['S9.betting.1', 'S9.fee.1'],
      'GH₵ 50 pays GH₵ 0.50 of fee, GH₵ 50.50 in all; the spec’s 2300 pays 23',
    ),
    () => {
      expect(bettingTotals(5000)).toEqual({ sendMinor: 5000, feeMinor: 50, totalMinor: 5050 });
      expect(bettingTotals(230_000)).toEqual({ sendMinor: 230_000, feeMinor: 2300, totalMinor: 232_300 });
    },
  );

  it('the wallet covers a bet exactly when the balance is at least amount + fee', () => {
    fc.assert(
      fc.property(amounts, amounts, (balanceMinor, sendMinor) => {
        const check = walletPaymentCheck(balanceMinor, sendMinor);
        expect(check.enough).toBe(balanceMinor >= bettingTotals(sendMinor).totalMinor);
        expect(check.afterMinor).toBe(balanceMinor - bettingTotals(sendMinor).totalMinor);
      }),
    );
  });
});

describe('the betting rules', () => {
  it('a valid bet breaks no rule', () => {
    expect(bettingSubmitViolations(validInput)).toEqual([]);
  });

  it('reports every broken rule in order: operator, betting number, phone, amount, identification', () => {
    expect(
      fieldsOf({
        operatorId: 0,
        bettingNo: ' ',
        receiverPhoneNo: '',
        sendAmountMinor: null,
        hasIdentification: false,
      }),
    ).toEqual([
      ['operatorId', 'betting.operatorRequired'],
      ['bettingNo', 'betting.numberRequired'],
      ['receiverPhoneNo', 'betting.phoneInvalid'],
      ['sendAmount', 'betting.amountInvalid'],
      ['identification', 'identity.required'],
    ]);
  });

  it('a betting number is 6 to 15 digits, nothing else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (typed) => {
        const valid = /^\d{6,15}$/.test(typed);
        expect(isBettingNumber(typed)).toBe(valid);
        const broken = fieldsOf({ ...validInput, bettingNo: typed }).filter(
          ([field]) => field === 'bettingNo',
        );
        if (typed.trim() === '') expect(broken).toEqual([['bettingNo', 'betting.numberRequired']]);
        else if (/^\d{6,15}$/.test(typed.trim())) expect(broken).toEqual([]);
        else expect(broken).toEqual([['bettingNo', 'betting.numberInvalid']]);
      }),
    );
    fc.assert(
      fc.property(digits(6, 15), (number) => {
        expect(isBettingNumber(number)).toBe(true);
      }),
    );
  });

  it('the betting number input keeps digits only, at most 15', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const kept = bettingNumberInput(typed);
        expect(kept).toMatch(/^\d*$/);
        expect(kept.length).toBeLessThanOrEqual(BETTING_NUMBER_MAX_LENGTH);
        expect(typed.replace(/\D/g, '').startsWith(kept)).toBe(true);
      }),
    );
  });

  it('the amount: at least GH₵ 1 (else the spec’s message), at most the operation limit', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -1_000_000, max: 20_000_000 }), { nil: null }),
        (amountMinor) => {
          const violation = bettingAmountViolation(amountMinor);
          if (amountMinor === null || amountMinor < BETTING_MIN_AMOUNT_MINOR)
            expect(violation?.messageId).toBe('betting.amountInvalid');
          else if (amountMinor > BETTING_MAX_AMOUNT_MINOR) expect(violation?.messageId).toBe('amount.limit');
          else expect(violation).toBeNull();
        },
      ),
    );
  });

  it('the receiver phone is 9 to 12 digits', () => {
    fc.assert(
      fc.property(digits(0, 14), (phone) => {
        const broken = fieldsOf({ ...validInput, receiverPhoneNo: phone }).length > 0;
        expect(broken).toBe(phone.length < 9 || phone.length > 12);
      }),
    );
  });
});

describe('a payment link’s state for the user who opens it', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const later = new Date(now.getTime() + 1000);
  const link = { email: 'ama@example.com', expiresAt: later, paid: false };

  it('is open for its user (email ignoring case and spaces) before it expires', () => {
    expect(paymentLinkState(link, { email: ' AMA@example.com ' }, now)).toBe('open');
  });

  it('tells another user nothing but that it is not theirs; then paid before expired', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (other, paid, expired) => {
        const state = paymentLinkState(
          { ...link, paid, expiresAt: expired ? now : later },
          { email: other ? 'kofi@example.com' : link.email },
          now,
        );
        expect(state).toBe(other ? 'otherUser' : paid ? 'paid' : expired ? 'expired' : 'open');
      }),
    );
  });
});
