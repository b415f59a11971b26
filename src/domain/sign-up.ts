import { emailViolation } from './email';
import { passwordViolations } from './password';
import { isSignUpPhoneValid } from './phone';
import { characterCount, type RuleViolation } from './rule';
import type { DomainMessageId } from './messages';

export const NAME_MAX_LENGTH = 25;

export interface SignUpInput {
  email: string;
  phoneCode: string;
  phoneNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  createPassword: string;
  confirmPassword: string;
  countryId: number;
}

export type SignUpField = keyof SignUpInput;

export const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

type NameField = 'firstName' | 'middleName' | 'lastName';

const NAME_MESSAGES: Record<
  NameField,
  { required: DomainMessageId | null; letters: DomainMessageId; tooLong: DomainMessageId }
> = {
  firstName: {
    required: 'signUp.firstName.required',
    letters: 'signUp.firstName.letters',
    tooLong: 'signUp.firstName.tooLong',
  },
  middleName: { required: null, letters: 'signUp.middleName.letters', tooLong: 'signUp.middleName.tooLong' },
  lastName: {
    required: 'signUp.lastName.required',
    letters: 'signUp.lastName.letters',
    tooLong: 'signUp.lastName.tooLong',
  },
};

const NAME_FIELDS: readonly NameField[] = ['firstName', 'middleName', 'lastName'];

/** Rule 1: letters and spaces only (a required name that is blank breaks it with its "required" message). */
const nameCharacterViolation = (field: NameField, value: string): DomainMessageId | null => {
  const messages = NAME_MESSAGES[field];
  if (value.trim() === '') return messages.required;
  return LETTERS_AND_SPACES.test(value) ? null : messages.letters;
};

/**
 * Every sign-up rule of spec section 5, in the spec's order: names' characters, names' lengths, passwords match,
 * password strength, country, phone, email. Returns every broken rule; the first is "the" message.
 */
export const signUpViolations = (input: SignUpInput): RuleViolation<SignUpField>[] => {
  const violations: RuleViolation<SignUpField>[] = [];
  for (const field of NAME_FIELDS) {
    const messageId = nameCharacterViolation(field, input[field]);
    if (messageId) violations.push({ field, messageId });
  }
  for (const field of NAME_FIELDS) {
    if (characterCount(input[field].trim()) > NAME_MAX_LENGTH) {
      violations.push({ field, messageId: NAME_MESSAGES[field].tooLong });
    }
  }
  violations.push(...passwordViolations(input.createPassword, input.confirmPassword));
  if (!Number.isInteger(input.countryId) || input.countryId <= 0) {
    violations.push({ field: 'countryId', messageId: 'signUp.country.invalid' });
  }
  if (!isSignUpPhoneValid(input.phoneCode, input.phoneNumber)) {
    violations.push({ field: 'phoneNumber', messageId: 'signUp.phone.invalid' });
  }
  const emailMessage = emailViolation(input.email);
  if (emailMessage) violations.push({ field: 'email', messageId: emailMessage });
  return violations;
};

/** Names as stored: surrounding spaces removed, inner runs of spaces folded. */
export const tidyName = (name: string): string => name.trim().replace(/ {2,}/g, ' ');
