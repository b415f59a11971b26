import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainMessages } from '../../src/domain/messages';
import { signUpViolations } from '../../src/domain/sign-up';
import { signUpCaseArbitrary, validSignUpInput } from '../support/sign-up-arbitraries';

describe('sign-up rules (spec section 5)', () => {
  it('reports each message exactly when its rule is broken, in the spec order', () => {
    fc.assert(
      fc.property(signUpCaseArbitrary, ({ input, expected }) => {
        expect(signUpViolations(input)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts a complete, valid form', () => {
    expect(signUpViolations(validSignUpInput())).toEqual([]);
  });

  it('uses the spec messages verbatim', () => {
    const messages = signUpViolations({
      ...validSignUpInput(),
      firstName: 'Ama1',
      middleName: 'K!',
      lastName: 'M'.repeat(26),
      confirmPassword: 'different1',
      createPassword: 'short',
      countryId: 0,
      phoneNumber: '24',
      email: 'nope',
    }).map((violation) => domainMessages[violation.messageId]);
    expect(messages).toEqual([
      'First name should only contain letters and spaces.',
      'Middle name should only contain letters and spaces.',
      'Last Name too long',
      'Passwords do not match',
      'Password must be at least 8 characters and include both letters and numbers.',
      'Please Select a valid country',
      'Please enter a valid phone number with the correct country code.',
      'Please enter a valid email address.',
    ]);
  });

  it('counts characters, so names with Ghanaian letters are measured as people read them', () => {
    expect(signUpViolations({ ...validSignUpInput(), firstName: 'Ɔ'.repeat(25) })).toEqual([]);
    expect(signUpViolations({ ...validSignUpInput(), firstName: 'Ɔ'.repeat(26) })).toEqual([
      { field: 'firstName', messageId: 'signUp.firstName.tooLong' },
    ]);
  });

  it('takes a Ghanaian number of 9 digits after +233 and refuses 8', () => {
    expect(signUpViolations({ ...validSignUpInput(), phoneCode: '+233', phoneNumber: '241234567' })).toEqual(
      [],
    );
    expect(signUpViolations({ ...validSignUpInput(), phoneCode: '+233', phoneNumber: '24123456' })).toEqual([
      { field: 'phoneNumber', messageId: 'signUp.phone.invalid' },
    ]);
  });
});
