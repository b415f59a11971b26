/**
 * The Upgrade page's second step: a proof of address sent to the compliance officers' review. Started from the
 * page's data: locked until the Medium tier, pending while one waits for review, approved (the Enhanced tier), or
 * editing (after a rejection, whose reason stays shown): CHOOSE_KIND / CHOOSE_FILE, SEND checks the form's rules
 * (src/domain/account-upgrade.ts) -> sending (invoke `uploadProofOfAddress`) -> pending, or back to editing with
 * the server's refusal or 'upgrade.proofOfAddress.uploadFailed'.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ProofOfAddress } from '../contract/upgrade';
import {
  proofOfAddressViolations,
  type ProofOfAddressField,
  type ProofOfAddressKind,
} from '../domain/account-upgrade';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import { notProvided, serverMessageId } from './failure-messages';

export interface ProofOfAddressInput {
  latest: ProofOfAddress | null;
  /** The user is at the Medium tier (the Enhanced tier shows as approved). */
  canSend: boolean;
}

export interface ChosenDocument {
  name: string;
  sizeBytes: number;
  type: string;
  blob: Blob;
}

export interface ProofOfAddressContext {
  latest: ProofOfAddress | null;
  canSend: boolean;
  documentKind: ProofOfAddressKind | null;
  document: ChosenDocument | null;
  violations: RuleViolation<ProofOfAddressField>[];
  error: DomainMessageId | null;
}

export type ProofOfAddressEvent =
  | { type: 'CHOOSE_KIND'; documentKind: ProofOfAddressKind }
  | { type: 'CHOOSE_FILE'; document: ChosenDocument | null }
  | { type: 'SEND' };

export interface UploadProofOfAddressCall {
  documentKind: ProofOfAddressKind;
  document: Blob;
}

const violationsOf = (context: Pick<ProofOfAddressContext, 'documentKind' | 'document'>) =>
  proofOfAddressViolations({ documentKind: context.documentKind, document: context.document });

export const proofOfAddressMachine = setup({
  types: {
    context: {} as ProofOfAddressContext,
    events: {} as ProofOfAddressEvent,
    input: {} as ProofOfAddressInput,
  },
  actors: {
    /** POST api/User/UploadProofOfAddress (multipart). */
    uploadProofOfAddress: fromPromise<ProofOfAddress, UploadProofOfAddressCall>(async () =>
      notProvided('uploadProofOfAddress'),
    ),
  },
  guards: {
    isPending: ({ context }) => context.latest?.status === 'pending',
    isApproved: ({ context }) => context.latest?.status === 'approved',
    cannotSend: ({ context }) => !context.canSend,
    formValid: ({ context }) => violationsOf(context).length === 0,
  },
  actions: {
    /** The app loads the page again (the step shows the proof pending). */
    submitted: () => notProvided('submitted'),
    setKind: assign((_, params: { documentKind: ProofOfAddressKind }) => ({
      documentKind: params.documentKind,
      violations: [],
      error: null,
    })),
    setFile: assign((_, params: { document: ChosenDocument | null }) => ({
      document: params.document,
      violations: [],
      error: null,
    })),
    showViolations: assign(({ context }) => ({ violations: violationsOf(context), error: null })),
    setSent: assign((_, params: { latest: ProofOfAddress }) => ({
      latest: params.latest,
      documentKind: null,
      document: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: serverMessageId(params.error) ?? ('upgrade.proofOfAddress.uploadFailed' as const),
    })),
  },
}).createMachine({
  id: 'proofOfAddress',
  context: ({ input }) => ({
    latest: input.latest,
    canSend: input.canSend,
    documentKind: null,
    document: null,
    violations: [],
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isPending', target: 'pending' },
        { guard: 'cannotSend', target: 'locked' },
        { target: 'editing' },
      ],
    },
    locked: {},
    editing: {
      on: {
        CHOOSE_KIND: {
          actions: { type: 'setKind', params: ({ event }) => ({ documentKind: event.documentKind }) },
        },
        CHOOSE_FILE: {
          actions: { type: 'setFile', params: ({ event }) => ({ document: event.document }) },
        },
        SEND: [{ guard: 'formValid', target: 'sending' }, { actions: 'showViolations' }],
      },
    },
    sending: {
      invoke: {
        id: 'uploadProofOfAddress',
        src: 'uploadProofOfAddress',
        input: ({ context }) => ({
          documentKind: context.documentKind ?? 'utilityBill',
          document: context.document?.blob ?? new Blob([]),
        }),
        onDone: {
          target: 'pending',
          actions: [{ type: 'setSent', params: ({ event }) => ({ latest: event.output }) }, 'submitted'],
        },
        onError: {
          target: 'editing',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    pending: { type: 'final' },
    approved: { type: 'final' },
  },
});

export type ProofOfAddressMachine = typeof proofOfAddressMachine;
