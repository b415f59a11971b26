import { z } from 'zod';
import { dbText, int4, queryInt4Id } from './db-input';
import type { MinorUnits } from '../domain/money';
import { apiAmountSchema, envelopeResponses } from './envelope';
import { userDetailsSchema } from './user';
import { walletOperationStatusSchema } from './wallet';

/*
 * The treasure shop, its payment gateway and the game (spec sections 2, 8 and 9; the calls are new: section 7 lists
 * none for them). Prices are GHS (the wallet's currency) computed by the server from the packs' dollar prices at
 * the current USD rate (src/domain/gems.ts); the browser shows them and never sets them.
 */

/** A pack as the shop offers it now. */
export const gemPackOfferSchema = z.object({
  id: z.string(),
  gems: z.number().int(),
  /** The list price in US dollars (19.99). */
  usdPrice: apiAmountSchema,
  /** What it costs from the wallet now, in GHS, rounded up to the pesewa. */
  price: apiAmountSchema,
});
export type GemPackOffer = z.infer<typeof gemPackOfferSchema>;

/** GET api/Shop/GetGemPacks (new): the three packs priced at the current rate. */
export const gemPacksSchema = z.object({
  /** 'USD': the currency of the list prices. */
  currency: z.string(),
  /** Units of `currency` per GHS the prices use, exact decimal ('0.08'). */
  rate: z.string(),
  /** ISO datetime the rate was set. */
  asOf: z.string(),
  packs: z.array(gemPackOfferSchema),
});
export type GemPacks = z.infer<typeof gemPacksSchema>;
export const gemPacksResponses = envelopeResponses(200, gemPacksSchema);

/**
 * POST api/Shop/BuyGemPack (new), with an Idempotency-Key: the pack paid from the wallet at the server's price.
 * `price` is what the browser showed (optional): when it is not the current price the purchase is refused (409,
 * nothing moves), so the buyer never pays a price they were not shown. Answers like every money-moving POST.
 */
export const buyGemPackRequestSchema = z.object({
  userId: int4,
  packId: dbText(32),
  price: apiAmountSchema.optional(),
});
export type BuyGemPackRequest = z.input<typeof buyGemPackRequestSchema>;

/** GET api/Shop/GetGemBalance (new). */
export const gemBalanceSchema = z.object({ gems: z.number().int() });
export type GemBalance = z.infer<typeof gemBalanceSchema>;
export const gemBalanceResponses = envelopeResponses(200, gemBalanceSchema);

/** A row of the gem purchase history, newest first. */
export const gemPurchaseRowSchema = z.object({
  referenceNumber: z.string(),
  packId: z.string(),
  gems: z.number().int(),
  /** GHS paid. */
  amount: apiAmountSchema,
  usdPrice: apiAmountSchema,
  /** USD per GHS it was priced at. */
  rate: z.string(),
  status: walletOperationStatusSchema,
  /** ISO datetime. */
  date: z.string(),
});
export type GemPurchaseRow = z.infer<typeof gemPurchaseRowSchema>;

export const GEM_PURCHASES_MAX_PAGE_SIZE = 50;

/** GET api/Shop/GetGemPurchasesPage (new): one page of the user's gem purchases and their total count. */
export const gemPurchasesPageQuerySchema = z.object({
  userId: queryInt4Id,
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(GEM_PURCHASES_MAX_PAGE_SIZE).default(5),
});
export const gemPurchasesPageSchema = z.object({
  rows: z.array(gemPurchaseRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GemPurchasesPage = z.infer<typeof gemPurchasesPageSchema>;
export const gemPurchasesPageResponses = envelopeResponses(200, gemPurchasesPageSchema);

/**
 * GET api/User/GetUserDetails (new): the signed-in user as the gateway page shows them (spec section 2: it hides
 * id, hasIdentification, totalBeneficiaries and countryId, which are here for the app's own use).
 */
export const gatewayUserDetailsSchema = userDetailsSchema.extend({
  email: z.string(),
  phone: z.string(),
  totalBeneficiaries: z.number().int(),
});
export type GatewayUserDetails = z.infer<typeof gatewayUserDetailsSchema>;
export const gatewayUserDetailsResponses = envelopeResponses(200, gatewayUserDetailsSchema);

/* The browser's side (src/services converts): amounts in pesewas and US cents. */

export interface GemPackInPesewas {
  id: string;
  gems: number;
  usdCents: number;
  priceMinor: MinorUnits;
}
export interface GemPacksInPesewas {
  currency: string;
  rate: string;
  asOf: string;
  packs: GemPackInPesewas[];
}
export type GemPurchase = Omit<GemPurchaseRow, 'amount' | 'usdPrice'> & {
  amount: MinorUnits;
  usdCents: number;
};
export type GemPurchasePage = Omit<GemPurchasesPage, 'rows'> & { rows: GemPurchase[] };
export type GatewayUser = Omit<GatewayUserDetails, 'walletAmount'> & { walletAmount: MinorUnits };
