import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { stepUpMachine } from '../../src/machines/step-up.machine';
import { httpError } from '../support/machine-fixtures';
import {
  declinedPrompt,
  devicesModel,
  passkeyLogInModel,
  passkeyOfferModel,
  passkeysModel,
  stepUpModel,
  stepUpSettingModel,
} from '../support/machine-models-passkeys';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(passkeysModel);
describeMachinePaths(stepUpSettingModel);
describeMachinePaths(devicesModel);
describeMachinePaths(passkeyOfferModel);
describeMachinePaths(passkeyLogInModel);
describeMachinePaths(stepUpModel);

describe('the step-up actor, run', () => {
  const refused = { path: '/api/Wallet/Withdrawal', body: { amount: 1500, userId: 7 } };
  const challenge = {
    options: { challenge: 'abc' },
    operation: { amountMinor: 150_000, beneficiary: '0241234567' },
  };
  const run = (sign: () => Promise<string>, confirm: boolean) => {
    const actor = createActor(
      stepUpMachine.provide({
        actors: {
          stepUpOptions: fromPromise(async ({ input }) => {
            // The refused request goes to StepUpOptions as it was sent.
            expect(input).toEqual(refused);
            return challenge;
          }),
          signStepUp: fromPromise(sign),
        },
      }),
      { input: { refused } },
    ).start();
    actor.subscribe((snapshot) => {
      if (snapshot.matches('confirming')) actor.send({ type: confirm ? 'CONFIRM' : 'CANCEL' });
    });
    return toPromise(actor);
  };

  test('answers the proof once the passkey signed', async () => {
    await expect(run(async () => 'proof', true)).resolves.toEqual({ proof: 'proof' });
  });

  test('a closed fingerprint prompt or Cancel answers stepUp.cancelled; a refusal its own message', async () => {
    await expect(run(() => Promise.reject(declinedPrompt()), true)).resolves.toEqual({
      messageId: 'stepUp.cancelled',
    });
    await expect(run(async () => 'unused', false)).resolves.toEqual({ messageId: 'stepUp.cancelled' });
    await expect(run(() => Promise.reject(httpError(401, 'stepUp.invalidProof')), true)).resolves.toEqual({
      messageId: 'stepUp.invalidProof',
    });
  });
});
