/** Path-test model of the log-in machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { emailViolation } from '../../src/domain/email';
import { failureStatus } from '../../src/contract/failure';
import { logInMachine } from '../../src/machines/log-in.machine';
import {
  doneEvent,
  errorEvent,
  httpError,
  logInResponse,
  networkError,
  named,
  expectUnchanged,
  errorOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const logInEvents: AnyEventObject[] = [
  { type: 'CHANGE', field: 'email', value: 'ama@example.com' },
  { type: 'CHANGE', field: 'email', value: 'not-an-email' },
  { type: 'CHANGE', field: 'password', value: 'Secret123' },
  { type: 'CHANGE', field: 'password', value: '' },
  { type: 'TOGGLE_PASSWORD_VISIBILITY' },
  { type: 'SUBMIT' },
  doneEvent('logIn', logInResponse),
  errorEvent('logIn', httpError(401, 'logIn.invalidCredentials')),
  errorEvent('logIn', httpError(429, 'request.tooMany')),
  errorEvent('logIn', httpError(500, 'server.error')),
  errorEvent('logIn', networkError()),
];

/** Spec: a missing password and the e-mail rule block the call. */
const expectedLogInViolations = (email: string, password: string) => [
  ...(emailViolation(email) ? [{ field: 'email', messageId: emailViolation(email) }] : []),
  ...(password === '' ? [{ field: 'password', messageId: 'logIn.passwordRequired' }] : []),
];

const logInCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  type Context = {
    email: string;
    password: string;
    passwordVisible: boolean;
    violations: unknown[];
    error: string | null;
  };
  const context = snapshot.context as Context;
  if (!snapshot.matches('editing')) expect(context.error).toBeNull();
  if (previous === null) {
    expect(snapshot.value).toBe('editing');
    expect(context).toEqual({ email: '', password: '', passwordVisible: false, violations: [], error: null });
    return;
  }
  const before = previous.context as Context;
  if (previous.status === 'done') return expectUnchanged(step);
  switch (event.type) {
    case 'CHANGE': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const { field, value } = event as unknown as { field: 'email' | 'password'; value: string };
      const after = { ...before, [field]: value };
      expect(context[field]).toBe(value);
      expect(context.error).toBeNull();
      expect(context.violations).toEqual(
        before.violations.length ? expectedLogInViolations(after.email, after.password) : [],
      );
      return;
    }
    case 'TOGGLE_PASSWORD_VISIBILITY':
      expect(context.passwordVisible).toBe(!before.passwordVisible);
      expect(snapshot.value).toEqual(previous.value);
      return;
    case 'SUBMIT': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const violations = expectedLogInViolations(before.email, before.password);
      expect(context.violations).toEqual(violations);
      expect(snapshot.value).toBe(violations.length ? 'editing' : 'submitting');
      return;
    }
    case 'xstate.done.actor.logIn':
      if (!previous.matches('submitting')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loggedIn');
      expect(snapshot.status).toBe('done');
      expect(named(actions)).toEqual([
        ['loggedIn', { auth: { token: logInResponse.token, user: logInResponse.userDetails } }],
      ]);
      return;
    case 'xstate.error.actor.logIn': {
      if (!previous.matches('submitting')) return expectUnchanged(step);
      const status = failureStatus(errorOf(event));
      expect(snapshot.value).toBe('editing');
      expect(context.error).toBe(
        status === 401 ? 'logIn.invalidCredentials' : status === 429 ? 'request.tooMany' : 'server.error',
      );
      expect(actions).toEqual([]);
      return;
    }
    default:
      throw new Error(`log-in model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof logInMachine> = {
  name: 'log-in',
  machine: logInMachine,
  inputs: [{ label: 'empty form', input: undefined as never }],
  events: () => logInEvents,
  key: (snapshot) => {
    const context = snapshot.context as {
      email: string;
      password: string;
      violations: unknown[];
      error: string | null;
    };
    return [
      emailViolation(context.email) === null,
      context.password !== '',
      context.violations.length,
      context.error,
    ];
  },
  simpleKey: (snapshot) => {
    const context = snapshot.context as { email: string; password: string };
    return [emailViolation(context.email) === null, context.password !== ''];
  },
  check: logInCheck,
};
