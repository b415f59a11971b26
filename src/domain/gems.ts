import { convertMinorUp } from './fx';
import type { MinorUnits } from './money';
import type { RuleViolation } from './rule';

/*
 * The treasure shop's gem packs (spec sections 2 and 9): list prices in US dollars, sold from the GHS wallet at the
 * product's USD rate at the moment of purchase (the rate table: USD per GHS). The cedi price is rounded UP to the
 * pesewa, so a pack is never sold for less than its dollar price at the stated rate (and for less than a pesewa
 * more). Gems are counted in whole gems.
 */

export const GEM_PRICE_CURRENCY = 'USD';

export interface GemPack {
  /** Stable id the browser sends: 'gems-6500'. */
  id: string;
  gems: number;
  /** List price in US cents. */
  usdCents: number;
}

export const gemPacks: readonly GemPack[] = [
  { id: 'gems-2500', gems: 2500, usdCents: 1999 },
  { id: 'gems-6500', gems: 6500, usdCents: 4999 },
  { id: 'gems-14000', gems: 14000, usdCents: 9999 },
];

export const findGemPack = (id: string): GemPack | null => gemPacks.find((pack) => pack.id === id) ?? null;

/** The GHS rate of the table is 1 by definition. */
const GHS_RATE = '1';

/**
 * The price in pesewas of `usdCents` at `usdPerGhs` (units of USD for one GHS, an exact decimal string: '0.08'):
 * usdCents / usdPerGhs, rounded up. priceMinor x usdPerGhs >= usdCents, and one pesewa less would not be.
 */
export const gemPackPriceMinor = (usdCents: number, usdPerGhs: string): MinorUnits =>
  convertMinorUp(usdCents, usdPerGhs, GHS_RATE);

/** A pack with its cedi price at a rate. */
export interface PricedGemPack extends GemPack {
  priceMinor: MinorUnits;
}

export const pricedGemPacks = (usdPerGhs: string): PricedGemPack[] =>
  gemPacks.map((pack) => ({ ...pack, priceMinor: gemPackPriceMinor(pack.usdCents, usdPerGhs) }));

export type GemPurchaseField = 'packId';

/** Spec section 8, treasure shop: paying needs a pack chosen ('Please select a card before making a payment.'). */
export const gemPurchaseViolations = (packId: string | null): RuleViolation<GemPurchaseField>[] =>
  packId !== null && findGemPack(packId) !== null
    ? []
    : [{ field: 'packId', messageId: 'treasureShop.selectPack' }];
