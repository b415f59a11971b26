import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import type { Country } from '../../src/contract/reference';
import type { SignUpRequest } from '../../src/contract/user';
import { limitPhoneInput } from '../../src/domain/phone';
import { signUpViolations, type SignUpField } from '../../src/domain/sign-up';
import { signUpMachine } from '../../src/machines/sign-up.machine';
import { ghana, httpError, kenya, networkError, nigeria } from '../support/machine-fixtures';
import { model } from '../support/machine-model-sign-up';
import { describeMachinePaths } from '../support/machine-paths';
import { signUpCaseArbitrary, validSignUpInput } from '../support/sign-up-arbitraries';

describeMachinePaths(model);

const FIELDS: SignUpField[] = [
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

describe('sign-up with a faked API', () => {
  const start = (
    countries: () => Promise<Country[]>,
    register: (request: SignUpRequest) => Promise<unknown>,
  ) => {
    const registerFn = vi.fn(register);
    const navigate = vi.fn();
    const actor = createActor(
      signUpMachine.provide({
        actors: {
          loadCountries: fromPromise(() => countries()),
          register: fromPromise(({ input }) => registerFn(input)),
        },
        actions: { navigate: (_, params) => navigate(params) },
      }),
    );
    actor.start();
    return { actor, register: registerFn, navigate };
  };
  const fillValid = (actor: ReturnType<typeof start>['actor']) => {
    const form = validSignUpInput({ phoneCode: '+233', countryId: 1 });
    for (const field of FIELDS) actor.send({ type: 'CHANGE', field, value: String(form[field]) });
    return form;
  };

  test("preselects the first country and Ghana's dial code", async () => {
    const { actor } = start(
      async () => [nigeria, ghana],
      async () => ({ userId: 1 }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({ countryId: nigeria.id, phoneCode: '+233' });
  });

  test('without Ghana in the list the default dial code stays', async () => {
    const { actor } = start(
      async () => [kenya],
      async () => ({ userId: 1 }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({ countryId: kenya.id, phoneCode: '+44' });
  });

  test('countries that fail to load can be retried', async () => {
    const loads = [() => Promise.reject(networkError()), async () => [ghana]];
    const { actor } = start(
      () => loads.shift()!(),
      async () => ({ userId: 1 }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('countriesFailed'));
    expect(actor.getSnapshot().context.error).toBe('countries.loadFailed');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.countries).toEqual([ghana]);
  });

  test('SUBMIT is blocked while any rule is broken; violations then follow every change', async () => {
    const { actor, register } = start(
      async () => [ghana],
      async () => ({ userId: 1 }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'firstName', value: 'Ama' });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(register).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.violations.map((v) => v.messageId)).toEqual([
      'signUp.lastName.required',
      'password.weak',
      'signUp.phone.invalid',
      'email.required',
    ]);
    actor.send({ type: 'CHANGE', field: 'lastName', value: 'Mensah' });
    expect(actor.getSnapshot().context.violations.map((v) => v.messageId)).not.toContain(
      'signUp.lastName.required',
    );
  });

  test('a valid form is registered and goes to /LogIn', async () => {
    const { actor, register, navigate } = start(
      async () => [ghana],
      async () => ({ userId: 1 }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const form = fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(register).toHaveBeenCalledWith(form);
    expect(navigate).toHaveBeenCalledWith({
      to: '/LogIn',
      state: { email: form.email, done: 'signUp' },
    });
  });

  test("the server's violations are shown as it sent them", async () => {
    const error = httpError(400, 'request.invalid', [
      { field: 'firstName', messageId: 'signUp.firstName.letters' },
      { field: 'email', messageId: 'email.invalid' },
      { field: 'unknownField', messageId: 'email.invalid' },
    ]);
    const { actor } = start(
      async () => [ghana],
      () => Promise.reject(error),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'firstName', messageId: 'signUp.firstName.letters' },
      { field: 'email', messageId: 'email.invalid' },
    ]);
  });

  test.each([
    ['409', httpError(409, 'signUp.emailTaken'), 'signUp.emailTaken'],
    ['429', httpError(429, 'request.tooMany'), 'request.tooMany'],
    ['429 of the address', httpError(429, 'signUp.tooMany'), 'signUp.tooMany'],
    ['500 with a known id', httpError(500, 'server.error'), 'server.error'],
    ['500 with an unknown id', httpError(500, 'db.down'), 'signUp.failed'],
    ['network', networkError(), 'signUp.failed'],
  ])('a %s failure shows %s', async (_, error, messageId) => {
    const { actor } = start(
      async () => [ghana],
      () => Promise.reject(error),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    fillValid(actor);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.error).toBe(messageId);
  });

  test('the phone number keeps digits only, at most 15 with the dial code', () => {
    let [snapshot] = initialTransition(signUpMachine);
    [snapshot] = transition(signUpMachine, snapshot, {
      type: 'xstate.done.actor.loadCountries',
      output: [ghana],
    } as never);
    [snapshot] = transition(signUpMachine, snapshot, {
      type: 'CHANGE',
      field: 'phoneNumber',
      value: '(024) 123-456-789-0123',
    });
    expect(snapshot.context.form.phoneNumber).toBe('024123456789');
    [snapshot] = transition(signUpMachine, snapshot, { type: 'PHONE_COUNTRY_CHANGED', dialCode: '+1' });
    expect(snapshot.context.form).toMatchObject({ phoneCode: '+1', phoneNumber: '024123456789' });
  });

  test("property: after SUBMIT the violations are exactly signUpViolations of the form, in the spec's order", () => {
    const [loading] = initialTransition(signUpMachine);
    const [editing] = transition(signUpMachine, loading, {
      type: 'xstate.done.actor.loadCountries',
      output: [ghana],
    } as never);
    fc.assert(
      fc.property(signUpCaseArbitrary, ({ input, expected }) => {
        let snapshot = editing;
        for (const field of FIELDS) {
          [snapshot] = transition(signUpMachine, snapshot, {
            type: 'CHANGE',
            field,
            value: String(input[field]),
          });
        }
        [snapshot] = transition(signUpMachine, snapshot, { type: 'SUBMIT' });
        const { form, violations } = snapshot.context;
        expect(violations).toEqual(signUpViolations(form));
        expect(snapshot.value).toBe(violations.length ? 'editing' : 'submitting');
        // Where the input filters changed nothing, the machine's form is the generated one, with its known answer.
        if (form.phoneNumber === input.phoneNumber && form.countryId === input.countryId) {
          expect(form).toEqual(input);
          expect(violations).toEqual(expected);
        } else {
          expect(form.phoneNumber).toBe(limitPhoneInput(input.phoneCode, input.phoneNumber));
        }
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});
