/**
 * The Bank of Ghana's e-money account tiers and the counting rule of their limits (docs/compliance.md). The
 * figures are data (the server's tier_limits table, by effective date); this module is the arithmetic: what a
 * tier needs, what counts against a day and a month, and which limit a payment or a credit would pass.
 *
 * Counting rule: the daily and monthly limits sum the amounts (fees not included) of money leaving the wallet,
 * per calendar day and month in Ghana's time (GMT, Africa/Accra: UTC all year, so the UTC day); a payment that
 * was released or refused gives its amount back. The maximum balance bounds money arriving: the balance plus the
 * credits still pending plus the new one.
 */
import { todayIso, type IsoDate } from './calendar';
import type { DomainMessageId } from './messages';
import type { MinorUnits } from './minor-units';
import { monthOf, type IsoMonth } from './month';

export const ACCOUNT_TIERS = ['none', 'minimum', 'medium', 'enhanced'] as const;
export type AccountTier = (typeof ACCOUNT_TIERS)[number];

/** The tiers that have limits of the regulator ('none' moves no money: the identification gate stops it). */
export type LimitedTier = Exclude<AccountTier, 'none'>;

export const isAccountTier = (value: string): value is AccountTier =>
  (ACCOUNT_TIERS as readonly string[]).includes(value);

/** What the next tier needs: an identification on file, the Ghana Card verified, a proof of address approved. */
export const TIER_REQUIREMENTS = ['identification', 'ghanaCard', 'proofOfAddress'] as const;
export type TierRequirement = (typeof TIER_REQUIREMENTS)[number];

const NEXT: Record<AccountTier, { tier: LimitedTier; requirements: TierRequirement[] } | null> = {
  none: { tier: 'minimum', requirements: ['identification'] },
  minimum: { tier: 'medium', requirements: ['ghanaCard'] },
  medium: { tier: 'enhanced', requirements: ['proofOfAddress'] },
  enhanced: null,
};

/** The tier above and what it takes, or null at the top. */
export const nextTierOf = (tier: AccountTier) => NEXT[tier];

/** Whether `to` is above `from`. */
export const isAbove = (to: AccountTier, from: AccountTier): boolean =>
  ACCOUNT_TIERS.indexOf(to) > ACCOUNT_TIERS.indexOf(from);

/**
 * The tier whose limits bound a user: a user without an identification ('none') can send nothing (the gate), and
 * what others send them is bounded as at the Minimum tier.
 */
export const limitedTierOf = (tier: AccountTier): LimitedTier => (tier === 'none' ? 'minimum' : tier);

/** One tier's limits, in pesewas. */
export interface TierLimits {
  dailyMinor: MinorUnits;
  /** null: no monthly limit. */
  monthlyMinor: MinorUnits | null;
  balanceMinor: MinorUnits;
}

/** A dated row of the limits table. */
export interface DatedTierLimits extends TierLimits {
  tier: LimitedTier;
  effectiveFrom: IsoDate;
}

/** The row of `tier` in force on `day`: the latest that took effect on or before it; null before the first. */
export const limitsInForce = (
  rows: readonly DatedTierLimits[],
  tier: LimitedTier,
  day: IsoDate,
): DatedTierLimits | null =>
  rows
    .filter((row) => row.tier === tier && row.effectiveFrom <= day)
    .reduce<DatedTierLimits | null>(
      (latest, row) => (latest === null || row.effectiveFrom > latest.effectiveFrom ? row : latest),
      null,
    );

/** Ghana's calendar day of an instant (GMT all year). */
export const ghanaDay = (instant: Date): IsoDate => todayIso(instant);
/** Ghana's calendar month of an instant. */
export const ghanaMonth = (instant: Date): IsoMonth => monthOf(instant);

/** A payment out of the wallet, as the counting rule sees it. */
export interface OutgoingPayment {
  amountMinor: MinorUnits;
  at: Date;
  /** Released or refused: its amount is given back. */
  released: boolean;
}

/** What counts against the day and the month of `now`. */
export const usedAt = (
  payments: readonly OutgoingPayment[],
  now: Date,
): { dayMinor: MinorUnits; monthMinor: MinorUnits } => {
  const day = ghanaDay(now);
  const month = ghanaMonth(now);
  let dayMinor = 0;
  let monthMinor = 0;
  for (const payment of payments) {
    if (payment.released || ghanaMonth(payment.at) !== month) continue;
    monthMinor += payment.amountMinor;
    if (ghanaDay(payment.at) === day) dayMinor += payment.amountMinor;
  }
  return { dayMinor, monthMinor };
};

export type LimitMessageId = Extract<
  DomainMessageId,
  'limit.daily' | 'limit.monthly' | 'limit.balance' | 'limit.receiverBalance'
>;

/** A limit a money move would pass: which, its figure and what is left of it. */
export interface LimitRefusal {
  messageId: LimitMessageId;
  limitMinor: MinorUnits;
  leftMinor: MinorUnits;
}

const refusal = (messageId: LimitMessageId, limitMinor: MinorUnits, usedMinor: MinorUnits): LimitRefusal => ({
  messageId,
  limitMinor,
  leftMinor: Math.max(limitMinor - usedMinor, 0),
});

/** A payment of `amountMinor` out of the wallet: the daily limit first, then the monthly one; null when it fits. */
export const outgoingRefusal = (
  limits: TierLimits,
  used: { dayMinor: MinorUnits; monthMinor: MinorUnits },
  amountMinor: MinorUnits,
): LimitRefusal | null => {
  if (used.dayMinor + amountMinor > limits.dailyMinor)
    return refusal('limit.daily', limits.dailyMinor, used.dayMinor);
  if (limits.monthlyMinor !== null && used.monthMinor + amountMinor > limits.monthlyMinor)
    return refusal('limit.monthly', limits.monthlyMinor, used.monthMinor);
  return null;
};

/**
 * Money arriving: the balance, the credits still pending and this one must stay within the maximum balance.
 * `receiver`: the credit is another user's send to this wallet (its message tells the sender nothing of the figures).
 */
export const incomingRefusal = (
  limits: TierLimits,
  balanceMinor: MinorUnits,
  pendingCreditsMinor: MinorUnits,
  amountMinor: MinorUnits,
  receiver = false,
): LimitRefusal | null =>
  balanceMinor + pendingCreditsMinor + amountMinor > limits.balanceMinor
    ? refusal(
        receiver ? 'limit.receiverBalance' : 'limit.balance',
        limits.balanceMinor,
        balanceMinor + pendingCreditsMinor,
      )
    : null;
