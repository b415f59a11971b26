import type {
  GatewayUser,
  GatewayUserDetails,
  GemBalance,
  GemPacks,
  GemPacksInPesewas,
  GemPurchasePage,
  GemPurchasesPage,
} from '../contract/gems';
import { apiPaths } from '../contract/paths';
import { moneyPost } from './money-post';
import type { WalletOperation, WalletOperationResult } from '../contract/wallet';
import type { MinorUnits } from '../domain/money';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { currentUserId, get } from './http';
import { operationOf } from './wallet';

type Call = { signal?: AbortSignal };

/** The treasure shop's packs priced in GHS at the current USD rate (prices in pesewas, list prices in cents). */
export const getGemPacks = async (call: Call = {}): Promise<GemPacksInPesewas> => {
  const answer = await get<GemPacks>(apiPaths.gemPacks, call);
  return {
    ...answer,
    packs: answer.packs.map(({ usdPrice, price, ...pack }) => ({
      ...pack,
      usdCents: apiAmountToMinor(usdPrice),
      priceMinor: apiAmountToMinor(price),
    })),
  };
};

export interface BuyGemPackCall {
  packId: string;
  /** The price the buyer was shown: the server refuses (409) when it is no longer the price. */
  priceMinor: MinorUnits;
  idempotencyKey: string;
}

/** Pays a pack from the wallet once (the key is reused on retry): 200 Successful, 400 not enough funds, 409. */
export const buyGemPack = async (
  { packId, priceMinor, idempotencyKey }: BuyGemPackCall,
  call: Call = {},
): Promise<WalletOperation> =>
  operationOf(
    await moneyPost<WalletOperationResult>(
      apiPaths.buyGemPack,
      { userId: currentUserId(), packId, price: minorToApiAmount(priceMinor) },
      idempotencyKey,
      call,
    ),
  );

export const getGemBalance = async (call: Call = {}): Promise<number> =>
  (await get<GemBalance>(apiPaths.gemBalance, { ...call, query: { userId: currentUserId() } })).gems;

/** One page (0-based) of the user's gem purchases, newest first, and their total. */
export const getGemPurchasesPage = async (
  { page, pageSize }: { page: number; pageSize: number },
  call: Call = {},
): Promise<GemPurchasePage> => {
  const answer = await get<GemPurchasesPage>(apiPaths.gemPurchasesPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize },
  });
  return {
    ...answer,
    rows: answer.rows.map(({ amount, usdPrice, ...row }) => ({
      ...row,
      amount: apiAmountToMinor(amount),
      usdCents: apiAmountToMinor(usdPrice),
    })),
  };
};

/** The signed-in user as the gem payment gateway shows them. */
export const getGatewayUser = async (call: Call = {}): Promise<GatewayUser> => {
  const details = await get<GatewayUserDetails>(apiPaths.userDetails, {
    ...call,
    query: { userId: currentUserId() },
  });
  return { ...details, walletAmount: apiAmountToMinor(details.walletAmount) };
};
