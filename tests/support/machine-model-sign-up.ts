/** Path-test model of the sign-up machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { limitPhoneInput } from '../../src/domain/phone';
import { signUpViolations, type SignUpInput } from '../../src/domain/sign-up';
import { failureStatus, isApiError } from '../../src/contract/failure';
import { signUpMachine } from '../../src/machines/sign-up.machine';
import {
  doneEvent,
  errorEvent,
  ghana,
  httpError,
  invalidResponseError,
  kenya,
  networkError,
  nigeria,
  named,
  expectUnchanged,
  errorOf,
  outputOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

/** A value that satisfies each field's rules (the phone number fits any of the sample dial codes). */
const validSignUpValues: Record<keyof SignUpInput, string> = {
  email: 'ama@example.com',
  phoneCode: '+233',
  phoneNumber: '2412345678',
  firstName: 'Ama',
  middleName: '',
  lastName: 'Mensah',
  createPassword: 'Secret123',
  confirmPassword: 'Secret123',
  countryId: '1',
};

type SignUpContext = {
  form: SignUpInput;
  countries: { id: number; dialCode: string; isoCode: string }[];
  violations: { field: string; messageId: string }[];
  showViolations: boolean;
  error: string | null;
  serverMessage: string | null;
  visiblePasswords: { createPassword: boolean; confirmPassword: boolean };
};

/**
 * To keep the graph small the form is repaired one rule at a time, in the spec's order: the only valid CHANGE
 * offered is for the first broken rule's field; a valid form is offered one invalid CHANGE. A phone country
 * change is always offered.
 */
const signUpEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const { form } = snapshot.context as SignUpContext;
  const firstBroken = signUpViolations(form)[0];
  return [
    // The only invalid CHANGE (a digit in the first name) is offered once the form is valid. Outside editing the
    // form can change too (while the countries load), but one change that breaks and repairs nothing is enough.
    !snapshot.matches('editing')
      ? { type: 'CHANGE', field: 'middleName', value: 'Efua' }
      : firstBroken
        ? { type: 'CHANGE', field: firstBroken.field, value: validSignUpValues[firstBroken.field] }
        : { type: 'CHANGE', field: 'firstName', value: 'Ama1' },
    { type: 'PHONE_COUNTRY_CHANGED', dialCode: '+234' },
    { type: 'TOGGLE_PASSWORD_VISIBILITY', field: 'createPassword' },
    { type: 'TOGGLE_PASSWORD_VISIBILITY', field: 'confirmPassword' },
    { type: 'SUBMIT' },
    { type: 'RETRY' },
    doneEvent('loadCountries', [ghana, nigeria]),
    doneEvent('loadCountries', [kenya]),
    doneEvent('loadCountries', []),
    errorEvent('loadCountries', networkError()),
    doneEvent('register', { userId: 12 }),
    errorEvent(
      'register',
      httpError(400, 'request.invalid', [{ field: 'email', messageId: 'email.invalid' }]),
    ),
    errorEvent('register', httpError(400, 'request.invalid')),
    errorEvent('register', httpError(409, 'signUp.emailTaken')),
    errorEvent('register', httpError(429, 'request.tooMany')),
    errorEvent('register', httpError(500, 'server.error')),
    errorEvent('register', httpError(503, 'some.unknownId')),
    errorEvent('register', networkError()),
    errorEvent('register', invalidResponseError()),
  ];
};

/** Spec and interfaces: the message of a failed registration (400 with violations handled apart). */
const expectedSignUpFailure = (error: unknown): string => {
  if (!isApiError(error) || error.failure.kind !== 'http') return 'signUp.failed';
  const { status, data } = error.failure;
  if (status === 409) return 'signUp.emailTaken';
  if (status === 429) return 'request.tooMany';
  const known = ['request.invalid', 'server.error', 'signUp.emailTaken', 'request.tooMany'];
  return data && known.includes(data.messageId) ? data.messageId : 'signUp.failed';
};

const signUpCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as SignUpContext;
  if (!context.showViolations) expect(context.violations).toEqual([]);
  if (snapshot.matches('countriesFailed')) expect(context.error).toBe('countries.loadFailed');
  if (previous === null) {
    expect(snapshot.value).toBe('loadingCountries');
    expect(context.form.phoneCode).toBe('+44');
    expect(context.form.countryId).toBe(0);
    return;
  }
  const before = previous.context as SignUpContext;
  if (previous.status === 'done') return expectUnchanged(step);
  switch (event.type) {
    case 'CHANGE':
    case 'PHONE_COUNTRY_CHANGED': {
      const { field, value } =
        event.type === 'CHANGE'
          ? (event as unknown as { field: keyof SignUpInput; value: string })
          : { field: 'phoneCode' as const, value: (event as unknown as { dialCode: string }).dialCode };
      const form = { ...before.form };
      if (field === 'countryId') form.countryId = Number(value);
      else if (field === 'phoneNumber') form.phoneNumber = limitPhoneInput(form.phoneCode, value);
      else if (field === 'phoneCode') {
        form.phoneCode = value;
        form.phoneNumber = limitPhoneInput(value, form.phoneNumber);
      } else form[field] = value;
      expect(context.form).toEqual(form);
      expect(context.violations).toEqual(before.showViolations ? signUpViolations(form) : []);
      expect(context.error).toBe(previous.matches('countriesFailed') ? 'countries.loadFailed' : null);
      expect(snapshot.value).toEqual(previous.value);
      return;
    }
    case 'TOGGLE_PASSWORD_VISIBILITY': {
      const { field } = event as unknown as { field: 'createPassword' | 'confirmPassword' };
      expect(context.visiblePasswords[field]).toBe(!before.visiblePasswords[field]);
      expect(context.form).toEqual(before.form);
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const violations = signUpViolations(before.form);
      expect(context.showViolations).toBe(true);
      expect(context.violations).toEqual(violations);
      // SUBMIT is blocked while any rule is broken.
      expect(snapshot.value).toBe(violations.length ? 'editing' : 'submitting');
      return;
    }
    case 'RETRY':
      if (!previous.matches('countriesFailed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loadingCountries');
      expect(context.error).toBeNull();
      return;
    case 'xstate.done.actor.loadCountries': {
      if (!previous.matches('loadingCountries')) return expectUnchanged(step);
      const countries = outputOf<SignUpContext['countries']>(event);
      expect(snapshot.value).toBe('editing');
      expect(context.countries).toEqual(countries);
      // The first country is preselected; Ghana's dial code when the list has Ghana, else the default.
      expect(context.form.countryId).toBe(before.form.countryId || (countries[0]?.id ?? 0));
      const expectedCode =
        before.form.phoneCode === '+44'
          ? (countries.find((c) => c.isoCode === 'GH')?.dialCode ?? '+44')
          : before.form.phoneCode;
      expect(context.form.phoneCode).toBe(expectedCode);
      return;
    }
    case 'xstate.error.actor.loadCountries':
      if (!previous.matches('loadingCountries')) return expectUnchanged(step);
      expect(snapshot.value).toBe('countriesFailed');
      return;
    case 'xstate.done.actor.register':
      if (!previous.matches('submitting')) return expectUnchanged(step);
      expect(snapshot.value).toBe('registered');
      expect(snapshot.status).toBe('done');
      // The log-in form is told the account was made, with the e-mail (issue 23).
      expect(named(actions)).toEqual([
        ['navigate', { to: '/LogIn', state: { email: context.form.email.trim(), done: 'signUp' } }],
      ]);
      return;
    case 'xstate.error.actor.register': {
      if (!previous.matches('submitting')) return expectUnchanged(step);
      const error = errorOf(event);
      expect(snapshot.value).toBe('editing');
      const violations =
        isApiError(error) && error.failure.kind === 'http' ? (error.failure.data?.violations ?? []) : [];
      if (failureStatus(error) === 400 && violations.length) {
        // The server's violations are shown as they came.
        expect(context.violations).toEqual(violations.map(({ field, messageId }) => ({ field, messageId })));
        expect(context.error).toBeNull();
      } else {
        expect(context.error).toBe(expectedSignUpFailure(error));
      }
      expect(context.form).toEqual(before.form);
      return;
    }
    default:
      throw new Error(`sign-up model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof signUpMachine> = {
  name: 'sign-up',
  machine: signUpMachine,
  inputs: [{ label: 'empty form', input: undefined as never }],
  events: signUpEvents,
  key: (snapshot) => {
    const context = snapshot.context as SignUpContext;
    return [
      signUpViolations(context.form).map((v) => v.messageId),
      context.showViolations,
      context.violations.length,
      context.error,
    ];
  },
  // Simple paths: which rules are broken (the events repair them one at a time).
  simpleKey: (snapshot) => signUpViolations((snapshot.context as SignUpContext).form).map((v) => v.messageId),
  check: signUpCheck,
  maxSimplePaths: 150,
};
