import type { MomoProvider } from '../../domain/momo';

/**
 * What the wallet needs from a payment provider. Every call is keyed by our own reference, saved before the call,
 * and providers are idempotent on it: calling again with the same reference answers the first call's outcome.
 */
export type ProviderStatus = 'pending' | 'succeeded' | 'failed' | 'unknown';

export type ProviderFailureReason =
  'declined' | 'insufficient_funds' | 'rejected' | 'account_failed' | 'expired' | 'cancelled';

export interface ProviderOutcome {
  /** 'unknown': the provider never received this reference. */
  status: ProviderStatus;
  reason?: ProviderFailureReason;
}

/** The card as the provider needs it: passed through, never stored or logged by us. */
export interface CardDetails {
  number: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}

export interface CardCollection {
  reference: string;
  amountMinor: number;
  card: CardDetails;
}

export interface BankTransfer {
  reference: string;
  amountMinor: number;
  bankId: number;
  accountNumber: string;
}

export interface MomoTransfer {
  reference: string;
  amountMinor: number;
  phone: string;
  network: string;
}

/**
 * What the recipient of a payout is paid: the currency and its minor units. The ledger's amount (`amountMinor`)
 * stays what leaves the wallet, in GHS; a transfer abroad pays out the quote's receive amount in its currency.
 */
export interface PayoutAmount {
  currency: string;
  payoutMinor: number;
}

export type BankPayout = BankTransfer & PayoutAmount;
export type MomoPayout = MomoTransfer & PayoutAmount;

/**
 * A cash pick-up: the payout partner's agents pay `payoutMinor` of `currency` to the recipient named here, who
 * shows the collection code (which we made and the partner is told) and an ID.
 */
export interface CashPickupPayout extends PayoutAmount {
  reference: string;
  amountMinor: number;
  recipientName: string;
  /** E.164: where the partner may reach the recipient. */
  recipientPhone: string;
  collectionCode: string;
}

/** A provider's callback about one of our references, after its signature was checked. */
export interface ProviderEvent {
  eventId: string;
  reference: string;
  status: 'succeeded' | 'failed';
  reason?: ProviderFailureReason;
}

/** Whose account is this? Asked before a beneficiary is saved, so the user can confirm the holder's name. */
export type AccountLookup =
  | { rail: 'momo'; /** E.164, '+233241234567'. */ phone: string; network: MomoProvider }
  | { rail: 'bank'; bankId: number; accountNumber: string };

/** The holder's name as the rail has it, or that the rail knows no such account. */
export type AccountName = { found: true; name: string } | { found: false };

export interface PaymentProvider {
  collectCard(request: CardCollection): Promise<ProviderOutcome>;
  collectBank(request: BankTransfer): Promise<ProviderOutcome>;
  /** Asynchronous: usually 'pending' until the payer approves on the phone. */
  requestMomoCollection(request: MomoTransfer): Promise<ProviderOutcome>;
  disburseBank(request: BankPayout): Promise<ProviderOutcome>;
  disburseMomo(request: MomoPayout): Promise<ProviderOutcome>;
  /** Asynchronous: pending until the partner has made the cash available for collection. */
  disburseCashPickup(request: CashPickupPayout): Promise<ProviderOutcome>;
  status(reference: string): Promise<ProviderOutcome>;
  /** The account holder's name (a read: no reference, nothing recorded). Throws when the rail cannot answer. */
  resolveAccountName(request: AccountLookup): Promise<AccountName>;
  /**
   * Stops a reference that is not decided yet (or was never received, so a late call with it fails): answers
   * 'failed' with reason 'cancelled', or the outcome already reached.
   */
  cancel(reference: string): Promise<ProviderOutcome>;
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): boolean;
  parseWebhook(rawBody: Buffer): ProviderEvent | null;
  /** The built-in sandbox only: decide what is due and send its callbacks (driven by the worker). */
  tick?(): Promise<void>;
}
