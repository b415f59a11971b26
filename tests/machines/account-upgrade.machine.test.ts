import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProofOfAddress } from '../../src/contract/upgrade';
import { accountUpgradeMachine } from '../../src/machines/account-upgrade.machine';
import { ghanaCardVerificationMachine } from '../../src/machines/ghana-card-verification.machine';
import { proofOfAddressMachine } from '../../src/machines/proof-of-address.machine';
import { httpError } from '../support/machine-fixtures';
import {
  accountUpgradeModel,
  ghanaCardVerificationModel,
  proofOfAddressModel,
  upgradeData,
} from '../support/machine-models-upgrade';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(accountUpgradeModel);
describeMachinePaths(ghanaCardVerificationModel);
describeMachinePaths(proofOfAddressModel);

describe('the Upgrade account page', () => {
  test('loads, and loads again when a step moved the user up', async () => {
    const answers = [upgradeData, { ...upgradeData, tier: { ...upgradeData.tier, tier: 'medium' as const } }];
    const actor = createActor(
      accountUpgradeMachine.provide({ actors: { loadUpgrade: fromPromise(async () => answers.shift()!) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.data?.tier.tier).toBe('minimum');
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.data?.tier.tier === 'medium');
    expect(answers).toEqual([]);
  });

  test("verifying the chosen Ghana Card: its id is sent; a refusal is the server's message, then a match", async () => {
    const sent: number[] = [];
    const answers = [
      () => Promise.reject(httpError(400, 'upgrade.ghanaCard.nameDiffers')),
      async () => ({ tier: 'medium' as const }),
    ];
    let verified = 0;
    const actor = createActor(
      ghanaCardVerificationMachine.provide({
        actors: {
          verifyGhanaCard: fromPromise(async ({ input }) => {
            sent.push(input.identificationId);
            return answers.shift()!();
          }),
        },
        actions: { verified: () => (verified += 1) },
      }),
      {
        input: {
          cards: [
            { id: 11, number: '5555100001' },
            { id: 12, number: '9999100002' },
          ],
          verified: false,
        },
      },
    ).start();
    actor.send({ type: 'CHOOSE', identificationId: 12 });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('upgrade.ghanaCard.nameDiffers');
    actor.send({ type: 'CHOOSE', identificationId: 11 });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([12, 11]);
    expect(verified).toBe(1);
  });

  test('sending a proof of address: the kind and the file go up; the step then shows it pending', async () => {
    const calls: { documentKind: string; size: number }[] = [];
    const pending: ProofOfAddress = {
      id: 9,
      documentKind: 'tenancyAgreement',
      status: 'pending',
      reason: null,
      submittedAt: '2026-11-27T10:00:00.000Z',
      decidedAt: null,
    };
    const actor = createActor(
      proofOfAddressMachine.provide({
        actors: {
          uploadProofOfAddress: fromPromise(async ({ input }) => {
            calls.push({ documentKind: input.documentKind, size: input.document.size });
            return pending;
          }),
        },
        actions: { submitted: () => undefined },
      }),
      { input: { latest: null, canSend: true } },
    ).start();
    actor.send({ type: 'SEND' });
    expect(actor.getSnapshot().context.violations.map((v) => v.messageId)).toEqual([
      'upgrade.proofOfAddress.kindRequired',
      'upgrade.proofOfAddress.documentRequired',
    ]);
    actor.send({ type: 'CHOOSE_KIND', documentKind: 'tenancyAgreement' });
    const blob = new Blob(['lease']);
    actor.send({
      type: 'CHOOSE_FILE',
      document: { name: 'lease.png', sizeBytes: blob.size, type: 'image/png', blob },
    });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('pending'));
    expect(calls).toEqual([{ documentKind: 'tenancyAgreement', size: blob.size }]);
    expect(actor.getSnapshot().context.latest).toEqual(pending);
  });
});
