/**
 * Path-test models (see machine-paths.ts) of the Upgrade account page's machines (issue 24): the page's loader, the
 * Ghana Card step and the proof-of-address step. The domain's proof-of-address rules are the oracle for the form's
 * violations; the server's refusals come back as their own message ids.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { AccountTierInPesewas, ProofOfAddress } from '../../src/contract/upgrade';
import { proofOfAddressViolations } from '../../src/domain/account-upgrade';
import { isDomainMessageId, serverMessageId } from '../../src/machines/failure-messages';
import {
  accountUpgradeMachine,
  type AccountUpgradeContext,
  type UpgradeData,
} from '../../src/machines/account-upgrade.machine';
import {
  ghanaCardVerificationMachine,
  type GhanaCardVerificationContext,
} from '../../src/machines/ghana-card-verification.machine';
import {
  proofOfAddressMachine,
  type ProofOfAddressContext,
} from '../../src/machines/proof-of-address.machine';
import {
  doneEvent,
  errorEvent,
  errorOf,
  expectUnchanged,
  httpError,
  named,
  networkError,
  outputOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

const contextKey = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify(snapshot.context, (_key, value: unknown) =>
    value instanceof Blob ? `blob:${value.size}` : value,
  );

/* ------------------------------------------------------------------------------------------------ the page */

export const minimumTier: AccountTierInPesewas = {
  tier: 'minimum',
  dailyLimit: 300_000,
  dailyUsed: 200_000,
  monthlyLimit: 1_000_000,
  monthlyUsed: 200_000,
  balanceLimit: 500_000,
  nextTier: { tier: 'medium', requirements: ['ghanaCard'] },
};

export const upgradeData: UpgradeData = {
  tier: minimumTier,
  ghanaCards: [{ id: 11, number: '5555100001' }],
  proofOfAddress: null,
};

const accountUpgradeCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as AccountUpgradeContext;
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({ data: null, error: null });
    return;
  }
  const before = previous.context as AccountUpgradeContext;
  expect(actions).toEqual([]);
  switch (event.type) {
    case 'xstate.done.actor.loadUpgrade':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ data: outputOf<UpgradeData>(event), error: null });
      return;
    case 'xstate.error.actor.loadUpgrade':
      expect(snapshot.value).toBe('failed');
      // The last data stays; the page says it could not load.
      expect(context).toEqual({ data: before.data, error: 'upgrade.loadFailed' });
      return;
    case 'REFRESH':
    case 'RETRY': {
      const from = event.type === 'REFRESH' ? 'ready' : 'failed';
      if (!previous.matches(from)) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    }
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
};

export const accountUpgradeModel: MachineModel<typeof accountUpgradeMachine> = {
  name: 'account-upgrade',
  machine: accountUpgradeMachine,
  inputs: [{ label: 'the page opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'REFRESH' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadUpgrade', upgradeData),
          errorEvent('loadUpgrade', networkError()),
          errorEvent('loadUpgrade', httpError(500, 'server.error')),
        ]
      : []),
  ],
  key: contextKey,
  check: accountUpgradeCheck,
};

/* ------------------------------------------------------------------------------------------- Ghana Card step */

const cardA = { id: 11, number: '5555100001' };
const cardB = { id: 12, number: '5555100002' };

/** The step's message after a failure: the server's refusal when it names one we know, else the step's own. */
const ghanaCardFailure = (error: unknown) => serverMessageId(error) ?? 'upgrade.ghanaCard.failed';

const ghanaCardCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as GhanaCardVerificationContext;
  if (previous === null) {
    const expected = context.verifiedAtStart
      ? 'verified'
      : context.cards.length === 0
        ? 'noCard'
        : 'choosing';
    expect(snapshot.value).toBe(expected);
    expect(context.identificationId).toBe(context.cards[0]?.id ?? null);
    expect(context.error).toBeNull();
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as GhanaCardVerificationContext;
  switch (event.type) {
    case 'CHOOSE': {
      const { identificationId } = event as unknown as { identificationId: number };
      const onFile = before.cards.some((card) => card.id === identificationId);
      if (!previous.matches('choosing') || !onFile) return expectUnchanged(step);
      expect(snapshot.value).toBe('choosing');
      expect(context).toEqual({ ...before, identificationId, error: null });
      return expect(actions).toEqual([]);
    }
    case 'VERIFY':
      if (!previous.matches('choosing')) return expectUnchanged(step);
      expect(snapshot.value).toBe('verifying');
      expect(context).toEqual({ ...before, error: null });
      return expect(actions).toEqual([]);
    case 'xstate.done.actor.verifyGhanaCard':
      expect(snapshot.value).toBe('verified');
      expect(snapshot.status).toBe('done');
      expect(context).toEqual(before);
      return expect(named(actions)).toEqual([['verified', undefined]]);
    case 'xstate.error.actor.verifyGhanaCard': {
      expect(snapshot.value).toBe('choosing');
      const error = ghanaCardFailure(errorOf(event));
      expect(isDomainMessageId(error)).toBe(true);
      expect(context).toEqual({ ...before, error });
      return expect(actions).toEqual([]);
    }
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
};

export const ghanaCardVerificationModel: MachineModel<typeof ghanaCardVerificationMachine> = {
  name: 'ghana-card-verification',
  machine: ghanaCardVerificationMachine,
  inputs: [
    { label: 'two Ghana Cards on file', input: { cards: [cardA, cardB], verified: false } },
    { label: 'no Ghana Card on file', input: { cards: [], verified: false } },
    { label: 'verified already (Medium)', input: { cards: [cardA], verified: true } },
  ],
  events: (snapshot) => [
    { type: 'CHOOSE', identificationId: cardB.id },
    { type: 'CHOOSE', identificationId: 999 },
    { type: 'VERIFY' },
    ...(snapshot.matches('verifying')
      ? [
          doneEvent('verifyGhanaCard', { tier: 'medium' }),
          errorEvent('verifyGhanaCard', httpError(400, 'upgrade.ghanaCard.unknown')),
          errorEvent('verifyGhanaCard', httpError(400, 'upgrade.ghanaCard.nameDiffers')),
          errorEvent('verifyGhanaCard', httpError(503, 'upgrade.ghanaCard.registerUnavailable')),
          errorEvent('verifyGhanaCard', httpError(500, 'an.id.we.do.not.know')),
          errorEvent('verifyGhanaCard', networkError()),
        ]
      : []),
  ],
  key: contextKey,
  check: ghanaCardCheck,
};

/* ------------------------------------------------------------------------------------ proof-of-address step */

const MB = 1024 * 1024;
const bill = { name: 'bill.jpg', sizeBytes: 300_000, type: 'image/jpeg', blob: new Blob(['jpeg']) };
const hugeBill = { name: 'bill.png', sizeBytes: 5 * MB + 1, type: 'image/png', blob: new Blob(['png']) };
const pdfBill = { name: 'bill.pdf', sizeBytes: 40_000, type: 'application/pdf', blob: new Blob(['pdf']) };

const proof = (overrides: Partial<ProofOfAddress>): ProofOfAddress => ({
  id: 3,
  documentKind: 'utilityBill',
  status: 'pending',
  reason: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});
const sentProof = proof({ id: 4 });
const rejectedProof = proof({
  status: 'rejected',
  reason: 'The bill is older than three months.',
  decidedAt: '2026-11-27T12:00:00.000Z',
});

const proofCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as ProofOfAddressContext;
  if (previous === null) {
    const status = context.latest?.status;
    const expected =
      status === 'approved'
        ? 'approved'
        : status === 'pending'
          ? 'pending'
          : context.canSend
            ? 'editing'
            : 'locked';
    expect(snapshot.value).toBe(expected);
    expect(context).toMatchObject({ documentKind: null, document: null, violations: [], error: null });
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as ProofOfAddressContext;
  switch (event.type) {
    case 'CHOOSE_KIND':
    case 'CHOOSE_FILE': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const change =
        event.type === 'CHOOSE_KIND'
          ? { documentKind: (event as unknown as { documentKind: string }).documentKind }
          : { document: (event as unknown as { document: unknown }).document };
      expect(snapshot.value).toBe('editing');
      expect(context).toEqual({ ...before, ...change, violations: [], error: null });
      return expect(actions).toEqual([]);
    }
    case 'SEND': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const violations = proofOfAddressViolations({
        documentKind: before.documentKind,
        document: before.document,
      });
      expect(actions).toEqual([]);
      if (violations.length === 0) {
        expect(snapshot.value).toBe('sending');
        return expect(context).toEqual(before);
      }
      expect(snapshot.value).toBe('editing');
      return expect(context).toEqual({ ...before, violations, error: null });
    }
    case 'xstate.done.actor.uploadProofOfAddress':
      expect(snapshot.value).toBe('pending');
      expect(context).toEqual({ ...before, latest: outputOf(event), documentKind: null, document: null });
      return expect(named(actions)).toEqual([['submitted', undefined]]);
    case 'xstate.error.actor.uploadProofOfAddress':
      expect(snapshot.value).toBe('editing');
      expect(context).toEqual({
        ...before,
        error: serverMessageId(errorOf(event)) ?? 'upgrade.proofOfAddress.uploadFailed',
      });
      return expect(actions).toEqual([]);
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
};

export const proofOfAddressModel: MachineModel<typeof proofOfAddressMachine> = {
  name: 'proof-of-address',
  machine: proofOfAddressMachine,
  inputs: [
    { label: 'Medium, nothing sent yet', input: { latest: null, canSend: true } },
    { label: 'Medium, the last one rejected', input: { latest: rejectedProof, canSend: true } },
    { label: 'one pending review', input: { latest: proof({}), canSend: true } },
    { label: 'approved (Enhanced)', input: { latest: proof({ status: 'approved' }), canSend: false } },
    { label: 'Minimum: locked', input: { latest: null, canSend: false } },
  ],
  events: (snapshot) => [
    { type: 'CHOOSE_KIND', documentKind: 'bankStatement' },
    { type: 'CHOOSE_FILE', document: bill },
    { type: 'CHOOSE_FILE', document: hugeBill },
    { type: 'CHOOSE_FILE', document: pdfBill },
    { type: 'CHOOSE_FILE', document: null },
    { type: 'SEND' },
    ...(snapshot.matches('sending')
      ? [
          doneEvent('uploadProofOfAddress', sentProof),
          errorEvent('uploadProofOfAddress', httpError(409, 'upgrade.proofOfAddress.pending')),
          errorEvent('uploadProofOfAddress', httpError(400, 'identification.imageType')),
          errorEvent('uploadProofOfAddress', networkError()),
        ]
      : []),
  ],
  key: contextKey,
  simpleKey: (snapshot) => {
    const context = snapshot.context as ProofOfAddressContext;
    return [context.documentKind, context.document?.name ?? null];
  },
  maxSimplePaths: 40,
  check: proofCheck,
};

export const upgradeMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'account-upgrade', models: [accountUpgradeModel as MachineModel] },
  { file: 'ghana-card-verification', models: [ghanaCardVerificationModel as MachineModel] },
  { file: 'proof-of-address', models: [proofOfAddressModel as MachineModel] },
];
