/**
 * The Add Beneficiary forms (mobile, bank; spec sections 3 and 5): their fields, what each input keeps of what
 * is typed, the create rules of the tab shown (src/domain/beneficiary.ts, the server's own), the name lookup and
 * create calls a valid form makes, and the messages of failed calls (spec section 8).
 */
import {
  bankBeneficiaryViolations,
  beneficiaryPhoneForRequest,
  foreignNameFields,
  holderNameMatches,
  missingBankFields,
  missingMobileFields,
  mobileBeneficiaryViolations,
  namesOfHolder,
  type BankBeneficiaryInput,
  type BeneficiaryField,
  type MobileBeneficiaryInput,
} from '../domain/beneficiary';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import type {
  BeneficiaryType,
  CreateBankBeneficiaryRequest,
  CreateMobileBeneficiaryRequest,
  ResolveAccountNameRequest,
} from '../contract/beneficiary';
import {
  BENEFICIARY_DIAL_DIGITS,
  BENEFICIARY_PHONE_CODE,
  beneficiaryAccountInput,
  beneficiaryNameInput,
  beneficiaryPhoneInput,
  relationshipInput,
  tidyBeneficiaryName,
} from './beneficiary-fields';
import { failureStatus, serverMessageId } from './failure-messages';
import { changeField, formRules, selectedId, type FieldFilters } from './shared/form-rules';

export type BeneficiaryTab = BeneficiaryType;

interface NamesForm {
  firstName: string;
  middleName: string;
  lastName: string;
  motherMaidenName: string;
}

export interface MobileBeneficiaryForm extends NamesForm {
  /** With the dial code digits first: '233241234567'. */
  phoneNumber: string;
  relationship: string;
}

export interface BankBeneficiaryForm extends NamesForm {
  bankId: number;
  accountNo: string;
}

export type BeneficiaryFormField = keyof MobileBeneficiaryForm | keyof BankBeneficiaryForm;

export const MOBILE_BENEFICIARY_FIELDS: readonly BeneficiaryFormField[] = [
  'firstName',
  'middleName',
  'lastName',
  'motherMaidenName',
  'phoneNumber',
  'relationship',
];
export const BANK_BENEFICIARY_FIELDS: readonly BeneficiaryFormField[] = [
  'firstName',
  'middleName',
  'lastName',
  'motherMaidenName',
  'bankId',
  'accountNo',
];

/** The forms as the add machine holds them. */
export interface BeneficiaryForms {
  tab: BeneficiaryTab;
  mobile: MobileBeneficiaryForm;
  bank: BankBeneficiaryForm;
}

interface BeneficiaryFormState {
  violations: RuleViolation<BeneficiaryField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

const emptyNames = (): NamesForm => ({ firstName: '', middleName: '', lastName: '', motherMaidenName: '' });

export const emptyMobileBeneficiaryForm = (): MobileBeneficiaryForm => ({
  ...emptyNames(),
  phoneNumber: BENEFICIARY_DIAL_DIGITS,
  relationship: '',
});
export const emptyBankBeneficiaryForm = (): BankBeneficiaryForm => ({
  ...emptyNames(),
  bankId: 0,
  accountNo: '',
});

const nameFilters = {
  firstName: beneficiaryNameInput,
  middleName: beneficiaryNameInput,
  lastName: beneficiaryNameInput,
  motherMaidenName: beneficiaryNameInput,
};
const mobileFilters: FieldFilters<MobileBeneficiaryForm> = {
  ...nameFilters,
  phoneNumber: beneficiaryPhoneInput,
  relationship: relationshipInput,
};
const bankFilters: FieldFilters<BankBeneficiaryForm> = {
  ...nameFilters,
  bankId: selectedId,
  accountNo: beneficiaryAccountInput,
};

const mobileInputOf = (form: MobileBeneficiaryForm): MobileBeneficiaryInput => ({
  firstName: form.firstName,
  middleName: form.middleName,
  lastName: form.lastName,
  motherMaidenName: form.motherMaidenName,
  phoneNumber: beneficiaryPhoneForRequest(form.phoneNumber),
  relationship: form.relationship,
});
const bankInputOf = (form: BankBeneficiaryForm): BankBeneficiaryInput => ({
  firstName: form.firstName,
  middleName: form.middleName,
  lastName: form.lastName,
  motherMaidenName: form.motherMaidenName,
  bankId: form.bankId,
  accountNo: form.accountNo,
});

/** The create rules of the tab shown, in the spec's order. */
export const beneficiaryFormViolations = (forms: BeneficiaryForms): RuleViolation<BeneficiaryField>[] =>
  forms.tab === 'mobile'
    ? mobileBeneficiaryViolations(mobileInputOf(forms.mobile))
    : bankBeneficiaryViolations(bankInputOf(forms.bank));

/**
 * The fields a form-wide message is about, so the form marks them and shows the message beside them: the required
 * fields left empty ('All fields are required!'), the names with other characters than letters and spaces.
 */
export const fieldsOfFormMessage = (
  forms: BeneficiaryForms,
  messageId: DomainMessageId,
): BeneficiaryFormField[] => {
  const form = forms.tab === 'mobile' ? forms.mobile : forms.bank;
  if (messageId === 'beneficiary.nameInvalid') return foreignNameFields(form);
  if (messageId !== 'beneficiary.required') return [];
  return forms.tab === 'mobile'
    ? missingMobileFields(mobileInputOf(forms.mobile))
    : missingBankFields(bankInputOf(forms.bank));
};

/** Is the holder the lookup named the one whose names the tab's form holds? */
export const holderMatchesForm = (forms: BeneficiaryForms, holder: string): boolean =>
  holderNameMatches(forms.tab === 'mobile' ? forms.mobile : forms.bank, holder);

/** The tab's form with the holder's name in place of the names typed (as the name inputs would keep it). */
export const withHolderName = (
  forms: BeneficiaryForms,
  holder: string,
): Pick<BeneficiaryForms, 'mobile' | 'bank'> => {
  const names = namesOfHolder(holder);
  const kept = {
    firstName: beneficiaryNameInput(names.firstName),
    middleName: beneficiaryNameInput(names.middleName),
    lastName: beneficiaryNameInput(names.lastName),
  };
  return forms.tab === 'mobile'
    ? { mobile: { ...forms.mobile, ...kept }, bank: forms.bank }
    : { mobile: forms.mobile, bank: { ...forms.bank, ...kept } };
};

const isBeneficiaryField = (field: string): field is BeneficiaryField =>
  [
    'form',
    'firstName',
    'middleName',
    'lastName',
    'motherMaidenName',
    'phoneNumber',
    'accountNo',
    'relationship',
  ].includes(field);

const fieldsOf = (tab: BeneficiaryTab) =>
  tab === 'mobile' ? MOBILE_BENEFICIARY_FIELDS : BANK_BENEFICIARY_FIELDS;

/** The add forms' rules for the machine (src/machines/shared/form-rules.ts). */
export const beneficiaryFormRules = formRules({
  hasField: (context: BeneficiaryForms & BeneficiaryFormState, field: string) =>
    fieldsOf(context.tab).includes(field as BeneficiaryFormField),
  change: (context: BeneficiaryForms & BeneficiaryFormState, field: BeneficiaryFormField, value: string) =>
    context.tab === 'mobile'
      ? { mobile: changeField(context.mobile, mobileFilters, field, value) }
      : { bank: changeField(context.bank, bankFilters, field, value) },
  violations: beneficiaryFormViolations,
  fieldOf: (field) => (isBeneficiaryField(field) ? field : null),
});

/** Who holds the number or account of the (valid) form shown. */
export const lookupRequestOf = (forms: BeneficiaryForms): ResolveAccountNameRequest =>
  forms.tab === 'mobile'
    ? {
        type: 'mobile',
        phoneCode: BENEFICIARY_PHONE_CODE,
        phoneNumber: beneficiaryPhoneForRequest(forms.mobile.phoneNumber),
      }
    : { type: 'bank', bankId: forms.bank.bankId, accountNo: forms.bank.accountNo };

/** The create call of the (valid) form shown; the service adds the user. */
export type BeneficiaryCreateCall =
  | { type: 'mobile'; request: Omit<CreateMobileBeneficiaryRequest, 'userId'> }
  | { type: 'bank'; request: Omit<CreateBankBeneficiaryRequest, 'userId'> };

const namesOf = (form: NamesForm) => ({
  firstName: tidyBeneficiaryName(form.firstName),
  middleName: tidyBeneficiaryName(form.middleName),
  lastName: tidyBeneficiaryName(form.lastName),
  motherMaidenName: tidyBeneficiaryName(form.motherMaidenName),
});

export const createCallOf = (forms: BeneficiaryForms): BeneficiaryCreateCall =>
  forms.tab === 'mobile'
    ? {
        type: 'mobile',
        request: {
          ...namesOf(forms.mobile),
          phoneCode: BENEFICIARY_PHONE_CODE,
          phoneNumber: beneficiaryPhoneForRequest(forms.mobile.phoneNumber),
          relationship: forms.mobile.relationship.trim(),
        },
      }
    : {
        type: 'bank',
        request: { ...namesOf(forms.bank), bankId: forms.bank.bankId, accountNo: forms.bank.accountNo },
      };

/**
 * A failed name lookup (400 violations are handled apart): nobody holds the number or account (404, 'No account
 * was found...'), the server's message, or 'We could not check the account holder's name...' when it could not
 * be asked.
 */
export const lookupFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'beneficiary.lookupFailed';
  return serverMessageId(error) ?? (status === 404 ? 'beneficiary.noAccount' : 'beneficiary.lookupFailed');
};

/** The statuses of the holder's lookup that the create and the edit (of a number) pass on. */
export const LOOKUP_STATUSES: readonly number[] = [404, 429, 502];

/**
 * A failed create (400 violations are handled apart), spec section 8: 409 'This Beneficiary already exists!', no
 * answer 'Something went wrong, please try again.', anything else 'Error creating beneficiary'. The create looks
 * the holder up again, so its own answers about that (no account 404, the rail down 502, too many lookups 429)
 * say so with the server's message.
 */
export const createFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'beneficiary.createFallback';
  if (status === 409) return 'beneficiary.exists';
  if (LOOKUP_STATUSES.includes(status)) return serverMessageId(error) ?? 'beneficiary.createFailed';
  return 'beneficiary.createFailed';
};
