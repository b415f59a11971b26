/**
 * The sign-up form's data and rules, without xstate: the machine (./sign-up.machine.ts) runs on them, and the page
 * drafts on them what the visitor types before the machine's chunk has loaded (src/app/deferred-actor.ts).
 */
import type { DomainMessageId } from '../domain/messages';
import { DEFAULT_PHONE_CODE, limitPhoneInput } from '../domain/phone';
import type { RuleViolation } from '../domain/rule';
import { signUpViolations, type SignUpField, type SignUpInput } from '../domain/sign-up';
import type { Country } from '../contract/reference';

export type SignUpPasswordField = 'createPassword' | 'confirmPassword';

export interface SignUpContext {
  form: SignUpInput;
  countries: Country[];
  violations: RuleViolation<SignUpField>[];
  /** False until the first SUBMIT; from then on the violations follow every change. */
  showViolations: boolean;
  error: DomainMessageId | null;
  /** The English text of the server's last HTTP failure (fallback for logs), else null. */
  serverMessage: string | null;
  visiblePasswords: Record<SignUpPasswordField, boolean>;
}

export type SignUpEvent =
  | { type: 'CHANGE'; field: SignUpField; value: string }
  | { type: 'PHONE_COUNTRY_CHANGED'; dialCode: string }
  | { type: 'TOGGLE_PASSWORD_VISIBILITY'; field: SignUpPasswordField }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export const SIGN_UP_FIELDS: readonly SignUpField[] = [
  'email',
  'phoneCode',
  'phoneNumber',
  'firstName',
  'middleName',
  'lastName',
  'createPassword',
  'confirmPassword',
  'countryId',
];

export const isSignUpField = (field: string): field is SignUpField =>
  (SIGN_UP_FIELDS as readonly string[]).includes(field);

/** Ghana's ISO code: its dial code is the phone input's default. */
export const DEFAULT_PHONE_COUNTRY_ISO = 'GH';

export const emptySignUpForm = (): SignUpInput => ({
  email: '',
  phoneCode: DEFAULT_PHONE_CODE,
  phoneNumber: '',
  firstName: '',
  middleName: '',
  lastName: '',
  createPassword: '',
  confirmPassword: '',
  countryId: 0,
});

/** The form after one field changed: countryId parsed to a number, the phone number limited to what fits. */
export const changeSignUpForm = (form: SignUpInput, field: SignUpField, value: string): SignUpInput => {
  switch (field) {
    case 'countryId': {
      const id = Number(value);
      return { ...form, countryId: Number.isInteger(id) ? id : 0 };
    }
    case 'phoneCode':
      return { ...form, phoneCode: value, phoneNumber: limitPhoneInput(value, form.phoneNumber) };
    case 'phoneNumber':
      return { ...form, phoneNumber: limitPhoneInput(form.phoneCode, value) };
    default:
      return { ...form, [field]: value };
  }
};

export const initialSignUpContext: SignUpContext = {
  form: emptySignUpForm(),
  countries: [],
  violations: [],
  showViolations: false,
  error: null,
  serverMessage: null,
  visiblePasswords: { createPassword: false, confirmPassword: false },
};

/** A field edited: violations follow once shown; a failed registration's message goes (the countries' stays). */
export const changeSignUp = (
  context: SignUpContext,
  field: SignUpField,
  value: string,
): Pick<SignUpContext, 'form' | 'violations' | 'error' | 'serverMessage'> => {
  const form = changeSignUpForm(context.form, field, value);
  return {
    form,
    violations: context.showViolations ? signUpViolations(form) : [],
    error: context.error === 'countries.loadFailed' ? context.error : null,
    serverMessage: null,
  };
};

export const toggleSignUpPassword = (
  context: SignUpContext,
  field: SignUpPasswordField,
): Pick<SignUpContext, 'visiblePasswords'> => ({
  visiblePasswords: { ...context.visiblePasswords, [field]: !context.visiblePasswords[field] },
});

/** The form as the visitor sees it before the machine runs: what they typed, picked and showed. */
export const draftSignUp = (context: SignUpContext, event: SignUpEvent): SignUpContext => {
  switch (event.type) {
    case 'CHANGE':
      return { ...context, ...changeSignUp(context, event.field, event.value) };
    case 'PHONE_COUNTRY_CHANGED':
      return { ...context, ...changeSignUp(context, 'phoneCode', event.dialCode) };
    case 'TOGGLE_PASSWORD_VISIBILITY':
      return { ...context, ...toggleSignUpPassword(context, event.field) };
    default:
      return context;
  }
};
