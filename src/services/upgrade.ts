import { apiPaths } from '../contract/paths';
import type { AccountTierView } from '../contract/tiers';
import type { AccountTierInPesewas, ProofOfAddress, VerifiedGhanaCard } from '../contract/upgrade';
import type { ProofOfAddressKind } from '../domain/account-upgrade';
import { apiAmountToMinor } from './amounts';
import { currentUserId, get, post } from './http';
import { uploadFile, type UploadCall } from './upload';

/* The way up the account tiers (issue 24): the tier and its limits, the Ghana Card check, the proof of address. */

type Call = { signal?: AbortSignal };

/** GET api/User/GetAccountTier: the tier, its limits, what was used today and this month, the next tier (pesewas). */
export const getAccountTier = async (call: Call = {}): Promise<AccountTierInPesewas> => {
  const view = await get<AccountTierView>(apiPaths.accountTier, {
    ...call,
    query: { userId: currentUserId() },
  });
  return {
    ...view,
    dailyLimit: apiAmountToMinor(view.dailyLimit),
    dailyUsed: apiAmountToMinor(view.dailyUsed),
    monthlyLimit: view.monthlyLimit === null ? null : apiAmountToMinor(view.monthlyLimit),
    monthlyUsed: apiAmountToMinor(view.monthlyUsed),
    balanceLimit: apiAmountToMinor(view.balanceLimit),
  };
};

export const verifyGhanaCard = (identificationId: number, call: Call = {}) =>
  post<VerifiedGhanaCard>(apiPaths.verifyGhanaCard, { identificationId, userId: currentUserId() }, call);

/** The user's latest proof of address and its review, or null. */
export const getProofOfAddress = (call: Call = {}) =>
  get<ProofOfAddress | null>(apiPaths.proofOfAddress, call);

/** POST the document as multipart (field `document`), its kind in the query. */
export const uploadProofOfAddress = (
  documentKind: ProofOfAddressKind,
  document: Blob,
  call: UploadCall = {},
) =>
  uploadFile<ProofOfAddress>(
    `${apiPaths.uploadProofOfAddress}?${new URLSearchParams({ documentKind })}`,
    'document',
    document,
    call,
  );
