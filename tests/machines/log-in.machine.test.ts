import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LogInRequest, LogInResponse } from '../../src/contract/user';
import { logInMachine } from '../../src/machines/log-in.machine';
import {
  httpError,
  invalidResponseError,
  logInResponse,
  networkError,
  timeoutError,
} from '../support/machine-fixtures';
import { model } from '../support/machine-model-log-in';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(model);

describe('log-in with a faked API', () => {
  const start = (answer: (request: LogInRequest) => Promise<LogInResponse>) => {
    const logIn = vi.fn(answer);
    const loggedIn = vi.fn();
    const actor = createActor(
      logInMachine.provide({
        actors: { logIn: fromPromise(({ input }) => logIn(input)) },
        actions: { loggedIn: (_, params) => loggedIn(params) },
      }),
    );
    actor.start();
    return { actor, logIn, loggedIn };
  };
  const fill = (actor: ReturnType<typeof start>['actor'], email: string, password: string) => {
    actor.send({ type: 'CHANGE', field: 'email', value: email });
    actor.send({ type: 'CHANGE', field: 'password', value: password });
  };

  test('success hands the session to the app (which tells the session machine and goes to /dashboard)', async () => {
    const { actor, logIn, loggedIn } = start(async () => logInResponse);
    fill(actor, '  ama@example.com ', 'Secret123');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(logIn).toHaveBeenCalledWith({ email: 'ama@example.com', password: 'Secret123' });
    expect(loggedIn).toHaveBeenCalledWith({
      auth: { token: logInResponse.token, user: logInResponse.userDetails },
    });
  });

  test('broken rules block the call and show every violation; fixing them clears them', () => {
    const { actor, logIn } = start(async () => logInResponse);
    actor.send({ type: 'SUBMIT' });
    expect(logIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'email', messageId: 'email.required' },
      { field: 'password', messageId: 'logIn.passwordRequired' },
    ]);
    actor.send({ type: 'CHANGE', field: 'email', value: 'ama@' });
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'email', messageId: 'email.invalid' },
      { field: 'password', messageId: 'logIn.passwordRequired' },
    ]);
    fill(actor, 'ama@example.com', 'x');
    expect(actor.getSnapshot().context.violations).toEqual([]);
  });

  test.each([
    ['401', httpError(401, 'logIn.invalidCredentials'), 'logIn.invalidCredentials'],
    ['429', httpError(429, 'request.tooMany'), 'request.tooMany'],
    ['429 of the account', httpError(429, 'logIn.tooManyFailures'), 'logIn.tooManyFailures'],
    ['500', httpError(500, 'server.error'), 'server.error'],
    ['400', httpError(400, 'request.invalid'), 'server.error'],
    ['network', networkError(), 'server.error'],
    ['timeout', timeoutError(), 'server.error'],
    ['invalid response', invalidResponseError(), 'server.error'],
    ['plain Error', new Error('boom'), 'server.error'],
  ])('a %s failure shows %s and keeps the form', async (_, error, messageId) => {
    const { actor, loggedIn } = start(() => Promise.reject(error));
    fill(actor, 'ama@example.com', 'Secret123');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      error: messageId,
      email: 'ama@example.com',
      password: 'Secret123',
    });
    expect(loggedIn).not.toHaveBeenCalled();
    actor.send({ type: 'CHANGE', field: 'password', value: 'Secret1234' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('the password can be shown and hidden', () => {
    const { actor } = start(async () => logInResponse);
    actor.send({ type: 'TOGGLE_PASSWORD_VISIBILITY' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(true);
    actor.send({ type: 'TOGGLE_PASSWORD_VISIBILITY' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(false);
  });
});
