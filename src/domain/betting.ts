import { WALLET_OPERATION_LIMIT_MINOR } from './amount';
import { normalizeEmail } from './email';
import { feeTotals, type FeeTotals } from './fees';
import { isMomoNumber, momoPhoneInput } from './momo';
import type { MinorUnits } from './money';
import { digitsOnly, type RuleViolation } from './rule';

/*
 * Paying into a betting account (spec sections 2, 3, 5 and 9): the operator, the user's betting number there, the
 * phone of that account, an amount of at least GH₵ 1 and at most the wallet operation limit, and an identification
 * on file. The fee is the transfers' 1% (domain/fees.ts); the wallet pays amount + fee.
 */

/** A betting number is the account number at the operator: 6 to 15 digits (many operators use the phone number). */
export const BETTING_NUMBER_MIN_LENGTH = 6;
export const BETTING_NUMBER_MAX_LENGTH = 15;
/** The smallest deposit: GH₵ 1.00 (operators refuse less). */
export const BETTING_MIN_AMOUNT_MINOR: MinorUnits = 100;
/** The largest: the limit of one wallet operation (GH₵ 100,000), inclusive. */
export const BETTING_MAX_AMOUNT_MINOR: MinorUnits = WALLET_OPERATION_LIMIT_MINOR;
/** The only payment method of a bet: the wallet (spec section 9: paymentMethodId 1). */
export const BETTING_PAYMENT_METHOD_ID = 1;
/** A partner's payment link can be paid for 15 minutes after the operator made it. */
export const PAYMENT_LINK_VALIDITY_MS = 15 * 60 * 1000;
/** The longest token a payment link may carry (ours are 43 characters). */
export const PAYMENT_LINK_TOKEN_MAX_LENGTH = 128;

export type BettingField = 'operatorId' | 'bettingNo' | 'receiverPhoneNo' | 'sendAmount' | 'identification';

export interface BettingSubmitInput {
  operatorId: number;
  bettingNo: string;
  receiverPhoneNo: string;
  /** null when what was typed is not an amount. */
  sendAmountMinor: MinorUnits | null;
  hasIdentification: boolean;
}

/** Betting number inputs keep digits only, at most BETTING_NUMBER_MAX_LENGTH. */
export const bettingNumberInput = (typed: string): string =>
  digitsOnly(typed).slice(0, BETTING_NUMBER_MAX_LENGTH);

/** The receiver phone input: the MoMo number rule (digits only, at most 12). */
export const bettingPhoneInput = momoPhoneInput;

export const isBettingNumber = (value: string): boolean =>
  new RegExp(`^\\d{${BETTING_NUMBER_MIN_LENGTH},${BETTING_NUMBER_MAX_LENGTH}}$`).test(value);

/** Spec section 5 ('Please Enter a valid Amount.' if not positive), with our floor of GH₵ 1 and the limit. */
export const bettingAmountViolation = (
  amountMinor: MinorUnits | null,
): RuleViolation<'sendAmount'> | null => {
  if (amountMinor === null || amountMinor < BETTING_MIN_AMOUNT_MINOR)
    return { field: 'sendAmount', messageId: 'betting.amountInvalid' };
  if (amountMinor > BETTING_MAX_AMOUNT_MINOR) return { field: 'sendAmount', messageId: 'amount.limit' };
  return null;
};

/**
 * The betting rules, in this order: an operator, a betting number (required, then 6 to 15 digits), the account's
 * phone (9 to 12 digits), the amount, an identification on file. The screens show the first; the server answers
 * all of them in this order.
 */
export const bettingSubmitViolations = (input: BettingSubmitInput): RuleViolation<BettingField>[] => {
  const violations: RuleViolation<BettingField>[] = [];
  if (!(input.operatorId > 0))
    violations.push({ field: 'operatorId', messageId: 'betting.operatorRequired' });
  const bettingNo = input.bettingNo.trim();
  if (bettingNo === '') violations.push({ field: 'bettingNo', messageId: 'betting.numberRequired' });
  else if (!isBettingNumber(bettingNo))
    violations.push({ field: 'bettingNo', messageId: 'betting.numberInvalid' });
  if (!isMomoNumber(input.receiverPhoneNo.trim()))
    violations.push({ field: 'receiverPhoneNo', messageId: 'betting.phoneInvalid' });
  const amount = bettingAmountViolation(input.sendAmountMinor);
  if (amount) violations.push(amount);
  if (!input.hasIdentification) violations.push({ field: 'identification', messageId: 'identity.required' });
  return violations;
};

export type BettingTotals = FeeTotals;

/** The fee (1%) and the total the wallet pays for a deposit into a betting account. */
export const bettingTotals: (sendMinor: MinorUnits) => BettingTotals = feeTotals;

/** The state of a partner's payment link for the user who opened it, in the order it is checked. */
export type PaymentLinkState = 'open' | 'expired' | 'paid' | 'otherUser';

/**
 * A link binds to the user whose account email the operator named (compared ignoring case and surrounding
 * spaces); it is paid once, before it expires.
 */
export const paymentLinkState = (
  link: { email: string; expiresAt: Date; paid: boolean },
  user: { email: string },
  now: Date,
): PaymentLinkState => {
  if (normalizeEmail(link.email) !== normalizeEmail(user.email)) return 'otherUser';
  if (link.paid) return 'paid';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  return 'open';
};
