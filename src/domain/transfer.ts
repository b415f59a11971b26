import { feeTotals, type FeeTotals } from './fees';
import { WALLET_CURRENCY, type MinorUnits } from './money';
import type { RuleViolation } from './rule';

/** Spec section 9: a local transfer is below GH₵ 100,000, a transfer abroad below GH₵ 200,000 (both exclusive). */
export const LOCAL_TRANSFER_LIMIT_MINOR: MinorUnits = 100_000_00;
export const ABROAD_TRANSFER_LIMIT_MINOR: MinorUnits = 200_000_00;
/**
 * The smallest transfer: GH₵ 1 (spec section 5's send amount input turns less into 1; issue 21 holds it on the
 * server too). From GH₵ 1 the 1% fee, rounded half up, is at least one pesewa: it never rounds to nothing.
 */
export const TRANSFER_MIN_MINOR: MinorUnits = 1_00;
/** How long a quote (its fee, total and rate) holds after the transfer is initiated. */
export const QUOTE_VALIDITY_MS = 15 * 60 * 1000;
/** The purpose that reveals the notes textarea ('Other'). */
export const OTHER_PURPOSE_ID = 4;

export type TransferField =
  | 'transactionPurposeId'
  | 'beneficiaryId'
  | 'sendAmount'
  | 'paymentMethodId'
  | 'deliveryMethodId'
  | 'identification';

export interface TransferSubmitInput {
  transactionPurposeId: number;
  beneficiaryId: number;
  /** null when what was typed is not an amount. */
  sendAmountMinor: MinorUnits | null;
  /** The currency the beneficiary receives: GHS is local. */
  receiveCurrency: string;
  paymentMethodId: number;
  deliveryMethodId: number;
  hasIdentification: boolean;
}

export const isLocalTransfer = (receiveCurrency: string): boolean => receiveCurrency === WALLET_CURRENCY;

/** The limit of a transfer, exclusive. */
export const transferLimitMinor = (receiveCurrency: string): MinorUnits =>
  isLocalTransfer(receiveCurrency) ? LOCAL_TRANSFER_LIMIT_MINOR : ABROAD_TRANSFER_LIMIT_MINOR;

/**
 * The seven transfer-submit rules of spec section 5, in its order: purpose, beneficiary, amount above 0 (and at
 * least GH₵ 1), the limit (local below 100,000, abroad below 200,000), a payment method for a transfer abroad, a
 * delivery method, an identification on file. The screens show the first; the server answers all of them in this
 * order.
 */
export const transferSubmitViolations = (input: TransferSubmitInput): RuleViolation<TransferField>[] => {
  const violations: RuleViolation<TransferField>[] = [];
  if (!(input.transactionPurposeId > 0))
    violations.push({ field: 'transactionPurposeId', messageId: 'transfer.purposeRequired' });
  if (!(input.beneficiaryId > 0))
    violations.push({ field: 'beneficiaryId', messageId: 'transfer.beneficiaryRequired' });
  const amount = input.sendAmountMinor;
  if (amount === null || !(amount > 0))
    violations.push({ field: 'sendAmount', messageId: 'transfer.amountInvalid' });
  else if (amount < TRANSFER_MIN_MINOR)
    violations.push({ field: 'sendAmount', messageId: 'transfer.amountBelowMinimum' });
  else if (amount >= transferLimitMinor(input.receiveCurrency))
    violations.push({ field: 'sendAmount', messageId: 'amount.limit' });
  if (!isLocalTransfer(input.receiveCurrency) && !(input.paymentMethodId > 0))
    violations.push({ field: 'paymentMethodId', messageId: 'transfer.paymentMethodRequired' });
  if (!(input.deliveryMethodId > 0))
    violations.push({ field: 'deliveryMethodId', messageId: 'transfer.deliveryMethodRequired' });
  if (!input.hasIdentification) violations.push({ field: 'identification', messageId: 'identity.required' });
  return violations;
};

/** Spec section 5, send amount input: empty clears it; any value below 1 becomes 1 (GH₵ 1.00). */
export const sendAmountInput = (amountMinor: MinorUnits | null): MinorUnits | null =>
  amountMinor === null ? null : Math.max(amountMinor, TRANSFER_MIN_MINOR);

export type TransferTotals = FeeTotals;

/** The fee (1%, domain/fees.ts) and the total to pay for a send amount. */
export const transferTotals: (sendMinor: MinorUnits) => TransferTotals = feeTotals;
