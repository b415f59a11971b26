import { normaliseCouponCode } from '../src/domain/coupon';
import { minorToDecimalString } from '../src/domain/money';
import type { Queryable } from '../src/server/db/client';
import { createCouponFrom, type CouponRow } from '../src/server/ops/admin-actions';
import { listCoupons, setCouponEnabled } from '../src/server/routes/transfer/coupons-repository';
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

type Row = CouponRow;

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
    const created = await createCouponFrom(db, {
      code: rawCode,
      discount: rawDiscount,
      from: options.get('--from'),
      until: options.get('--until'),
      maxUses: options.get('--max-uses'),
      perUser: options.get('--per-user'),
    });
    if (!created.ok) return refused(created.problem);
    return { exitCode: 0, lines: [`created: ${line(created.row)}`] };
  }
  return usage(
    command === undefined ? 'no command given' : `unknown command or arguments: ${args.join(' ')}`,
  );
};
