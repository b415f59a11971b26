/**
 * The step-up's actor with its live services (a chunk of its own, fetched the first time a payment asks for it):
 * StepUpOptions with the refused request, then the passkey signs, and the proof goes back to the money request
 * (src/services/money-post.ts) in its header's form.
 */
import { createActor, fromPromise } from 'xstate';
import { encodeStepUpProof } from '../contract/step-up-proof';
import type { ApiPath } from '../contract/paths';
import { stepUpMachine, type RefusedMoneyRequest } from '../machines/step-up.machine';
import { stepUpOptions } from '../services/passkeys';
import { signWithPasskey } from '../services/webauthn';

export const createStepUpActor = (refused: RefusedMoneyRequest) =>
  createActor(
    stepUpMachine.provide({
      actors: {
        stepUpOptions: fromPromise(({ input, signal }) =>
          stepUpOptions({ path: input.path as ApiPath, body: input.body }, { signal }),
        ),
        signStepUp: fromPromise(async ({ input }) => encodeStepUpProof(await signWithPasskey(input.options))),
      },
    }),
    { input: { refused } },
  );
