import { isCouponCode, normaliseCouponCode, parseCouponDiscount } from '../../domain/coupon';
import { isRate } from '../../domain/fx';
import { WALLET_CURRENCY } from '../../domain/money';
import { newToken, tokenHash } from '../crypto';
import type { Db, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { operatorByCode } from '../routes/betting/bets-repository';
import { replacePartnerKey, revokePartnerKey } from '../routes/betting/payment-links-repository';
import { createCoupon, type listCoupons } from '../routes/transfer/coupons-repository';
import { appendRate, currentRate, type RateRecord } from '../routes/transfer/rates-repository';

/*
 * The administrators' changes (issue 25), decided once for both their doors: the shell commands (scripts/rates-,
 * coupons-, partners-command.ts) and the back office's admin routes (ops-admin-routes.ts). Each answers what it
 * did, or the problem in the commands' words.
 */

export type Refused = { ok: false; problem: string };
const refused = (problem: string): Refused => ({ ok: false, problem });

/* Exchange rates */

export interface RateChange {
  code: string;
  rate: string;
  name?: string;
  note?: string;
  setBy: string;
}

export const setExchangeRate = async (
  db: Queryable,
  { code: rawCode, rate, name: newName, note, setBy }: RateChange,
): Promise<{ ok: true; before: RateRecord | null; after: RateRecord } | Refused> => {
  const code = rawCode.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    return refused(`${rawCode} is not a currency code (three letters, e.g. USD).`);
  if (code === WALLET_CURRENCY)
    return refused(`${WALLET_CURRENCY} is the base of the table: its rate is always 1.`);
  if (!isRate(rate))
    return refused(`${rate} is not a rate: a positive decimal with at most 8 decimals, e.g. 0.0812.`);
  const before = await currentRate(db, code);
  const name = newName ?? before?.name;
  if (!name) return refused(`${code} is new: give its name with --name, e.g. --name "US dollar".`);
  const after = await appendRate(db, { code, name, rate: rate.trim(), setBy, note: note ?? '' });
  return { ok: true, before, after };
};

/* Coupons */

export type CouponRow = Awaited<ReturnType<typeof listCoupons>>[number];

/** A new coupon's fields as written by an operator (dates ISO, limits whole numbers), each optional but the first two. */
export interface CouponSpec {
  code: string;
  discount: string;
  from?: string;
  until?: string;
  maxUses?: string;
  perUser?: string;
}

const dateOf = (text: string | undefined): Date | null | 'invalid' => {
  if (text === undefined) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
};

const limitOf = (text: string | undefined): number | null | 'invalid' => {
  if (text === undefined) return null;
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : 'invalid';
};

export const createCouponFrom = async (
  db: Queryable,
  spec: CouponSpec,
): Promise<{ ok: true; row: CouponRow } | Refused> => {
  if (!isCouponCode(spec.code))
    return refused(`${spec.code} is not a coupon code: 3 to 32 letters, digits, '-' or '_'.`);
  const discount = parseCouponDiscount(spec.discount);
  if (!discount)
    return refused(`${spec.discount} is not a discount: a percentage up to 100% (10%) or cedis (5, 2.50).`);
  const from = dateOf(spec.from);
  const until = dateOf(spec.until);
  if (from === 'invalid' || until === 'invalid') return refused('--from and --until take ISO dates.');
  if (until !== null && until.getTime() <= (from ?? new Date()).getTime())
    return refused('--until must be after --from (and after now when --from is not given).');
  const maxUses = limitOf(spec.maxUses);
  const perUser = limitOf(spec.perUser);
  if (maxUses === 'invalid' || perUser === 'invalid')
    return refused('--max-uses and --per-user take a whole number above 0.');
  try {
    const row = await createCoupon(db, {
      code: spec.code,
      discount,
      ...(from ? { validFrom: from } : {}),
      validUntil: until,
      maxUses,
      maxUsesPerUser: perUser,
    });
    return { ok: true, row };
  } catch (error) {
    if (isUniqueViolation(error)) return refused(`${normaliseCouponCode(spec.code)} exists already.`);
    throw error;
  }
};

/* Partner API keys (one active key per operator; only its sha256 is kept) */

export const issuePartnerKey = async (
  db: Db,
  operatorCode: string,
): Promise<{ ok: true; operator: { id: number; name: string }; key: string } | Refused> => {
  const operator = await operatorByCode(db, operatorCode);
  if (!operator) return refused(`partners: no betting operator with code '${operatorCode}' (see list)`);
  const key = newToken();
  await replacePartnerKey(db, operator.id, tokenHash(key));
  return { ok: true, operator, key };
};

export const revokePartnerKeyOf = async (
  db: Db,
  operatorCode: string,
): Promise<{ ok: true; operator: { id: number; name: string } } | Refused> => {
  const operator = await operatorByCode(db, operatorCode);
  if (!operator) return refused(`partners: no betting operator with code '${operatorCode}' (see list)`);
  if (!(await revokePartnerKey(db, operator.id)))
    return refused(`partners: ${operator.name} has no active key`);
  return { ok: true, operator };
};
