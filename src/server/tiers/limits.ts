import { formatMoneyIn } from '../../domain/locale-format';
import type { LimitMessageId, LimitRefusal } from '../../domain/tiers';
import { failure } from '../envelope';
import { HttpError, toViolations } from '../http-error';
import type { StoredAnswer } from '../idempotency/idempotency-key';
import { PreconditionFailedError } from '../ledger/errors';
import { operationKinds, type OperationKindName } from '../ledger/kinds';
import type { Precondition } from '../ledger/statements';
import { debitDaysFrom, GHANA_MONTH_START, GHANA_TODAY } from './debit-days';

/*
 * The tier limits as preconditions of the ledger's one path (statements.ts `Precondition`), read once the wallets
 * the money move changes are locked, in its own transaction: so parallel requests of one user are counted one
 * after another and cannot pass a limit together. The arithmetic is domain/tiers.ts's counting rule, written here
 * in SQL because it must be decided under the lock (tests/domain/tiers.test.ts and tests/server/tier-limits.test.ts
 * hold the two to the same answers). A refusal reads 'limit.daily|<limit>|<left>' (pesewas).
 */

/** The limits row in force today for user $1 ('none' is bounded as 'minimum': domain `limitedTierOf`). */
const LIMITS_IN_FORCE = `select l.daily_minor, l.monthly_minor, l.balance_minor
  from users u
  join lateral (
    select daily_minor, monthly_minor, balance_minor from tier_limits
    where tier = case when u.account_tier = 'none' then 'minimum' else u.account_tier end
      and effective_from <= (now() at time zone 'UTC')::date
    order by effective_from desc limit 1
  ) l on true
  where u.id = $1::int`;

// Ghana keeps GMT all year: its day and month start at UTC midnight. now() is the transaction's start, the
// created_at of the operation it writes. What the wallet sent is read by day (debit-days.ts), not move by move.
const OUTGOING = `with lim as (${LIMITS_IN_FORCE}), used as (
    select coalesce(sum(amount_minor) filter (where day = ${GHANA_TODAY}), 0) as day,
           coalesce(sum(amount_minor), 0) as month
    from (${debitDaysFrom(GHANA_MONTH_START)}) sent
  )
  select case
    when used.day + $2::bigint > lim.daily_minor
      then 'limit.daily|' || lim.daily_minor || '|' || greatest(lim.daily_minor - used.day, 0)
    when lim.monthly_minor is not null and used.month + $2::bigint > lim.monthly_minor
      then 'limit.monthly|' || lim.monthly_minor || '|' || greatest(lim.monthly_minor - used.month, 0)
  end as refusal
  from lim, used`;

const INCOMING = `with lim as (${LIMITS_IN_FORCE}), pending as (
    select coalesce(sum(amount_minor), 0) as credits from wallet_operations
    where user_id = $1::int and direction = 'Credit' and status = 'pending'
  )
  select case
    when w.balance_minor + pending.credits + $2::bigint > lim.balance_minor
      then case when $3::boolean then 'limit.receiverBalance' else 'limit.balance' end
           || '|' || lim.balance_minor || '|' || greatest(lim.balance_minor - w.balance_minor - pending.credits, 0)
  end as refusal
  from wallets w, lim, pending
  where w.user_id = $1::int`;

/** Money leaving `userId`'s wallet: the daily limit, then the monthly one. */
export const outgoingLimitCheck = (userId: number, amountMinor: number): Precondition => ({
  name: 'tier_limit_outgoing',
  text: OUTGOING,
  values: [userId, amountMinor],
});

/** Money arriving in `userId`'s wallet: the maximum balance (`receiver`: another user's send). */
export const incomingLimitCheck = (userId: number, amountMinor: number, receiver: boolean): Precondition => ({
  name: 'tier_limit_incoming',
  text: INCOMING,
  values: [userId, amountMinor, receiver],
});

/**
 * The limit checks of a money move of `kind`: a debit counts against the payer's day and month; a credit through a
 * provider (a top-up) and the receiving side of a transfer between wallets are bounded by the maximum balance.
 */
export const limitChecks = (
  kind: OperationKindName,
  userId: number,
  amountMinor: number,
  receiverId: number | null,
): Precondition[] => {
  const { direction, decision } = operationKinds[kind];
  const checks: Precondition[] = [];
  if (direction === 'Debit') checks.push(outgoingLimitCheck(userId, amountMinor));
  if (direction === 'Credit' && decision === 'provider')
    checks.push(incomingLimitCheck(userId, amountMinor, false));
  if (receiverId !== null) checks.push(incomingLimitCheck(receiverId, amountMinor, true));
  return checks;
};

const LIMIT_IDS: readonly LimitMessageId[] = [
  'limit.daily',
  'limit.monthly',
  'limit.balance',
  'limit.receiverBalance',
];

/** The limit a refused money move passed, or null for any other error. */
export const limitRefusalOf = (error: unknown): LimitRefusal | null => {
  if (!(error instanceof PreconditionFailedError)) return null;
  const [id, limit, left] = error.refusal.split('|');
  const messageId = LIMIT_IDS.find((known) => known === id);
  if (!messageId) return null;
  return { messageId, limitMinor: Number(limit), leftMinor: Number(left) };
};

/** An amount as the English message writes it: 'GH₵ 3,000.00' (the one money format of src/domain). */
const written = (minor: number) => formatMoneyIn('en', minor);

/**
 * The 400 of a limit refusal, on the amount field: the message names the limit and what is left (the receiver's
 * figures are never told to the sender).
 */
const limitViolations = ({ messageId, limitMinor, leftMinor }: LimitRefusal) =>
  toViolations([
    messageId === 'limit.receiverBalance'
      ? { field: 'amount', messageId }
      : { field: 'amount', messageId, values: { limit: written(limitMinor), left: written(leftMinor) } },
  ]);

export const limitError = (refusal: LimitRefusal): HttpError =>
  new HttpError(400, refusal.messageId, limitViolations(refusal));

/** The same 400 as an answer stored under the request's Idempotency-Key (WalletService records it). */
export const limitAnswer = (refusal: LimitRefusal): StoredAnswer => ({
  statusCode: 400,
  body: failure(400, refusal.messageId, limitViolations(refusal)),
});
