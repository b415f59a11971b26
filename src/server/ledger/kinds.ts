import type { WalletOperationKind } from '../../contract/wallet';
import { processingFee } from '../../domain/fees';
import type { DomainMessageId } from '../../domain/messages';
import type { ProviderFailureReason, ProviderOutcome } from '../providers/provider';
import { accountCodes } from './accounts';
import type { Counterparty, Rail } from './counterparty';
import { CounterpartyMismatchError } from './errors';

/**
 * Every kind of operation the ledger posts: the contract's list (src/contract/wallet.ts), so a history row of any
 * kind passes the route's response schema. The money routes of today post the first five; the others wait for the
 * flows of the next issues, which add their routes and rails.
 */
export type OperationKindName = WalletOperationKind;

export interface LedgerEntryInput {
  accountCode: string;
  /** Positive credits the account, negative debits it (pesewas; whole gems for a gem account). */
  amountMinor: number;
}

/** What an entry plan is computed from. */
export interface PlanInput {
  userId: number;
  amountMinor: number;
  feeMinor: number;
  counterparty: Counterparty;
}

export interface OperationKind {
  direction: 'Credit' | 'Debit';
  rail: Rail;
  /**
   * 'provider': created pending (a debit holds amount + fee in the wallet), then decided by the provider (its
   * answer, callback or status); 'immediate': decided and posted as it is created, in the same statement;
   * 'mirror': never created on its own: the posting statement of its counterpart writes it (the receiving side of
   * a transfer between wallets), with no entries of its own.
   */
  decision: 'provider' | 'immediate' | 'mirror';
  /**
   * The kind of the row the counterparty's wallet gets in the same statement as this kind's posting (a transfer
   * between wallets: the receiver's history shows the credit and who sent it).
   */
  receivedAs?: OperationKindName;
  /** Pays the processing fee of domain/fees.ts on top of the amount. */
  charged: boolean;
  /** Its answer is known (pending) when it is created, so it is stored in the creating statement. */
  answersAtCreation: boolean;
  /** Pending means waiting for the payer to approve on the phone: answered 202. */
  awaitsPayer: boolean;
  /** The entries posted when it succeeds (they sum to zero; zero amounts are left out). */
  entries(input: PlanInput): LedgerEntryInput[];
  /** Why it failed, from the provider's reason. */
  failureMessage(reason: ProviderFailureReason | undefined): DomainMessageId;
}

type CounterpartyOf<R extends Rail> = Extract<Counterparty, { rail: R }>;

/** The other side's account code, for a counterparty of the one rail the kind takes. */
const account =
  <R extends Rail>(rail: R, code: (counterparty: CounterpartyOf<R>) => string) =>
  (kind: string, counterparty: Counterparty): string => {
    if (counterparty.rail !== rail) throw new CounterpartyMismatchError(kind, counterparty.rail);
    return code(counterparty as CounterpartyOf<R>);
  };

type OtherSide = (kind: string, counterparty: Counterparty) => string;

const withoutZero = (entries: LedgerEntryInput[]) => entries.filter((entry) => entry.amountMinor !== 0);

/** Money in: the wallet gains the amount, the rail's clearing account gives it. No fee. */
const moneyIn =
  (kind: string, other: OtherSide) =>
  ({ userId, amountMinor, counterparty }: PlanInput): LedgerEntryInput[] => [
    { accountCode: accountCodes.wallet(userId), amountMinor },
    { accountCode: other(kind, counterparty), amountMinor: -amountMinor },
  ];

/** Money out: the wallet pays amount + fee; the other side gets the amount, fee revenue the fee. */
const moneyOut =
  (kind: string, other: OtherSide) =>
  ({ userId, amountMinor, feeMinor, counterparty }: PlanInput): LedgerEntryInput[] =>
    withoutZero([
      { accountCode: accountCodes.wallet(userId), amountMinor: -(amountMinor + feeMinor) },
      { accountCode: other(kind, counterparty), amountMinor },
      { accountCode: accountCodes.feeRevenue(), amountMinor: feeMinor },
    ]);

/** Gems in: the buyer's gem account gains the counterparty's gems, the issuance account gives them. */
const gemsIn =
  (kind: string) =>
  ({ userId, counterparty }: PlanInput): LedgerEntryInput[] => {
    if (counterparty.rail !== 'shop') throw new CounterpartyMismatchError(kind, counterparty.rail);
    return withoutZero([
      { accountCode: accountCodes.gems(userId), amountMinor: counterparty.gems },
      { accountCode: accountCodes.gemIssuance(), amountMinor: -counterparty.gems },
    ]);
  };

const cardClearing = account('card', () => accountCodes.cardClearing());
const bankClearing = account('bank', (c) => accountCodes.bankClearing(c.bankId));
const momoClearing = account('momo', (c) => accountCodes.momoClearing(c.network));
const bankPayout = account('bank', (c) => accountCodes.bankPayout(c.bankId));
const momoPayout = account('momo', (c) => accountCodes.momoPayout(c.network));
const cashPayout = account('cash', (c) => accountCodes.cashPayout(c.partner));
const otherWallet = account('wallet', (c) => accountCodes.wallet(c.userId));
const bettingClearing = account('betting', (c) => accountCodes.bettingClearing(c.operator));
const billerClearing = account('biller', (c) => accountCodes.billerClearing(c.biller));
const shopRevenue = account('shop', () => accountCodes.shopRevenue());

/** What a debit tells the user when it fails. */
interface DebitMessages {
  failed: DomainMessageId;
}

const withdrawalMessages: DebitMessages = {
  failed: 'withdrawal.payoutFailed',
};
const bettingMessages: DebitMessages = {
  failed: 'betting.refused',
};
const transferMessages: DebitMessages = {
  failed: 'transfer.payoutFailed',
};
const billMessages: DebitMessages = {
  failed: 'billing.billerFailed',
};

/**
 * A debit: held while the provider pays out, answered 200 pending at creation (a withdrawal's way), or decided
 * at once without a provider (posted as it is created, or refused for insufficient funds).
 */
const debit = (
  kind: OperationKindName,
  rail: Rail,
  other: OtherSide,
  { charged, decision }: Pick<OperationKind, 'charged' | 'decision'>,
  messages: DebitMessages = withdrawalMessages,
): OperationKind => ({
  direction: 'Debit',
  rail,
  decision,
  charged,
  answersAtCreation: true,
  awaitsPayer: false,
  entries: moneyOut(kind, other),
  failureMessage: () => messages.failed,
});

const held = { decision: 'provider', charged: false } as const;
const heldWithFee = { decision: 'provider', charged: true } as const;

export const operationKinds: Record<OperationKindName, OperationKind> = {
  card_top_up: {
    direction: 'Credit',
    rail: 'card',
    decision: 'provider',
    charged: false,
    answersAtCreation: false,
    awaitsPayer: false,
    entries: moneyIn('card_top_up', cardClearing),
    failureMessage: (reason) =>
      reason === 'declined'
        ? 'card.declined'
        : reason === 'insufficient_funds'
          ? 'card.insufficientFunds'
          : 'card.failed',
  },
  bank_top_up: {
    direction: 'Credit',
    rail: 'bank',
    decision: 'provider',
    charged: false,
    answersAtCreation: false,
    awaitsPayer: false,
    entries: moneyIn('bank_top_up', bankClearing),
    failureMessage: (reason) => (reason === 'cancelled' ? 'topUp.failed' : 'topUp.bankFailed'),
  },
  momo_top_up: {
    direction: 'Credit',
    rail: 'momo',
    decision: 'provider',
    charged: false,
    // The payer approves on the phone: answered 202 pending at creation.
    answersAtCreation: true,
    awaitsPayer: true,
    entries: moneyIn('momo_top_up', momoClearing),
    failureMessage: (reason) => (reason === 'rejected' ? 'topUp.momoRejected' : 'topUp.momoExpired'),
  },
  bank_withdrawal: debit('bank_withdrawal', 'bank', bankPayout, held),
  momo_withdrawal: debit('momo_withdrawal', 'momo', momoPayout, held),
  momo_transfer: debit('momo_transfer', 'momo', momoPayout, heldWithFee, transferMessages),
  bank_transfer: debit('bank_transfer', 'bank', bankPayout, heldWithFee, transferMessages),
  cash_pickup_transfer: debit('cash_pickup_transfer', 'cash', cashPayout, heldWithFee, transferMessages),
  // Followed by the operator or biller like a payout: held, then posted or released.
  bet: debit('bet', 'betting', bettingClearing, heldWithFee, bettingMessages),
  bill_payment: debit('bill_payment', 'biller', billerClearing, held, billMessages),
  wallet_transfer: {
    ...debit(
      'wallet_transfer',
      'wallet',
      otherWallet,
      { decision: 'immediate', charged: true },
      transferMessages,
    ),
    receivedAs: 'wallet_transfer_received',
  },
  // The receiver's row of a transfer between wallets: a credit of the amount received, Successful as the sender's
  // posting is written (which credits this wallet); no entries of its own.
  wallet_transfer_received: {
    direction: 'Credit',
    rail: 'wallet',
    decision: 'mirror',
    charged: false,
    answersAtCreation: false,
    awaitsPayer: false,
    entries: () => [],
    failureMessage: () => transferMessages.failed,
  },
  // Two assets in one ledger transaction: the price from the wallet to shop revenue (cedis), and the pack's gems
  // from the issuance account to the buyer's gem account (gems); each sums to zero on its own.
  gem_purchase: {
    ...debit('gem_purchase', 'shop', shopRevenue, { decision: 'immediate', charged: false }),
    entries: (input) => [...moneyOut('gem_purchase', shopRevenue)(input), ...gemsIn('gem_purchase')(input)],
  },
};

export const kindOf = (kind: OperationKindName): OperationKind => operationKinds[kind];

/** The fee a kind charges on `amountMinor` (one rounding rule: domain/fees.ts). */
export const feeOf = (kind: OperationKindName, amountMinor: number): number =>
  operationKinds[kind].charged ? processingFee(amountMinor) : 0;

/** What a pending debit keeps back in the wallet: everything its plan takes from the wallet (amount + fee). */
export const holdOf = (kind: OperationKindName, amountMinor: number, feeMinor: number): number =>
  operationKinds[kind].direction === 'Debit' && operationKinds[kind].decision === 'provider'
    ? amountMinor + feeMinor
    : 0;

/** The provider's final word as a resolution; null while it is still pending (or never heard of it). */
export const resolutionOf = (
  kind: OperationKindName,
  outcome: ProviderOutcome,
): { status: 'Successful' } | { status: 'Failed'; failureMessageId: DomainMessageId } | null => {
  if (outcome.status === 'succeeded') return { status: 'Successful' };
  if (outcome.status === 'failed')
    return { status: 'Failed', failureMessageId: operationKinds[kind].failureMessage(outcome.reason) };
  return null;
};
