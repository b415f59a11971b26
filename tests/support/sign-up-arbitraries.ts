import fc from 'fast-check';
import type { DomainMessageId } from '../../src/domain/messages';
import type { SignUpField, SignUpInput } from '../../src/domain/sign-up';

/**
 * Sign-up forms built rule by rule: each rule is independently kept or broken, and the generator knows which, so
 * the expected messages come from how the input was made, not from the code under test.
 */
export interface SignUpCase {
  input: SignUpInput;
  expected: { field: SignUpField; messageId: DomainMessageId }[];
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèüçñƆɔƐɛŊŋ'];
const NOT_LETTERS = [...'0123456789!@#$%^&*()_+=-.,;:\'"/?<>[]{}|~`'];

const letterWord = (min: number, max: number) =>
  fc.array(fc.constantFrom(...LETTERS), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

/** One to three words of letters joined by single spaces, at most `max` characters long. */
const lettersAndSpaces = (max: number) =>
  fc
    .array(letterWord(1, 8), { minLength: 1, maxLength: 3 })
    .map((words) => words.join(' '))
    .filter((name) => name.length <= max);

const withForeignCharacter = (min: number, max: number) =>
  fc.tuple(letterWord(min - 1, max - 1), fc.constantFrom(...NOT_LETTERS), fc.nat()).map(([word, bad, at]) => {
    const index = word.length === 0 ? 0 : at % (word.length + 1);
    return word.slice(0, index) + bad + word.slice(index);
  });

type NameShape = 'valid' | 'blank' | 'foreign' | 'tooLong' | 'foreignAndTooLong';

const nameOfShape = (shape: NameShape) => {
  switch (shape) {
    case 'valid':
      return lettersAndSpaces(25);
    case 'blank':
      return fc.constantFrom('', ' ', '   ');
    case 'foreign':
      return withForeignCharacter(1, 25);
    case 'tooLong':
      return letterWord(26, 40);
    case 'foreignAndTooLong':
      return withForeignCharacter(26, 40);
  }
};

type NameField = 'firstName' | 'middleName' | 'lastName';
const NAME_FIELDS: readonly NameField[] = ['firstName', 'middleName', 'lastName'];

const nameCharacterMessage = (field: NameField, shape: NameShape): DomainMessageId | null => {
  if (shape === 'blank')
    return field === 'middleName' ? null : (`signUp.${field}.required` as DomainMessageId);
  if (shape === 'foreign' || shape === 'foreignAndTooLong')
    return `signUp.${field}.letters` as DomainMessageId;
  return null;
};

const nameLengthMessage = (field: NameField, shape: NameShape): DomainMessageId | null =>
  shape === 'tooLong' || shape === 'foreignAndTooLong'
    ? (`signUp.${field}.tooLong` as DomainMessageId)
    : null;

const strongPassword = fc
  .tuple(letterWord(1, 10), fc.stringMatching(/^[0-9]{1,5}$/), fc.stringMatching(/^[a-z0-9!#$%]{6,20}$/))
  .map(([letters, digits, rest]) => letters + digits + rest);

const weakPassword = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{0,7}$/), // too short
  letterWord(8, 20), // no digit
  fc.stringMatching(/^[0-9!#$%]{8,20}$/), // no letter
);

const DIAL_CODES = ['+233', '+234', '+44', '+1', '+27', '+254'];

const validPhone = fc.constantFrom(...DIAL_CODES).chain((phoneCode) => {
  const codeDigits = phoneCode.length - 1;
  return fc
    .stringMatching(new RegExp(`^[0-9]{${12 - codeDigits},${15 - codeDigits}}$`))
    .map((phoneNumber) => ({ phoneCode, phoneNumber }));
});

const invalidPhone = fc.oneof(
  fc
    .constantFrom(...DIAL_CODES)
    .chain((phoneCode) =>
      fc
        .stringMatching(new RegExp(`^[0-9]{0,${11 - (phoneCode.length - 1)}}$`))
        .map((phoneNumber) => ({ phoneCode, phoneNumber })),
    ),
  fc
    .constantFrom(...DIAL_CODES)
    .chain((phoneCode) =>
      fc.stringMatching(/^[0-9]{5,9}[a-z +-][0-9]{5}$/).map((phoneNumber) => ({ phoneCode, phoneNumber })),
    ),
  fc
    .constantFrom('+233')
    .chain((phoneCode) =>
      fc.stringMatching(/^[0-9]{13,16}$/).map((phoneNumber) => ({ phoneCode, phoneNumber })),
    ),
);

const validEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
    fc.stringMatching(/^[a-z0-9-]{1,15}$/),
    fc.constantFrom('com', 'com.gh', 'org', 'gh'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const invalidEmail = fc.oneof(
  fc.constantFrom('', '  ').map((email) => ({ email, messageId: 'email.required' as const })),
  fc
    .constantFrom('kwame', 'kwame@', '@example.com', 'kwame@example', 'kwa me@example.com', 'a@b@c.com')
    .map((email) => ({
      email,
      messageId: 'email.invalid' as const,
    })),
);

const nameShape = fc.constantFrom<NameShape>(
  'valid',
  'valid',
  'blank',
  'foreign',
  'tooLong',
  'foreignAndTooLong',
);

export const signUpCaseArbitrary: fc.Arbitrary<SignUpCase> = fc
  .record({
    shapes: fc.record({ firstName: nameShape, middleName: nameShape, lastName: nameShape }),
    passwordsMatch: fc.boolean(),
    strong: fc.boolean(),
    countryValid: fc.boolean(),
    phoneValid: fc.boolean(),
    emailValid: fc.boolean(),
  })
  .chain((plan) =>
    fc
      .record({
        firstName: nameOfShape(plan.shapes.firstName),
        middleName: nameOfShape(plan.shapes.middleName),
        lastName: nameOfShape(plan.shapes.lastName),
        password: plan.strong ? strongPassword : weakPassword,
        otherPassword: fc.string({ minLength: 1, maxLength: 12 }),
        countryId: plan.countryValid ? fc.integer({ min: 1, max: 60 }) : fc.constantFrom(0, -1),
        phone: plan.phoneValid ? validPhone : invalidPhone,
        email: plan.emailValid ? validEmail.map((email) => ({ email, messageId: null })) : invalidEmail,
      })
      .map((values): SignUpCase => {
        const confirmPassword = plan.passwordsMatch
          ? values.password
          : values.password + values.otherPassword;
        const input: SignUpInput = {
          email: values.email.email,
          phoneCode: values.phone.phoneCode,
          phoneNumber: values.phone.phoneNumber,
          firstName: values.firstName,
          middleName: values.middleName,
          lastName: values.lastName,
          createPassword: values.password,
          confirmPassword,
          countryId: values.countryId,
        };
        const expected: SignUpCase['expected'] = [];
        for (const field of NAME_FIELDS) {
          const messageId = nameCharacterMessage(field, plan.shapes[field]);
          if (messageId) expected.push({ field, messageId });
        }
        for (const field of NAME_FIELDS) {
          const messageId = nameLengthMessage(field, plan.shapes[field]);
          if (messageId) expected.push({ field, messageId });
        }
        if (!plan.passwordsMatch) expected.push({ field: 'confirmPassword', messageId: 'password.mismatch' });
        if (!plan.strong) expected.push({ field: 'createPassword', messageId: 'password.weak' });
        if (!plan.countryValid) expected.push({ field: 'countryId', messageId: 'signUp.country.invalid' });
        if (!plan.phoneValid) expected.push({ field: 'phoneNumber', messageId: 'signUp.phone.invalid' });
        if (values.email.messageId) expected.push({ field: 'email', messageId: values.email.messageId });
        return { input, expected };
      }),
  );

/** A sign-up form that breaks no rule, with a fresh email on every call. */
export const validSignUpInput = (overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  email: `ama.mensah.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phoneCode: '+233',
  phoneNumber: '241234567',
  firstName: 'Ama',
  middleName: '',
  lastName: 'Mensah',
  createPassword: 'Akwaaba2026',
  confirmPassword: 'Akwaaba2026',
  countryId: 1,
  ...overrides,
});

/** Just the input side, for callers that compare against `signUpViolations`. */
export const signUpInputArbitrary: fc.Arbitrary<SignUpInput> = signUpCaseArbitrary.map((c) => c.input);
