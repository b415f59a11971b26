import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainMessages } from '../../src/domain/messages';
import { signUpViolations } from '../../src/domain/sign-up';
import { bankTopUpViolations } from '../../src/domain/top-up';
import { validSignUpInput } from '../support/sign-up-arbitraries';

/* Rules of spec section 5 whose message no other test named verbatim (tests/fixtures/spec-messages.json). */

const textsOf = (violations: { messageId: keyof typeof domainMessages }[]) =>
  violations.map((violation) => domainMessages[violation.messageId]);

describe('bank top-up: the account number of 10 to 15 digits (spec section 5, both spellings)', () => {
  const valid = { amountMinor: 1000, bankAccountNumber: '1234567890', bankId: 3, accountTypeId: 1 };

  it("says 'Please Enter valid account number.' for a number too short", () => {
    expect(textsOf(bankTopUpViolations({ ...valid, bankAccountNumber: '123456789' }))).toEqual([
      'Please Enter valid account number.',
    ]);
  });

  it("says the spec's variant 'Please enter valid account number.' for a number too long", () => {
    expect(textsOf(bankTopUpViolations({ ...valid, bankAccountNumber: '1234567890123456' }))).toEqual([
      'Please enter valid account number.',
    ]);
  });

  // Every length from 1 to 25 equally often (fast-check's strings lean short).
  const digits = fc
    .integer({ min: 1, max: 25 })
    .chain((length) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length }),
    );

  it('gives each length message exactly when its side of the rule is broken', () => {
    fc.assert(
      fc.property(digits, (account) => {
        const expected =
          account.length < 10
            ? ['bankTopUp.accountLength']
            : account.length > 15
              ? ['bankTopUp.accountTooLong']
              : [];
        expect(
          bankTopUpViolations({ ...valid, bankAccountNumber: account }).map(
            (violation) => violation.messageId,
          ),
        ).toEqual(expected);
      }),
    );
  });
});

describe('sign-up: the last name of letters and spaces (spec section 5, rule 1 "likewise")', () => {
  it("says 'Last name should only contain letters and spaces.'", () => {
    expect(textsOf(signUpViolations({ ...validSignUpInput(), lastName: 'Mensah2' }))).toEqual([
      'Last name should only contain letters and spaces.',
    ]);
  });
});
