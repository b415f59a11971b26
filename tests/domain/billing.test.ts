import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billNotFoundViolation,
  isBillOverdue,
  isSpecReferenceTitle,
  billReferenceViolations,
  billTotalPay,
  isSafePattern,
  matchesReferencePattern,
  PREPAID_MAX_MINOR,
  PREPAID_MIN_MINOR,
  prepaidAmountViolations,
  referenceInput,
  referenceInputMode,
  walletCoversBill,
} from '../../src/domain/billing';
import { minorToApiAmount, parseDecimalAmount } from '../../src/domain/money';
import { toViolations } from '../../src/server/http-error';
import { BILLING_SUB_COMPANIES } from '../../src/server/seed/billers';
import { BILLER_DOWN_SUFFIX, SANDBOX_BILLS } from '../../src/server/providers/biller-rail';
import { proves } from '../support/requirements';

/** Character classes a generated pattern may use, each with an independent membership test. */
const CLASSES = [
  { source: '[0-9]', has: (c: string) => c >= '0' && c <= '9' },
  { source: '[A-Z]', has: (c: string) => c >= 'A' && c <= 'Z' },
  { source: '[A-Z0-9]', has: (c: string) => (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') },
] as const;

/** A generated sub-company: its bounds and a pattern `^<prefix><class>{low,high}$`, with an oracle that is no RegExp. */
const generatedRules = fc
  .record({
    minLength: fc.integer({ min: 1, max: 12 }),
    extra: fc.integer({ min: 0, max: 8 }),
    prefix: fc.stringMatching(/^[A-Z]{0,2}$/),
    classIndex: fc.integer({ min: 0, max: CLASSES.length - 1 }),
    low: fc.integer({ min: 0, max: 10 }),
    span: fc.integer({ min: 0, max: 6 }),
  })
  .map(({ minLength, extra, prefix, classIndex, low, span }) => {
    const cls = CLASSES[classIndex] ?? CLASSES[0];
    const high = low + span;
    return {
      rules: {
        // The spec's own field: its three messages, word for word (titled fields: 'names the biller's field').
        title: 'Reference Number',
        minLength,
        maxLength: minLength + extra,
        regularExpression: `^${prefix}${cls.source}{${low},${high}}$`,
      },
      matches: (text: string) => {
        if (!text.startsWith(prefix)) return false;
        const rest = [...text.slice(prefix.length)];
        return rest.length >= low && rest.length <= high && rest.every(cls.has);
      },
    };
  });

/** References near the rules: digits, letters and a few others, around the bounds. */
const reference = fc
  .array(fc.constantFrom('0', '1', '7', '9', 'A', 'B', 'Z', 'a', '-', ' ', 'é'), { maxLength: 24 })
  .map((chars) => chars.join(''));

const messageIdsOf = (text: string, rules: Parameters<typeof billReferenceViolations>[1]) =>
  billReferenceViolations(text, rules).map((violation) => violation.messageId);

describe('bill reference rules (spec section 5)', () => {
  it('gives each message exactly when its rule is broken, in order, for generated rules and patterns', () => {
    fc.assert(
      fc.property(generatedRules, reference, ({ rules, matches }, text) => {
        const expected = [
          ...(text.length < rules.minLength ? ['billing.reference.tooShort'] : []),
          ...(text.length > rules.maxLength ? ['billing.reference.tooLong'] : []),
          ...(matches(text) ? [] : ['billing.reference.pattern']),
        ];
        expect(messageIdsOf(text, rules)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('names the bound it breaks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), (min) => {
        const [short] = billReferenceViolations('1', {
          title: 'reference number',
          minLength: min,
          maxLength: 40,
          regularExpression: '',
        });
        expect(short?.values).toEqual({ min });
        const [long] = billReferenceViolations('1'.repeat(min + 1), {
          title: '',
          minLength: 1,
          maxLength: min,
          regularExpression: '',
        });
        expect(long?.values).toEqual({ max: min });
      }),
    );
  });

  it("names the biller's field by its title ('Meter Number'), the spec's words for a field titled 'reference number'", () => {
    const rules = { minLength: 11, maxLength: 13, regularExpression: '^[0-9]{11,13}$' };
    const titled = (title: string, text: string) =>
      toViolations(billReferenceViolations(text, { ...rules, title })).map(({ message }) => message);
    expect(titled('Meter Number', '12ab')).toEqual([
      'Meter Number must be at least 11 characters long.',
      'Meter Number does not match the required pattern.',
    ]);
    expect(titled(' Smartcard Number ', '12345678901234')).toEqual([
      'Smartcard Number must not exceed 13 characters.',
      'Smartcard Number does not match the required pattern.',
    ]);
    for (const specTitle of ['Reference Number', 'reference  number', ''])
      expect(titled(specTitle, '12ab'), specTitle).toEqual([
        'Reference number must be at least 11 characters long.',
        'Reference number does not match the required pattern.',
      ]);
    expect(isSpecReferenceTitle('Reference Number')).toBe(true);
    expect(isSpecReferenceTitle('Meter Number')).toBe(false);
    expect(billNotFoundViolation('Meter Number')).toEqual({
      field: 'referenceNo',
      messageId: 'billing.titledBillNotFound',
      values: { title: 'Meter Number' },
    });
    expect(billNotFoundViolation('Reference Number')).toEqual({
      field: 'referenceNo',
      messageId: 'billing.billNotFound',
    });
  });

  it('names every seeded biller by its own title, never the words reference number', () => {
    for (const sub of BILLING_SUB_COMPANIES) {
      const [short] = billReferenceViolations('', { ...sub, minLength: 1 });
      expect(short?.values, sub.code).toMatchObject({ title: sub.title });
      expect(toViolations([short!])[0]?.message, sub.code).not.toMatch(/reference number/i);
    }
  });

  it('has no pattern rule when the sub-company has no pattern', () => {
    fc.assert(
      fc.property(reference, (text) => {
        expect(
          messageIdsOf(text, { title: 'Meter Number', minLength: 0, maxLength: 100, regularExpression: '' }),
        ).toEqual([]);
      }),
    );
  });

  it(
    proves(
      'S5.billReference.1',
      'counts characters as a person does, and the input refuses characters past maxLength',
    ),
    () => {
      expect(
        messageIdsOf('ééé', { title: 'Account Number', minLength: 3, maxLength: 3, regularExpression: '' }),
      ).toEqual([]);
      fc.assert(
        fc.property(
          fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
          fc.integer({ min: 0, max: 30 }),
          (text, max) => {
            const kept = referenceInput(text, max);
            expect([...kept].length).toBe(Math.min([...text].length, max));
            expect(text.startsWith(kept)).toBe(true);
          },
        ),
      );
    },
  );
});

describe('safe patterns', () => {
  it('rejects the shapes that backtrack catastrophically, back-references and lookarounds', () => {
    for (const unsafe of [
      '^(a+)+$',
      '^(a*)*$',
      '^(a|aa)+$',
      '^((a|b))*$',
      '^(?:a+){2,}$',
      '^(?:[0-9]+[A-Z]?)*$',
      '^(?=a)a$',
      '^(a)\\1$',
      '^a+?$',
      '^[0-9',
      '^(a$',
    ])
      expect(isSafePattern(unsafe), unsafe).toBe(false);
    for (const safe of ['^[0-9]{11,13}$', '^BB[0-9]{8}$', '^[CGPQV][0-9]{10}$', '^(?:ab)+$', '^a|b$', ''])
      expect(isSafePattern(safe), safe).toBe(true);
  });

  it('accepts every generated pattern, and refuses (fails closed on) any unsafe one', () => {
    fc.assert(
      fc.property(generatedRules, ({ rules }) => {
        expect(isSafePattern(rules.regularExpression)).toBe(true);
      }),
    );
    expect(matchesReferencePattern('aaaa', '^(a+)+$')).toBe(false);
  });

  it('checks a long adversarial input against every seeded pattern fast', () => {
    const inputs = ['0'.repeat(5000) + 'x', 'B'.repeat(5000) + '!', 'P' + '0'.repeat(5000), 'a'.repeat(5000)];
    for (const { regularExpression } of BILLING_SUB_COMPANIES) {
      for (const input of inputs) {
        const started = performance.now();
        matchesReferencePattern(input, regularExpression);
        expect(performance.now() - started, regularExpression).toBeLessThan(50);
      }
    }
    // The catastrophic shape is never run: refused before it is compiled.
    const started = performance.now();
    expect(matchesReferencePattern(`${'a'.repeat(40)}!`, '^(a+)+$')).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('seeded billers', () => {
  it('every sub-company has sane bounds, a safe pattern, and its documented sandbox references pass its rules', () => {
    for (const sub of BILLING_SUB_COMPANIES) {
      expect(sub.minLength, sub.code).toBeGreaterThanOrEqual(1);
      expect(sub.maxLength, sub.code).toBeGreaterThanOrEqual(sub.minLength);
      expect(sub.maxLength, sub.code).toBeLessThanOrEqual(64);
      expect(isSafePattern(sub.regularExpression), sub.code).toBe(true);
      expect(() => new RegExp(sub.regularExpression), sub.code).not.toThrow();
      const documented = SANDBOX_BILLS[sub.code];
      expect(documented, `${sub.code} has a documented sandbox bill`).toBeDefined();
      expect(billReferenceViolations(documented?.reference ?? '', sub), sub.code).toEqual([]);
      const down = `${(documented?.reference ?? '').slice(0, -BILLER_DOWN_SUFFIX.length)}${BILLER_DOWN_SUFFIX}`;
      expect(billReferenceViolations(down, sub), `${sub.code} down: ${down}`).toEqual([]);
    }
  });
});

describe('bill amounts', () => {
  it(
    proves(
      'S9.fee.2',
      'takes from the wallet exactly the bill (no fee), and covers it exactly when the bill is not above the balance',
    ),
    () => {
      fc.assert(
        fc.property(fc.nat({ max: 10_000_000_00 }), fc.nat({ max: 10_000_000_00 }), (wallet, bill) => {
          expect(billTotalPay(bill)).toBe(bill);
          expect(walletCoversBill(wallet, billTotalPay(bill))).toBe(bill <= wallet);
          // The wire's decimal and back never loses a pesewa.
          expect(parseDecimalAmount(minorToApiAmount(bill))).toBe(bill);
        }),
      );
    },
  );

  it('keeps a prepaid amount within its bounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: PREPAID_MAX_MINOR + 100 }), (amount) => {
        const broken = prepaidAmountViolations(amount).length > 0;
        expect(broken).toBe(amount < PREPAID_MIN_MINOR || amount > PREPAID_MAX_MINOR);
      }),
    );
    expect(prepaidAmountViolations(null)).toHaveLength(1);
  });
});

describe('referenceInputMode (issue 23)', () => {
  it('opens the number pad for a reference of digits only, the full keyboard for any other', () => {
    for (const source of ['^[0-9]{11,13}$', '^\\d+$', '[0-9]*', '^\\d{10}$'])
      expect(referenceInputMode(source), source).toBe('numeric');
    for (const source of ['', '^[A-Z0-9]{8}$', '^\\d{3}-\\d{4}$', '^[0-9a-z]+$', '^\\w+$'])
      expect(referenceInputMode(source), source).toBe('text');
  });
});

describe('overdue bills (issue 23)', () => {
  const bill = { status: 'Unpaid', dueDate: '2026-11-21', prepaid: false };
  it('is an unpaid bill whose due date is before today', () => {
    expect(isBillOverdue(bill, '2026-11-22')).toBe(true);
    expect(isBillOverdue(bill, '2026-11-21')).toBe(false);
  });
  it('is never a paid or pending bill, a prepaid account, or a due date that is not a day', () => {
    expect(isBillOverdue({ ...bill, status: 'Paid' }, '2027-01-01')).toBe(false);
    expect(isBillOverdue({ ...bill, status: 'Pending' }, '2027-01-01')).toBe(false);
    expect(isBillOverdue({ ...bill, prepaid: true }, '2027-01-01')).toBe(false);
    expect(isBillOverdue({ ...bill, dueDate: 'soon' }, '2027-01-01')).toBe(false);
  });
});
