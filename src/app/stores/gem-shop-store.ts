import { persistedStore, resetStore } from './persisted';

/**
 * The pack chosen in the treasure shop, persisted so the choice survives a reload on the way to the payment
 * gateway (the price is not kept: the gateway asks the server for the current one).
 */
export interface GemShopState {
  packId: string | null;
}

export const gemShopDefaults: GemShopState = { packId: null };

export const gemShopStore = persistedStore<GemShopState>('gemShop', gemShopDefaults, ['packId']);

export const resetGemShop = (): void => resetStore(gemShopStore, gemShopDefaults);
