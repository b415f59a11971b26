import { IDENTIFICATION_IMAGE_MAX_BYTES, IDENTIFICATION_IMAGE_TYPES } from './identification';
import type { RuleViolation } from './rule';

/**
 * The way up the account tiers (issue 24): the Ghana Card checked against the national identity register (Minimum
 * to Medium), then a proof of address approved by a compliance officer (Medium to Enhanced).
 */

/** The documents a compliance officer accepts as proof of address. */
export const PROOF_OF_ADDRESS_KINDS = ['utilityBill', 'tenancyAgreement', 'bankStatement'] as const;
export type ProofOfAddressKind = (typeof PROOF_OF_ADDRESS_KINDS)[number];

export const isProofOfAddressKind = (value: unknown): value is ProofOfAddressKind =>
  (PROOF_OF_ADDRESS_KINDS as readonly unknown[]).includes(value);

/** A proof of address waits for review, then is approved (the Enhanced tier) or rejected with a reason. */
export const PROOF_OF_ADDRESS_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProofOfAddressStatus = (typeof PROOF_OF_ADDRESS_STATUSES)[number];

/** The longest rejection reason a compliance officer may write (it is mailed and shown to the user). */
export const REJECTION_REASON_MAX_LENGTH = 500;

/** The identification type the national identity register knows (seeded id 1). */
export const GHANA_CARD_TYPE_ID = 1;

export type ProofOfAddressField = 'documentKind' | 'document';

export interface ProofOfAddressInput {
  documentKind: ProofOfAddressKind | null;
  /** The chosen file's size and the type the browser reports (the server sniffs the bytes again). */
  document: { sizeBytes: number; type: string } | null;
}

/**
 * The proof-of-address form's rules, in order: the kind chosen, a file chosen, then the identification upload's
 * rules for it (an image of at most 5 MB; the server also reads its type from its bytes).
 */
export const proofOfAddressViolations = (
  input: ProofOfAddressInput,
): RuleViolation<ProofOfAddressField>[] => {
  const violations: RuleViolation<ProofOfAddressField>[] = [];
  if (input.documentKind === null)
    violations.push({ field: 'documentKind', messageId: 'upgrade.proofOfAddress.kindRequired' });
  if (input.document === null) {
    violations.push({ field: 'document', messageId: 'upgrade.proofOfAddress.documentRequired' });
  } else if (!(IDENTIFICATION_IMAGE_TYPES as readonly string[]).includes(input.document.type)) {
    violations.push({ field: 'document', messageId: 'identification.imageType' });
  } else if (input.document.sizeBytes > IDENTIFICATION_IMAGE_MAX_BYTES) {
    violations.push({ field: 'document', messageId: 'identification.imageTooLarge' });
  }
  return violations;
};
