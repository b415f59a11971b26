import type { ProviderOutcome } from './provider';

/*
 * The betting operators' rail: credits a user's betting account at an operator with money the wallet already
 * holds. Like a payout it is keyed by our reference (saved before the call) and idempotent on it, answers
 * 'pending' until the operator confirms, and is followed by the provider worker (status, callbacks, cancel)
 * through the same reference. A refused credit fails the operation and releases the hold: the money comes back.
 */

export interface BettingCredit {
  reference: string;
  amountMinor: number;
  /** The operator's code ('sportybet'). */
  operatorCode: string;
  /** The user's account number at the operator. */
  bettingNo: string;
  /** The phone number of that account. */
  receiverPhoneNo: string;
}

export interface BettingRail {
  /** Asynchronous: 'pending' until the operator has credited (or refused) the betting account. */
  creditBettingAccount(credit: BettingCredit): Promise<ProviderOutcome>;
}

/** Sandbox: betting numbers ending with this are refused by the operator (README, "Sandbox test inputs"). */
export const REFUSED_BETTING_NUMBER_SUFFIX = '000001';

/** What the sandbox operator decides for a betting number: refused ('fail') or credited ('approve'). */
export const bettingCreditScenario = (bettingNo: string): 'fail' | 'approve' =>
  bettingNo.endsWith(REFUSED_BETTING_NUMBER_SUFFIX) ? 'fail' : 'approve';
