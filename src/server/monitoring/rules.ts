import type { MonitoringHit } from '../../domain/monitoring';
import { PreconditionFailedError } from '../ledger/errors';
import { operationKinds, type OperationKindName } from '../ledger/kinds';
import type { Precondition } from '../ledger/statements';
import { debitDaysFrom, GHANA_TODAY } from '../tiers/debit-days';

/*
 * The monitoring rules in SQL, decided under the wallet lock in the transaction of the money move (a Precondition of
 * the ledger's one path, after the tier limits): one query, reading the rules in force, the payer's money moves out
 * within the velocity window (wallet_operations_user_created_idx), the day's moves out and their total by day
 * (debit-days.ts: one row, however many moves), the tier's daily limit and, for a transfer to a saved beneficiary,
 * when it was added. Each rule is a small named function
 * giving the query's part that answers its hit, the same arithmetic as src/domain/monitoring.ts (the tests hold the
 * two to the same answers). Parameters: $1 the payer, $2 the amount (pesewas), $3 the transfer cart or null, $4
 * true to confirm (refuse when nothing hits) rather than check (refuse when something hits).
 */

/**
 * A rule's part: a select of (ord, hit jsonb) rows from the CTEs `p` (parameters), `m` (moves out in the velocity
 * window), `d` (the day's moves out: `n`, `total`), `lim`, `b`.
 */
type RulePart = (ord: number) => string;

const param = (rule: string, name: string) => `(p.${rule} ->> '${name}')::bigint`;

/** More than `count` money moves out within `minutes`. */
const velocity: RulePart = (ord) => `select ${ord} as ord, jsonb_build_object('rule', 'velocity',
      'count', v.n + 1, 'minutes', ${param('velocity', 'minutes')}) as hit
    from p, (select count(*) as n from m, p
             where m.created_at > now() - make_interval(mins => ${param('velocity', 'minutes')}::int)) v
    where p.velocity is not null and v.n + 1 > ${param('velocity', 'count')}`;

/** A first payment above `amountMinor` to a beneficiary added less than `minutes` ago. */
const newBeneficiary: RulePart = (ord) => `select ${ord}, jsonb_build_object('rule', 'newBeneficiary',
      'amountMinor', $2::bigint,
      'addedMinutesAgo', floor(extract(epoch from now() - b.added_at) / 60)::int) as hit
    from p, b
    where p.new_beneficiary is not null and not b.paid_before
      and $2::bigint > ${param('new_beneficiary', 'amountMinor')}
      and b.added_at > now() - make_interval(mins => ${param('new_beneficiary', 'minutes')}::int)`;

/** The `count`-th payment of the day (or later) that brings the day's total within `percent` under the daily limit. */
const structuring: RulePart = (ord) => `select ${ord}, jsonb_build_object('rule', 'structuring',
      'count', d.n + 1, 'dayTotalMinor', d.total + $2::bigint, 'dailyLimitMinor', lim.daily_minor) as hit
    from p, lim, d
    where p.structuring is not null and d.n + 1 >= ${param('structuring', 'count')}
      and (d.total + $2::bigint) * 100 >= lim.daily_minor * (100 - ${param('structuring', 'percent')})`;

/** One payment above `percent` of the tier's daily limit. */
const largeAmount: RulePart = (ord) => `select ${ord}, jsonb_build_object('rule', 'largeAmount',
      'amountMinor', $2::bigint, 'dailyLimitMinor', lim.daily_minor) as hit
    from p, lim
    where p.large_amount is not null and $2::bigint * 100 > lim.daily_minor * ${param('large_amount', 'percent')}`;

/** In the order of domain MONITORING_RULES (partnerLinkPayer is recorded where a link is opened). */
const RULE_PARTS: readonly RulePart[] = [velocity, newBeneficiary, structuring, largeAmount];

const enabled = (name: string) => `(select parameters from r where name = '${name}' and enabled)`;

const MONITORING_CHECK = `with r as (
    select distinct on (name) name, enabled, parameters from monitoring_rules
    where effective_from <= now() order by name, effective_from desc, id desc
  ), p as (
    select ${enabled('velocity')} as velocity, ${enabled('newBeneficiary')} as new_beneficiary,
           ${enabled('structuring')} as structuring, ${enabled('largeAmount')} as large_amount
  ), lim as (
    select l.daily_minor from users u
    join lateral (
      select daily_minor from tier_limits
      where tier = case when u.account_tier = 'none' then 'minimum' else u.account_tier end
        and effective_from <= (now() at time zone 'UTC')::date
      order by effective_from desc limit 1
    ) l on true
    where u.id = $1::int
  ), m as (
    select o.created_at from wallet_operations o, p
    where o.user_id = $1::int and o.direction = 'Debit' and o.status <> 'Failed'
      and o.created_at > now() - make_interval(mins => coalesce(${param('velocity', 'minutes')}, 0)::int)
  ), d as (
    select coalesce(sum(moves), 0) as n, coalesce(sum(amount_minor), 0) as total from (${debitDaysFrom(GHANA_TODAY)}) today
  ), b as (
    select bn.created_at as added_at,
           exists (select 1 from wallet_operations o join transfer_carts c2 on c2.id = o.cart_id
                   where o.user_id = $1::int and c2.beneficiary_id = bn.id and o.status <> 'Failed') as paid_before
    from transfer_carts c join beneficiaries bn on bn.id = c.beneficiary_id
    where c.id = $3::uuid
  ), hits as (
    ${RULE_PARTS.map((part, index) => part(index)).join('\n    union all ')}
  )
  select case
    when not $4::boolean and exists (select 1 from hits)
      then '${'monitoring.review'}|' || (select jsonb_agg(hit order by ord)::text from hits)
    when $4::boolean and not exists (select 1 from hits) then 'monitoring.clear'
  end as refusal`;

/** The kinds the rules look at: money moves out that a user makes (a receiving row is never made on its own). */
export const isMonitored = (kind: OperationKindName): boolean =>
  operationKinds[kind].direction === 'Debit' && operationKinds[kind].decision !== 'mirror';

/**
 * The rules as a precondition of a money move out: refuses with the hits when one hits (`confirm` false), or
 * refuses when none hits any more (`confirm` true: the statement that holds the move for review).
 */
export const monitoringCheck = (
  userId: number,
  amountMinor: number,
  cartId: string | null,
  confirm: boolean,
): Precondition => ({
  name: 'monitoring_check',
  text: MONITORING_CHECK,
  values: [userId, amountMinor, cartId, confirm],
});

/** The rules that hit a money move (the refusal of `monitoringCheck`), or null for any other error. */
export const monitoringHitsOf = (error: unknown): MonitoringHit[] | null => {
  if (!(error instanceof PreconditionFailedError)) return null;
  const [id, ...rest] = error.refusal.split('|');
  if (id !== 'monitoring.review') return null;
  return JSON.parse(rest.join('|')) as MonitoringHit[];
};

/** The rules no longer hit when the move was to be held (`monitoringCheck` confirming). */
export const isMonitoringClear = (error: unknown): boolean =>
  error instanceof PreconditionFailedError && error.refusal === 'monitoring.clear';
