import { WALLET_CURRENCY } from '../../domain/money';
import { persistedStore, resetStore } from './persisted';

/** Spec section 3, "transaction" (the send-money draft). Amounts are the API's decimal numbers. */
export interface TransactionState {
  walletAmount: number;
  sendAmount: number;
  payerMessage: string;
  currency: string;
  receiveAmount: number;
  sendingCountryId: number | null;
  receivingCountryId: number;
  paymentMethodId: number | null;
  senderId: number | null;
  beneficiaryId: number | null;
  deliveryMethodId: number | null;
  transactionPurposeId: number | null;
  identificationId: number | null;
  cartId: string;
  bankId: number | null;
  partyId: string;
  referenceNumber: string;
  payeeNote: string;
  processingFee: number;
  totalPay: number;
}

export const transactionDefaults: TransactionState = {
  walletAmount: 0,
  sendAmount: 0,
  payerMessage: '',
  currency: WALLET_CURRENCY,
  receiveAmount: 0,
  sendingCountryId: null,
  receivingCountryId: 1,
  paymentMethodId: null,
  senderId: null,
  beneficiaryId: null,
  deliveryMethodId: null,
  transactionPurposeId: null,
  identificationId: null,
  cartId: '',
  bankId: null,
  partyId: '',
  referenceNumber: '',
  payeeNote: '',
  processingFee: 0,
  totalPay: 0,
};

/** Only these four are persisted (spec section 3). */
export const TRANSACTION_PERSISTED_FIELDS = [
  'walletAmount',
  'sendAmount',
  'currency',
  'receiveAmount',
] as const;

export const transactionStore = persistedStore<TransactionState>(
  'transaction',
  transactionDefaults,
  TRANSACTION_PERSISTED_FIELDS,
);

export const resetTransaction = (): void => resetStore(transactionStore, transactionDefaults);
