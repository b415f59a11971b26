import { isCouponCode, normaliseCouponCode, parseCouponDiscount } from '../src/domain/coupon';
import { minorToDecimalString } from '../src/domain/money';
import type { Queryable } from '../src/server/db/client';
import { isUniqueViolation } from '../src/server/db/errors';
import {
  createCoupon,
  listCoupons,
  setCouponEnabled,
} from '../src/server/routes/transfer/coupons-repository';
import { optionsOf, type AdminCommandResult } from './admin-command';

/*
 * The coupon admin command (`npm run coupons -- ...`), as a function of a database and its arguments, so the tests
 * run it without a subprocess. scripts/coupons.ts opens the database.
 */

export const COUPONS_USAGE = [
  'usage: npm run coupons -- list',
  '       npm run coupons -- create <CODE> <DISCOUNT> [--from <date>] [--until <date>] [--max-uses <n>] [--per-user <n>]',
  '       npm run coupons -- disable <CODE>',
  '       npm run coupons -- enable <CODE>',
  '  DISCOUNT comes off the processing fee: a percentage (10%, 12.5%) or a fixed amount of cedis (5, 2.50).',
  '  Dates are ISO (2026-12-01 or 2026-12-01T09:00:00Z); --until is exclusive. Without limits a coupon is unlimited.',
];

type Row = Awaited<ReturnType<typeof listCoupons>>[number];

const discountText = (row: Row) =>
  row.discountKind === 'percent'
    ? `${(row.percentBasisPoints ?? 0) / 100}% off the fee`
    : `GH₵ ${minorToDecimalString(Number(row.amountMinor ?? 0))} off the fee`;

const line = (row: Row) =>
  [
    row.code.padEnd(14),
    discountText(row).padEnd(24),
    `uses ${row.uses}${row.maxUses === null ? '' : `/${row.maxUses}`}`,
    row.maxUsesPerUser === null ? '' : `(${row.maxUsesPerUser} per user)`,
    `from ${row.validFrom.toISOString()}`,
    row.validUntil ? `until ${row.validUntil.toISOString()}` : 'no end',
    row.enabled ? 'enabled' : 'DISABLED',
  ]
    .filter(Boolean)
    .join('  ');

const usage = (problem: string): AdminCommandResult => ({ exitCode: 2, lines: [problem, ...COUPONS_USAGE] });
const refused = (problem: string): AdminCommandResult => ({ exitCode: 1, lines: [problem] });

const dateOf = (text: string | undefined): Date | null | 'invalid' => {
  if (text === undefined) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
};

const limitOf = (text: string | undefined): number | null | 'invalid' => {
  if (text === undefined) return null;
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : 'invalid';
};

export const runCouponsCommand = async (
  db: Queryable,
  args: readonly string[],
): Promise<AdminCommandResult> => {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) {
    const rows = await listCoupons(db);
    return { exitCode: 0, lines: rows.length === 0 ? ['No coupons yet.'] : rows.map(line) };
  }
  if ((command === 'disable' || command === 'enable') && rest.length === 1) {
    const code = normaliseCouponCode(rest[0] ?? '');
    if (!(await setCouponEnabled(db, code, command === 'enable'))) return refused(`${code}: no such coupon.`);
    return { exitCode: 0, lines: [`${code}: ${command === 'enable' ? 'enabled' : 'disabled'}.`] };
  }
  if (command === 'create' && rest.length >= 2) {
    const [rawCode = '', rawDiscount = '', ...flags] = rest;
    const options = optionsOf(flags, ['--from', '--until', '--max-uses', '--per-user']);
    if (!options) return usage(`create: unknown or incomplete option in: ${flags.join(' ')}`);
    if (!isCouponCode(rawCode))
      return refused(`${rawCode} is not a coupon code: 3 to 32 letters, digits, '-' or '_'.`);
    const discount = parseCouponDiscount(rawDiscount);
    if (!discount)
      return refused(`${rawDiscount} is not a discount: a percentage up to 100% (10%) or cedis (5, 2.50).`);
    const from = dateOf(options.get('--from'));
    const until = dateOf(options.get('--until'));
    if (from === 'invalid' || until === 'invalid') return refused('--from and --until take ISO dates.');
    if (until !== null && until.getTime() <= (from ?? new Date()).getTime())
      return refused('--until must be after --from (and after now when --from is not given).');
    const maxUses = limitOf(options.get('--max-uses'));
    const perUser = limitOf(options.get('--per-user'));
    if (maxUses === 'invalid' || perUser === 'invalid')
      return refused('--max-uses and --per-user take a whole number above 0.');
    try {
      const row = await createCoupon(db, {
        code: rawCode,
        discount,
        ...(from ? { validFrom: from } : {}),
        validUntil: until,
        maxUses,
        maxUsesPerUser: perUser,
      });
      return { exitCode: 0, lines: [`created: ${line(row)}`] };
    } catch (error) {
      if (isUniqueViolation(error)) return refused(`${normaliseCouponCode(rawCode)} exists already.`);
      throw error;
    }
  }
  return usage(
    command === undefined ? 'no command given' : `unknown command or arguments: ${args.join(' ')}`,
  );
};
