import { proxy } from 'valtio/vanilla';
import { WALLET_CURRENCY } from '../../domain/money';
import type { DeliveryMethod, PaymentMethod } from '../../contract/reference';

/**
 * Spec section 3, "amount draft": the converter's working state. Not persisted. `selectedPaymentMethod.method`
 * empty means none chosen (the view shows 'Select a payment method' from the catalog).
 */
export interface AmountDraftState {
  applyCoupon: boolean;
  selectedPaymentMethod: { method: string; icon: string };
  showOptions: boolean;
  paymentMethods: PaymentMethod[];
  deliveryMethods: DeliveryMethod[];
  fromCurrency: string;
  toCurrency: string;
  amount: string;
  convertedAmount: string;
}

export const amountDraftDefaults: AmountDraftState = {
  applyCoupon: false,
  selectedPaymentMethod: { method: '', icon: '' },
  showOptions: false,
  paymentMethods: [],
  deliveryMethods: [],
  fromCurrency: WALLET_CURRENCY,
  toCurrency: WALLET_CURRENCY,
  amount: '',
  convertedAmount: '',
};

export const amountDraftStore = proxy<AmountDraftState>(
  JSON.parse(JSON.stringify(amountDraftDefaults)) as typeof amountDraftDefaults,
);

export const resetAmountDraft = (): void => {
  Object.assign(
    amountDraftStore,
    JSON.parse(JSON.stringify(amountDraftDefaults)) as typeof amountDraftDefaults,
  );
};
