import { isMomoNumber } from './momo';
import { characterCount, digitsOnly, type RuleViolation } from './rule';
import { LETTERS_AND_SPACES } from './sign-up';

/** Create forms: each name at most 15 characters (spec section 9); the edit form allows 30. */
export const BENEFICIARY_CREATE_NAME_MAX_LENGTH = 15;
export const BENEFICIARY_EDIT_NAME_MAX_LENGTH = 30;
/** The relationship (mobile beneficiaries): letters and spaces, at most 30 characters (issue 21; the spec has none). */
export const BENEFICIARY_RELATIONSHIP_MAX_LENGTH = 30;
/** Bank beneficiaries: account numbers of 10 to 20 digits. */
export const BENEFICIARY_ACCOUNT_MIN_DIGITS = 10;
export const BENEFICIARY_ACCOUNT_MAX_DIGITS = 20;
/** The create form's phone holds the dial code digits first ('233'); the request drops these characters. */
export const BENEFICIARY_PHONE_PREFIX_LENGTH = 3;
/** The edit form's phone, with its 233 prefix, has at least this many characters. */
export const BENEFICIARY_EDIT_PHONE_MIN_LENGTH = 12;

export type BeneficiaryField =
  | 'form'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'motherMaidenName'
  | 'phoneNumber'
  | 'accountNo'
  | 'relationship';

export interface BeneficiaryNames {
  firstName: string;
  lastName: string;
  /** Optional names: letters and spaces like the others when given (issue 21); left out, not judged. */
  middleName?: string | undefined;
  motherMaidenName?: string | undefined;
}

export interface MobileBeneficiaryInput extends BeneficiaryNames {
  /** As the request carries it: the typed number without its first 3 characters. */
  phoneNumber: string;
  /** Letters and spaces, at most 30 characters; '' or left out when not given. */
  relationship?: string | undefined;
}

export interface BankBeneficiaryInput extends BeneficiaryNames {
  bankId: number;
  accountNo: string;
}

export interface BeneficiaryEditInput extends BeneficiaryNames {
  /** Mobile beneficiaries only: the whole number with its 233 prefix; null for a bank beneficiary. */
  phoneNumber: string | null;
  relationship?: string | undefined;
}

/** What the create form sends for the number it shows: the typed digits without the first 3 characters. */
export const beneficiaryPhoneForRequest = (typed: string): string =>
  typed.slice(BENEFICIARY_PHONE_PREFIX_LENGTH);

const hasLettersOnly = (name: string) => LETTERS_AND_SPACES.test(name.trim());

/** A name or relationship that is given (not blank) and holds something other than letters and spaces. */
const isForeignText = (text: string | undefined) =>
  text !== undefined && text.trim() !== '' && !hasLettersOnly(text);

/**
 * The relationship (issue 21; the spec gives no rule): letters and spaces, at most 30 characters. It is shown to
 * the sender only, but text a stranger typed is still kept to what a relationship is ('Sister', 'Business partner').
 */
const relationshipViolations = (relationship: string | undefined): RuleViolation<BeneficiaryField>[] =>
  isForeignText(relationship) ||
  characterCount((relationship ?? '').trim()) > BENEFICIARY_RELATIONSHIP_MAX_LENGTH
    ? [{ field: 'relationship', messageId: 'beneficiary.relationshipInvalid' }]
    : [];

/**
 * The names' rules of both create forms: letters and spaces (the middle and mother's maiden names too, when given:
 * issue 21), then first and last each at most 15.
 */
const createNameViolations = ({
  firstName,
  lastName,
  middleName,
  motherMaidenName,
}: BeneficiaryNames): RuleViolation<BeneficiaryField>[] => {
  const violations: RuleViolation<BeneficiaryField>[] = [];
  const first = firstName.trim();
  const last = lastName.trim();
  if (foreignNameFields({ firstName: first, lastName: last, middleName, motherMaidenName }).length > 0)
    violations.push({ field: 'form', messageId: 'beneficiary.nameInvalid' });
  if (characterCount(first) > BENEFICIARY_CREATE_NAME_MAX_LENGTH)
    violations.push({ field: 'firstName', messageId: 'beneficiary.firstNameTooLong' });
  if (characterCount(last) > BENEFICIARY_CREATE_NAME_MAX_LENGTH)
    violations.push({ field: 'lastName', messageId: 'beneficiary.lastNameTooLong' });
  return violations;
};

/** The create forms' required fields; 'All fields are required!' is about those left empty. */
export type BeneficiaryRequiredField = 'firstName' | 'lastName' | 'phoneNumber' | 'bankId' | 'accountNo';

const missingNames = ({ firstName, lastName }: BeneficiaryNames): BeneficiaryRequiredField[] => [
  ...(firstName.trim() === '' ? (['firstName'] as const) : []),
  ...(lastName.trim() === '' ? (['lastName'] as const) : []),
];

/** The mobile create form's required fields left empty (the form marks them beside the message). */
export const missingMobileFields = (input: MobileBeneficiaryInput): BeneficiaryRequiredField[] => [
  ...missingNames(input),
  ...(input.phoneNumber.trim() === '' ? (['phoneNumber'] as const) : []),
];

/** The bank create form's required fields left empty. */
export const missingBankFields = (input: BankBeneficiaryInput): BeneficiaryRequiredField[] => [
  ...missingNames(input),
  ...(input.bankId > 0 ? [] : (['bankId'] as const)),
  ...(input.accountNo.trim() === '' ? (['accountNo'] as const) : []),
];

/** The names holding something other than letters and spaces ('Names must not contain numbers...' is about them). */
export const foreignNameFields = (
  names: BeneficiaryNames,
): ('firstName' | 'middleName' | 'lastName' | 'motherMaidenName')[] =>
  (['firstName', 'middleName', 'lastName', 'motherMaidenName'] as const).filter((field) =>
    isForeignText(names[field]),
  );

/**
 * Mobile beneficiary create (spec section 5), in its order: required fields, names of letters and spaces, the
 * number (9 to 12 digits once its first 3 characters are dropped), each name at most 15; then the relationship.
 */
export const mobileBeneficiaryViolations = (
  input: MobileBeneficiaryInput,
): RuleViolation<BeneficiaryField>[] => {
  const violations: RuleViolation<BeneficiaryField>[] = [];
  if (missingMobileFields(input).length > 0)
    violations.push({ field: 'form', messageId: 'beneficiary.required' });
  const names = createNameViolations(input);
  violations.push(...names.filter((violation) => violation.field === 'form'));
  if (input.phoneNumber.trim() !== '' && !isMomoNumber(input.phoneNumber.trim()))
    violations.push({ field: 'phoneNumber', messageId: 'beneficiary.phoneInvalid' });
  violations.push(...names.filter((violation) => violation.field !== 'form'));
  violations.push(...relationshipViolations(input.relationship));
  return violations;
};

/**
 * Bank beneficiary create (spec section 5), in its order: required fields (names, bank, account), names of letters
 * and spaces, the account number (digits, 10 to 20), each name at most 15.
 */
export const bankBeneficiaryViolations = (input: BankBeneficiaryInput): RuleViolation<BeneficiaryField>[] => {
  const violations: RuleViolation<BeneficiaryField>[] = [];
  const account = input.accountNo.trim();
  if (missingBankFields(input).length > 0)
    violations.push({ field: 'form', messageId: 'beneficiary.required' });
  const names = createNameViolations(input);
  violations.push(...names.filter((violation) => violation.field === 'form'));
  if (account !== '') {
    if (digitsOnly(account) !== account)
      violations.push({ field: 'accountNo', messageId: 'beneficiary.accountDigits' });
    else if (account.length < BENEFICIARY_ACCOUNT_MIN_DIGITS)
      violations.push({ field: 'accountNo', messageId: 'beneficiary.accountTooShort' });
    else if (account.length > BENEFICIARY_ACCOUNT_MAX_DIGITS)
      violations.push({ field: 'accountNo', messageId: 'beneficiary.accountTooLong' });
  }
  violations.push(...names.filter((violation) => violation.field !== 'form'));
  return violations;
};

/** The dial code digits the edit form's phone starts with. */
export const BENEFICIARY_EDIT_PHONE_PREFIX = '233';

/**
 * Edit (spec section 5), rule by rule in the spec's order: names not empty (first, then last), names without
 * numbers or special characters (then the middle and mother's maiden names, when given: issue 21), each name at
 * most 30, then a mobile beneficiary's number (digits, starting with its 233 prefix, at least 12 characters with
 * it), then the relationship when given.
 */
export const beneficiaryEditViolations = (input: BeneficiaryEditInput): RuleViolation<BeneficiaryField>[] => {
  const names = [
    { field: 'firstName', name: input.firstName.trim() },
    { field: 'lastName', name: input.lastName.trim() },
  ] as const;
  const empty = {
    firstName: 'beneficiary.edit.firstNameEmpty',
    lastName: 'beneficiary.edit.lastNameEmpty',
  } as const;
  const invalid = {
    firstName: 'beneficiary.edit.firstNameInvalid',
    lastName: 'beneficiary.edit.lastNameInvalid',
  } as const;
  const violations: RuleViolation<BeneficiaryField>[] = [
    ...names.filter(({ name }) => name === '').map(({ field }) => ({ field, messageId: empty[field] })),
    ...names
      .filter(({ name }) => name !== '' && !hasLettersOnly(name))
      .map(({ field }) => ({ field, messageId: invalid[field] })),
    ...(['middleName', 'motherMaidenName'] as const)
      .filter((field) => isForeignText(input[field]))
      .map((field) => ({ field, messageId: 'beneficiary.nameInvalid' as const })),
    ...names
      .filter(({ name }) => characterCount(name) > BENEFICIARY_EDIT_NAME_MAX_LENGTH)
      .map(({ field }) => ({ field, messageId: 'beneficiary.edit.nameTooLong' as const })),
  ];
  if (input.phoneNumber !== null) {
    const phone = input.phoneNumber.trim();
    if (
      digitsOnly(phone) !== phone ||
      !phone.startsWith(BENEFICIARY_EDIT_PHONE_PREFIX) ||
      phone.length < BENEFICIARY_EDIT_PHONE_MIN_LENGTH ||
      !isMomoNumber(phone.slice(BENEFICIARY_PHONE_PREFIX_LENGTH))
    )
      violations.push({ field: 'phoneNumber', messageId: 'beneficiary.edit.phoneInvalid' });
  }
  violations.push(...relationshipViolations(input.relationship));
  return violations;
};

/** 'Ama Mensah', 'Kofi Owusu Boateng': the names that are given, single-spaced. */
export const beneficiaryFullName = (names: { firstName: string; middleName?: string; lastName: string }) =>
  [names.firstName, names.middleName ?? '', names.lastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');

/** Does a beneficiary's full name start with what was typed (spec: search by name prefix, ignoring case)? */
export const matchesNamePrefix = (fullName: string, typed: string): boolean =>
  fullName.toLocaleLowerCase().startsWith(typed.trim().toLocaleLowerCase());

const nameWords = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');

/**
 * Is the account holder the network or bank names the one typed (issue 23)? The first and last names typed are
 * among the holder's names, whatever the case or accents: 'KOFI BOATENG' is Kofi Boateng, 'Kwaku Agyeman' is not.
 * A middle name is not asked for: networks often hold a name without it.
 */
export const holderNameMatches = (names: BeneficiaryNames, holder: string): boolean => {
  const held = new Set(nameWords(holder));
  const typed = nameWords(`${names.firstName} ${names.lastName}`);
  return typed.length > 0 && typed.every((word) => held.has(word));
};

/** The holder's name as the form's names: the first word, the last word, the words between as the middle name. */
export const namesOfHolder = (
  holder: string,
): { firstName: string; middleName: string; lastName: string } => {
  const words = holder
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length < 2) return { firstName: words[0] ?? '', middleName: '', lastName: '' };
  return { firstName: words[0]!, middleName: words.slice(1, -1).join(' '), lastName: words.at(-1)! };
};
