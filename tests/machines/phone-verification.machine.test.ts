import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SentPhoneCode, VerifiedPhone } from '../../src/contract/phone-verification';
import { phoneVerificationMachine } from '../../src/machines/phone-verification.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import { model, sentCode } from '../support/machine-model-phone-verification';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(model);

describe('phone verification with a faked API', () => {
  const start = (
    phoneVerified: boolean,
    answers: {
      loadStatus?: () => Promise<{ phoneVerified: boolean; maskedPhone: string | null }>;
      sendCode?: () => Promise<SentPhoneCode>;
      verifyCode?: () => Promise<VerifiedPhone>;
    } = {},
  ) => {
    const calls: unknown[][] = [];
    const phoneVerifiedAction = vi.fn();
    const actor = createActor(
      phoneVerificationMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => {
            calls.push(['loadStatus']);
            return (
              answers.loadStatus ?? (async () => ({ phoneVerified: false, maskedPhone: '+233 ******567' }))
            )();
          }),
          sendCode: fromPromise(async () => {
            calls.push(['sendCode']);
            return (answers.sendCode ?? (async () => sentCode))();
          }),
          verifyCode: fromPromise(async ({ input }) => {
            calls.push(['verifyCode', input]);
            return (
              answers.verifyCode ??
              (async () => ({ phoneVerified: true as const, maskedPhone: '+233 ******567' }))
            )();
          }),
        },
        actions: { phoneVerified: phoneVerifiedAction },
      }),
      { input: { phoneVerified } },
    );
    actor.start();
    return { actor, calls, phoneVerifiedAction };
  };

  test('a phone the session knows is verified needs no call', () => {
    const { actor, calls } = start(true);
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(calls).toEqual([]);
  });

  test('status, code by SMS, six digits, verified: the session is told once', async () => {
    const { actor, calls, phoneVerifiedAction } = start(false);
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context.maskedPhone).toBe('+233 ******567');
    actor.send({ type: 'SEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('codeEntry'));
    expect(actor.getSnapshot().context).toMatchObject({
      notice: 'phoneVerification.sent',
      expiresAt: sentCode.expiresAt,
    });
    actor.send({ type: 'CHANGE_DIGIT', index: 0, value: '4' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'code', messageId: 'otp.invalidFormat' },
    ]);
    actor.send({ type: 'PASTE', text: '042 917' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(actor.getSnapshot().context.notice).toBe('phoneVerification.verified');
    expect(phoneVerifiedAction).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([['loadStatus'], ['sendCode'], ['verifyCode', { code: '042917' }]]);
  });

  test('after a reload the server may say the phone is verified: the session learns it', async () => {
    const { actor, phoneVerifiedAction } = start(false, {
      loadStatus: async () => ({ phoneVerified: true, maskedPhone: '+233 ******567' }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(phoneVerifiedAction).toHaveBeenCalledTimes(1);
  });

  test('a wrong code stays on the boxes with its message; a resend texts a new code', async () => {
    const verifyCode = vi
      .fn<() => Promise<VerifiedPhone>>()
      .mockRejectedValueOnce(httpError(400, 'phoneVerification.codeInvalid'))
      .mockResolvedValueOnce({ phoneVerified: true, maskedPhone: '+233 ******567' });
    const { actor, calls } = start(false, { verifyCode });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'SEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('codeEntry'));
    actor.send({ type: 'PASTE', text: '111111' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ codeEntry: 'typing' }) && snapshot.context.error !== null,
    );
    expect(actor.getSnapshot().context.error).toBe('phoneVerification.codeInvalid');
    actor.send({ type: 'RESEND' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ codeEntry: 'typing' }) && snapshot.context.notice !== null,
    );
    expect(actor.getSnapshot().context.digits).toEqual(['', '', '', '', '', '']);
    actor.send({ type: 'PASTE', text: '222222' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(calls.map(([name]) => name)).toEqual([
      'loadStatus',
      'sendCode',
      'verifyCode',
      'sendCode',
      'verifyCode',
    ]);
  });

  test.each([
    [
      'an SMS that could not go',
      httpError(503, 'phoneVerification.smsFailed'),
      'phoneVerification.smsFailed',
    ],
    ['too many codes', httpError(429, 'phoneVerification.tooManyCodes'), 'phoneVerification.tooManyCodes'],
    ['no connection', networkError(), 'server.error'],
  ])('%s leaves the card with its message', async (_, error, messageId) => {
    const { actor } = start(false, { sendCode: () => Promise.reject(error) });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'SEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(messageId);
  });

  test('a number another account verified first ends in taken', async () => {
    const { actor, phoneVerifiedAction } = start(false, {
      verifyCode: () => Promise.reject(httpError(409, 'phoneVerification.phoneTaken')),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    actor.send({ type: 'SEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('codeEntry'));
    actor.send({ type: 'PASTE', text: '123456' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('taken'));
    expect(actor.getSnapshot().context.error).toBe('phoneVerification.phoneTaken');
    expect(phoneVerifiedAction).not.toHaveBeenCalled();
  });

  test('a failed status call still offers the card; a phone already verified says so when asked', async () => {
    const { actor, phoneVerifiedAction } = start(false, {
      loadStatus: () => Promise.reject(networkError()),
      sendCode: () => Promise.reject(httpError(409, 'phoneVerification.alreadyVerified')),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SEND' });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(actor.getSnapshot().context.notice).toBe('phoneVerification.alreadyVerified');
    expect(phoneVerifiedAction).toHaveBeenCalledTimes(1);
  });
});
