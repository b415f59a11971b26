import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar';
import {
  cardBrand,
  cardExpiry,
  cardExpiryInput,
  cardPaymentViolations,
  formatCardNumber,
  parseCardExpiry,
  passesLuhn,
  type CardPaymentInput,
} from '../../src/domain/card';
import {
  expiryAfterIssue,
  expiryYearOptions,
  identificationNumberInput,
  identificationViolations,
  issueYearOptions,
  sniffImageType,
  type IdentificationInput,
} from '../../src/domain/identification';
import { pageOf } from '../../src/domain/paging';
import { momoPhoneInput } from '../../src/domain/momo';
import { bankTopUpViolations, momoTopUpViolations } from '../../src/domain/top-up';
import {
  BANK_WITHDRAWAL_MIN_MINOR,
  bankWithdrawalViolations,
  MOMO_WITHDRAWAL_MIN_MINOR,
  momoWithdrawalViolations,
} from '../../src/domain/withdrawal';
import { proves } from '../support/requirements';

const ids = (violations: { messageId: string }[]) => violations.map((violation) => violation.messageId);
const TODAY = '2026-11-21';

describe('identification rules', () => {
  const valid: IdentificationInput = {
    identificationTypeId: 1,
    identificationNumber: '1234567890',
    issuedDate: '2020-01-15',
    expiryDate: '2030-01-14',
    image: { sizeBytes: 200_000 },
  };

  it('accepts a complete Ghana Card', () => {
    expect(identificationViolations(valid, TODAY)).toEqual([]);
  });

  it('reports each rule with the spec message', () => {
    expect(ids(identificationViolations({ ...valid, identificationNumber: '' }, TODAY))).toEqual([
      'identification.allFields',
    ]);
    expect(ids(identificationViolations({ ...valid, identificationNumber: '12345' }, TODAY))).toEqual([
      'identification.number',
    ]);
    expect(ids(identificationViolations({ ...valid, image: null }, TODAY))).toEqual([
      'identification.imageRequired',
    ]);
    expect(
      ids(identificationViolations({ ...valid, image: { sizeBytes: 5 * 1024 * 1024 + 1 } }, TODAY)),
    ).toEqual(['identification.imageTooLarge']);
    expect(ids(identificationViolations({ ...valid, expiryDate: TODAY }, TODAY))).toEqual([
      'identification.expiryPast',
    ]);
    expect(
      ids(identificationViolations({ ...valid, issuedDate: '2027-01-01', expiryDate: '2026-12-31' }, TODAY)),
    ).toEqual(['identification.issuedFuture', 'identification.expiryBeforeIssue']);
  });

  it('keeps the ID number to ten digits', () => {
    fc.assert(fc.property(fc.string(), (typed) => /^\d{0,10}$/.test(identificationNumberInput(typed))));
  });

  it(
    proves(
      'S5.identification.7',
      'offers 50 issue years up to this year and 50 expiry years from the issue year',
    ),
    () => {
      expect(issueYearOptions(TODAY)).toHaveLength(50);
      expect(issueYearOptions(TODAY)[0]).toBe(2026);
      expect(issueYearOptions(TODAY).at(-1)).toBe(1977);
      expect(expiryYearOptions(2020)).toEqual(Array.from({ length: 50 }, (_, index) => 2020 + index));
    },
  );

  it(proves('S4.identification.3', 'forces the expiry after the issue date'), () => {
    expect(expiryAfterIssue('2020-01-15', '2030-01-14')).toBe('2030-01-14');
    expect(expiryAfterIssue('2020-01-15', '2020-01-15')).toBe('2020-01-16');
    expect(expiryAfterIssue('2020-12-31', '')).toBe('2021-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('reads the image type from its bytes, not its name', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(sniffImageType(new TextEncoder().encode('RIFF....WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});

describe('card form', () => {
  const valid: CardPaymentInput = {
    firstName: 'Ama',
    lastName: 'Mensah',
    cardNumber: '4242424242424242',
    expiry: { month: 12, year: 2028 },
    cvv: '123',
    amountMinor: 5000,
  };
  const now = new Date('2026-11-21T10:00:00Z');

  it('accepts a valid card', () => {
    expect(cardPaymentViolations(valid, now)).toEqual([]);
  });

  it('shows the number in groups of four, 19 characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    fc.assert(fc.property(fc.string(), (typed) => formatCardNumber(typed).length <= 19));
  });

  it('checks every rule with the spec message', () => {
    expect(ids(cardPaymentViolations({ ...valid, cvv: '' }, now))).toEqual(['card.allFields']);
    expect(ids(cardPaymentViolations({ ...valid, firstName: 'A'.repeat(31) }, now))).toEqual([
      'card.firstName.tooLong',
    ]);
    expect(ids(cardPaymentViolations({ ...valid, cardNumber: '4242424242424241' }, now))).toEqual([
      'card.number',
    ]);
    expect(ids(cardPaymentViolations({ ...valid, expiry: parseCardExpiry('1228x') }, now))).toEqual([
      'card.expiryFormat',
    ]);
    expect(ids(cardPaymentViolations({ ...valid, expiry: parseCardExpiry('13/28') }, now))).toEqual([
      'card.expiryMonth',
    ]);
    expect(ids(cardPaymentViolations({ ...valid, expiry: cardExpiry(10, 26) }, now))).toEqual([
      'card.expired',
    ]);
    expect(ids(cardPaymentViolations({ ...valid, expiry: cardExpiry(11, 26) }, now))).toEqual([]);
    expect(ids(cardPaymentViolations({ ...valid, cvv: '12' }, now))).toEqual(['card.cvc']);
    expect(ids(cardPaymentViolations({ ...valid, amountMinor: 150 }, now))).toEqual(['card.amount']);
    expect(ids(cardPaymentViolations({ ...valid, amountMinor: 20_000_000 }, now))).toEqual(['amount.limit']);
  });

  it('knows Luhn, expiry typing and brands', () => {
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000009995')).toBe(true);
    expect(cardExpiryInput('1228')).toBe('12/28');
    expect(cardBrand('5500000000000004')).toBe('Mastercard');
    expect(cardBrand('4242424242424242')).toBe('Visa');
  });
});

describe('top-up and withdrawal forms', () => {
  it('bank top-up: characters, required, length, in that order', () => {
    const valid = { amountMinor: 1000, bankAccountNumber: '1234567890', bankId: 3, accountTypeId: 1 };
    expect(bankTopUpViolations(valid)).toEqual([]);
    expect(ids(bankTopUpViolations({ ...valid, bankAccountNumber: '12-34' }))).toEqual([
      'bankTopUp.accountCharacters',
    ]);
    expect(ids(bankTopUpViolations({ ...valid, bankId: 0 }))).toEqual(['bankTopUp.required']);
    expect(ids(bankTopUpViolations({ ...valid, bankAccountNumber: '123456789' }))).toEqual([
      'bankTopUp.accountLength',
    ]);
  });

  it(proves(['S5.momoTopUp.2', 'S5.momoWithdrawal.4'], 'MoMo top-up: amount then phone'), () => {
    expect(momoTopUpViolations({ amountMinor: 1000, phone: '0241234567', provider: 'MTN' })).toEqual([]);
    expect(ids(momoTopUpViolations({ amountMinor: 0, phone: '02412345', provider: 'MTN' }))).toEqual([
      'momoTopUp.amount',
      'momoTopUp.phone',
    ]);
    fc.assert(fc.property(fc.string(), (typed) => /^\d{0,12}$/.test(momoPhoneInput(typed))));
  });

  it('withdrawals refuse more than the available balance', () => {
    expect(
      ids(bankWithdrawalViolations({ amountMinor: 5001, bankAccountNumber: '1234567890', bankId: 1 }, 5000)),
    ).toEqual(['withdrawal.insufficientFunds']);
    expect(ids(momoWithdrawalViolations({ amountMinor: 5000, momoMobileNumber: '02412' }, 5000))).toEqual([
      'withdrawal.phone',
    ]);
    expect(ids(momoWithdrawalViolations({ amountMinor: null, momoMobileNumber: '' }, 5000))).toEqual([
      'withdrawal.required',
    ]);
    expect(
      ids(bankWithdrawalViolations({ amountMinor: 100, bankAccountNumber: '12345', bankId: 1 }, 5000)),
    ).toEqual(['withdrawal.account']);
  });

  /*
   * Issue 21: the floors of the forms (spec section 2: bank 'min 1', MoMo 'min 10') are rules, on the server too.
   * The amount's messages come from how the amount was made: none, 0 or less, under the gateway's floor, within
   * the balance, above the balance, above the operation limit.
   */
  it(
    proves(
      ['S9.withdrawal.1', 'S5.momoWithdrawal.5'],
      'an amount under the gateway’s floor (bank GH₵ 1, MoMo GH₵ 10) has its message, exactly then',
    ),
    () => {
      type Shape = 'missing' | 'notPositive' | 'belowFloor' | 'valid' | 'aboveBalance' | 'overLimit';
      const LIMIT = 10_000_000;
      const gateways = {
        bank: {
          floor: BANK_WITHDRAWAL_MIN_MINOR,
          floorMessage: 'withdrawal.bankBelowMinimum',
          rules: (amountMinor: number | null, available: number) =>
            bankWithdrawalViolations({ amountMinor, bankAccountNumber: '1234567890', bankId: 1 }, available),
        },
        momo: {
          floor: MOMO_WITHDRAWAL_MIN_MINOR,
          floorMessage: 'withdrawal.momoBelowMinimum',
          rules: (amountMinor: number | null, available: number) =>
            momoWithdrawalViolations({ amountMinor, momoMobileNumber: '0241234567' }, available),
        },
      } as const;
      expect([BANK_WITHDRAWAL_MIN_MINOR, MOMO_WITHDRAWAL_MIN_MINOR]).toEqual([1_00, 10_00]);
      const cases = fc
        .record({
          gateway: fc.constantFrom<'bank' | 'momo'>('bank', 'momo'),
          shape: fc.constantFrom<Shape>(
            'missing',
            'notPositive',
            'belowFloor',
            'valid',
            'aboveBalance',
            'overLimit',
          ),
          available: fc.integer({ min: 10_00, max: 5_000_000 }),
        })
        .chain(({ gateway, shape, available }) => {
          const { floor } = gateways[gateway];
          const amount: fc.Arbitrary<number | null> = {
            missing: fc.constant(null),
            notPositive: fc.integer({ min: -1_000_00, max: 0 }),
            belowFloor: fc.integer({ min: 1, max: floor - 1 }),
            valid: fc.integer({ min: floor, max: available }),
            aboveBalance: fc.integer({ min: available + 1, max: LIMIT }),
            overLimit: fc.integer({ min: LIMIT + 1, max: LIMIT * 10 }),
          }[shape];
          return amount.map((amountMinor) => ({ gateway, shape, available, amountMinor }));
        });
      fc.assert(
        fc.property(cases, ({ gateway, shape, available, amountMinor }) => {
          const expected = {
            missing: ['withdrawal.required'],
            notPositive: ['withdrawal.amount'],
            belowFloor: [gateways[gateway].floorMessage],
            valid: [],
            aboveBalance: ['withdrawal.insufficientFunds'],
            overLimit: ['amount.limit'],
          }[shape];
          expect(ids(gateways[gateway].rules(amountMinor, available))).toEqual(expected);
        }),
        { numRuns: 1000 },
      );
    },
  );
});

describe('pages', () => {
  it('shows x-y of n and never leaves the pages there are', () => {
    fc.assert(
      fc.property(fc.nat({ max: 40 }), fc.integer({ min: -3, max: 12 }), (count, page) => {
        const rows = Array.from({ length: count }, (_, index) => index);
        const { rows: shown, window } = pageOf(rows, page, 5);
        expect(shown.length).toBe(count === 0 ? 0 : window.to - window.from + 1);
        expect(window.total).toBe(count);
        expect(window.to).toBeLessThanOrEqual(count);
        if (count > 0) expect(shown[0]).toBe(window.from - 1);
      }),
    );
  });
});

describe('processing fee', () => {
  it('is 1% rounded half up, and amount plus fee is the total to the pesewa', async () => {
    const { processingFee, walletPaymentCheck } = await import('../../src/domain/fees');
    expect(processingFee(100_00)).toBe(1_00);
    expect(processingFee(10_50)).toBe(11);
    expect(processingFee(10_49)).toBe(10);
    expect(processingFee(0)).toBe(0);
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), fc.nat({ max: 1_000_000_000 }), (balance, amount) => {
        const check = walletPaymentCheck(balance, amount);
        expect(check.totalMinor).toBe(amount + check.feeMinor);
        expect(check.afterMinor + check.totalMinor).toBe(balance);
        expect(check.enough).toBe(balance >= check.totalMinor);
        expect(Math.abs(check.feeMinor * 100 - amount)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('once the payment has been taken, the figures are those from before it: the total is taken once', async () => {
    const { debitedPaymentCheck, walletPaymentCheck } = await import('../../src/domain/fees');
    // Issue 23: GH₵ 511.65 before, total 202.00: after is 309.65, also while the answer's 309.65 is shown.
    expect(debitedPaymentCheck(309_65, 200_00)).toEqual(walletPaymentCheck(511_65, 200_00));
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000_000 }), fc.nat({ max: 1_000_000_000 }), (balance, amount) => {
        const before = walletPaymentCheck(balance, amount);
        fc.pre(before.enough);
        expect(debitedPaymentCheck(before.afterMinor, amount)).toEqual(before);
      }),
    );
  });
});
