/* Helpers for the /otp and /createnewpassword screen tests (not a test file). */
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';

export interface FlowFakes {
  requestCode?: (input: { email: string }) => Promise<unknown>;
  verifyCode?: (input: { email: string; code: string }) => Promise<{ resetToken: string }>;
  resetPassword?: (input: {
    resetToken: string;
    newPassword: string;
    confirmPassword: string;
  }) => Promise<unknown>;
}

export const flowActor = ({
  requestCode = () => Promise.resolve(null),
  verifyCode = () => Promise.resolve({ resetToken: 'reset-1' }),
  resetPassword = () => Promise.resolve(null),
}: FlowFakes = {}) => {
  const navigate = vi.fn();
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestCode: fromPromise(({ input }) => requestCode(input)),
        verifyCode: fromPromise(({ input }) => verifyCode(input)),
        resetPassword: fromPromise(({ input }) => resetPassword(input)),
      },
      actions: { navigate: (_, params) => navigate(params.to) },
    }),
  ).start();
  return { actor, navigate };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Drives a flow to the code step (an e-mail sent). */
export const atCodeStep = async (fakes: FlowFakes = {}, email = 'ama@example.com') => {
  const flow = flowActor(fakes);
  flow.actor.send({ type: 'CHANGE_EMAIL', value: email });
  flow.actor.send({ type: 'SUBMIT_EMAIL' });
  await settle();
  return flow;
};

/** Drives a flow to the new-password step (code verified). */
export const atNewPasswordStep = async (fakes: FlowFakes = {}) => {
  const flow = await atCodeStep(fakes);
  flow.actor.send({ type: 'PASTE', text: '123456' });
  flow.actor.send({ type: 'SUBMIT_CODE' });
  await settle();
  return flow;
};
