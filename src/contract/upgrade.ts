import { z } from 'zod';
import { int4, int4Id } from './db-input';
import { PROOF_OF_ADDRESS_KINDS, PROOF_OF_ADDRESS_STATUSES } from '../domain/account-upgrade';
import type { MinorUnits } from '../domain/money';
import type { AccountTierView } from './tiers';

/*
 * The way up the account tiers (issue 24): POST api/User/VerifyGhanaCard and the proof of address's upload and
 * review status. The tier and its limits are GetAccountTier's (engineer B's contract).
 */

/** VerifyGhanaCard: the id of one of the user's identifications (a Ghana Card). */
export const verifyGhanaCardRequestSchema = z.object({
  identificationId: int4Id,
  /** The spec's habit: a userId in the body must be the token's user (the auth hook checks it). */
  userId: int4.optional(),
});
export type VerifyGhanaCardRequest = z.infer<typeof verifyGhanaCardRequestSchema>;

export const verifiedGhanaCardSchema = z.object({ tier: z.literal('medium') });
export type VerifiedGhanaCard = z.infer<typeof verifiedGhanaCardSchema>;

export const proofOfAddressKindSchema = z.enum(PROOF_OF_ADDRESS_KINDS);

/** UploadProofOfAddress's query: the kind of document; the body is multipart with the file in `document`. */
export const uploadProofOfAddressQuerySchema = z.object({ documentKind: proofOfAddressKindSchema });

export const proofOfAddressSchema = z.object({
  id: z.number().int(),
  documentKind: proofOfAddressKindSchema,
  status: z.enum(PROOF_OF_ADDRESS_STATUSES),
  /** The compliance officer's reason, when rejected. */
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProofOfAddress = z.infer<typeof proofOfAddressSchema>;

/** GetProofOfAddress: the user's latest submission, or null when none was sent. */
export const latestProofOfAddressSchema = proofOfAddressSchema.nullable();

/** GetAccountTier's answer with its amounts in pesewas. */
export interface AccountTierInPesewas extends Omit<
  AccountTierView,
  'dailyLimit' | 'dailyUsed' | 'monthlyLimit' | 'monthlyUsed' | 'balanceLimit'
> {
  dailyLimit: MinorUnits;
  dailyUsed: MinorUnits;
  /** null: no monthly limit. */
  monthlyLimit: MinorUnits | null;
  monthlyUsed: MinorUnits;
  balanceLimit: MinorUnits;
}
