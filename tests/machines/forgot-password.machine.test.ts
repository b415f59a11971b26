import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor, type SnapshotFrom } from 'xstate';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/forgot-password.machine';
import { doneEvent, httpError, networkError } from '../support/machine-fixtures';
import { model } from '../support/machine-model-forgot-password';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(model);

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The code step, reached with the pure transition function. */
const codeStep = (): Snapshot => {
  let [snapshot] = initialTransition(forgotPasswordMachine);
  [snapshot] = transition(forgotPasswordMachine, snapshot, {
    type: 'CHANGE_EMAIL',
    value: 'ama@example.com',
  });
  [snapshot] = transition(forgotPasswordMachine, snapshot, { type: 'SUBMIT_EMAIL' });
  [snapshot] = transition(forgotPasswordMachine, snapshot, doneEvent('requestCode', {}) as never);
  expect(snapshot.value).toBe('enteringCode');
  return snapshot;
};
const send = (snapshot: Snapshot, ...events: ForgotPasswordEvent[]): Snapshot =>
  events.reduce((current, event) => transition(forgotPasswordMachine, current, event)[0], snapshot);

describe('the six code boxes', () => {
  test('digits only; focus advances after each digit', () => {
    let snapshot = send(codeStep(), { type: 'CHANGE_DIGIT', index: 0, value: '4' });
    expect(snapshot.context).toMatchObject({ digits: ['4', '', '', '', '', ''], focusedIndex: 1 });
    snapshot = send(snapshot, { type: 'CHANGE_DIGIT', index: 1, value: 'a' });
    expect(snapshot.context).toMatchObject({ digits: ['4', '', '', '', '', ''], focusedIndex: 1 });
    snapshot = send(snapshot, { type: 'CHANGE_DIGIT', index: 1, value: '27' });
    expect(snapshot.context).toMatchObject({ digits: ['4', '7', '', '', '', ''], focusedIndex: 2 });
    snapshot = send(snapshot, { type: 'CHANGE_DIGIT', index: 5, value: '9' });
    expect(snapshot.context.focusedIndex).toBe(5);
  });

  test('backspace clears the box; on an empty box it moves back one', () => {
    let snapshot = send(
      codeStep(),
      { type: 'CHANGE_DIGIT', index: 0, value: '1' },
      { type: 'CHANGE_DIGIT', index: 1, value: '2' },
    );
    snapshot = send(snapshot, { type: 'BACKSPACE', index: 1 });
    expect(snapshot.context).toMatchObject({ digits: ['1', '', '', '', '', ''], focusedIndex: 1 });
    snapshot = send(snapshot, { type: 'BACKSPACE', index: 1 });
    expect(snapshot.context).toMatchObject({ digits: ['1', '', '', '', '', ''], focusedIndex: 0 });
    snapshot = send(snapshot, { type: 'BACKSPACE', index: 0 }, { type: 'BACKSPACE', index: 0 });
    expect(snapshot.context).toMatchObject({ digits: ['', '', '', '', '', ''], focusedIndex: 0 });
  });

  test('pasting six digits fills every box; anything else is ignored', () => {
    const start = codeStep();
    expect(send(start, { type: 'PASTE', text: ' 123-456 ' }).context).toMatchObject({
      digits: ['1', '2', '3', '4', '5', '6'],
      focusedIndex: 5,
    });
    for (const text of ['12345', '1234567', 'abcdef', '12a456', '']) {
      expect(send(start, { type: 'PASTE', text }).context).toEqual(start.context);
    }
  });

  test('an incomplete code is not sent', () => {
    const snapshot = send(
      codeStep(),
      { type: 'CHANGE_DIGIT', index: 0, value: '1' },
      { type: 'SUBMIT_CODE' },
    );
    expect(snapshot.value).toBe('enteringCode');
    expect(snapshot.context.violations).toEqual([{ field: 'code', messageId: 'otp.invalidFormat' }]);
  });
});

describe('forgot password with a faked API', () => {
  const start = (answers: {
    requestCode?: () => Promise<unknown>;
    verifyCode?: () => Promise<{ resetToken: string }>;
    resetPassword?: () => Promise<unknown>;
  }) => {
    const calls: unknown[][] = [];
    const navigate = vi.fn();
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise(async ({ input }) => {
            calls.push(['requestCode', input]);
            return (answers.requestCode ?? (async () => ({})))();
          }),
          verifyCode: fromPromise(async ({ input }) => {
            calls.push(['verifyCode', input]);
            return (answers.verifyCode ?? (async () => ({ resetToken: 'reset-1' })))();
          }),
          resetPassword: fromPromise(async ({ input }) => {
            calls.push(['resetPassword', input]);
            return (answers.resetPassword ?? (async () => ({})))();
          }),
        },
        actions: { navigate: (_, params) => navigate(params.to) },
      }),
    );
    actor.start();
    return { actor, calls, navigate };
  };

  test('email, code, new password, then /LogIn', async () => {
    const { actor, calls, navigate } = start({});
    actor.send({ type: 'SUBMIT_EMAIL' });
    expect(actor.getSnapshot().context.violations).toEqual([{ field: 'email', messageId: 'email.required' }]);
    actor.send({ type: 'CHANGE_EMAIL', value: ' Ama@Example.com ' });
    actor.send({ type: 'SUBMIT_EMAIL' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringCode'));
    expect(actor.getSnapshot().context.notice).toBe('otp.sent');
    actor.send({ type: 'PASTE', text: '123456' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringNewPassword'));
    expect(navigate).toHaveBeenLastCalledWith('/createnewpassword');
    actor.send({ type: 'CHANGE_PASSWORD', field: 'newPassword', value: 'NewSecret1' });
    actor.send({ type: 'SUBMIT_PASSWORD' });
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'confirmPassword', messageId: 'password.mismatch' },
    ]);
    actor.send({ type: 'CHANGE_PASSWORD', field: 'confirmPassword', value: 'NewSecret1' });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    actor.send({ type: 'SUBMIT_PASSWORD' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(navigate).toHaveBeenLastCalledWith('/LogIn');
    expect(actor.getSnapshot().context.notice).toBe('resetPassword.done');
    expect(calls).toEqual([
      ['requestCode', { email: 'ama@example.com' }],
      ['verifyCode', { email: 'ama@example.com', code: '123456' }],
      ['resetPassword', { resetToken: 'reset-1', newPassword: 'NewSecret1', confirmPassword: 'NewSecret1' }],
    ]);
  });

  test.each([
    ['400', httpError(400, 'otp.invalidOrExpired'), 'otp.invalidOrExpired'],
    ['429', httpError(429, 'request.tooMany'), 'request.tooMany'],
    ['429 of the account', httpError(429, 'otp.tooManyWrongCodes'), 'otp.tooManyWrongCodes'],
    ['500', httpError(500, 'server.error'), 'server.error'],
    ['network', networkError(), 'server.error'],
  ])('a wrong code (%s) shows %s and stays on the code step', async (_, error, messageId) => {
    const { actor } = start({ verifyCode: () => Promise.reject(error) });
    actor.send({ type: 'CHANGE_EMAIL', value: 'ama@example.com' });
    actor.send({ type: 'SUBMIT_EMAIL' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringCode'));
    actor.send({ type: 'PASTE', text: '000000' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringCode') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(messageId);
  });

  test('an expired reset shows its message; START_OVER goes back to /otp', async () => {
    const { actor, navigate } = start({
      resetPassword: () => Promise.reject(httpError(400, 'resetPassword.expired')),
    });
    actor.send({ type: 'CHANGE_EMAIL', value: 'ama@example.com' });
    actor.send({ type: 'SUBMIT_EMAIL' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringCode'));
    actor.send({ type: 'PASTE', text: '123456' });
    actor.send({ type: 'SUBMIT_CODE' });
    await waitFor(actor, (snapshot) => snapshot.matches('enteringNewPassword'));
    actor.send({ type: 'CHANGE_PASSWORD', field: 'newPassword', value: 'NewSecret1' });
    actor.send({ type: 'CHANGE_PASSWORD', field: 'confirmPassword', value: 'NewSecret1' });
    actor.send({ type: 'SUBMIT_PASSWORD' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('enteringNewPassword') && snapshot.context.error !== null,
    );
    expect(actor.getSnapshot().context.error).toBe('resetPassword.expired');
    actor.send({ type: 'START_OVER' });
    expect(actor.getSnapshot().value).toBe('enteringEmail');
    expect(navigate).toHaveBeenLastCalledWith('/otp');
  });
});
