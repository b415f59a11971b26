import { userInfo } from 'node:os';
import { optionsOf, type AdminCommandResult } from './admin-command';
import { isRate } from '../src/domain/fx';
import { WALLET_CURRENCY } from '../src/domain/money';
import type { Queryable } from '../src/server/db/client';
import {
  appendRate,
  currentRate,
  currentRates,
  rateHistory,
  type RateRecord,
} from '../src/server/routes/transfer/rates-repository';

/*
 * The exchange-rate admin command (`npm run rates -- ...`), as a function of a database and its arguments, so the
 * tests run it without a subprocess. scripts/rates.ts opens the database (PGlite under DATA_DIR, or DATABASE_URL).
 */

export const RATES_USAGE = [
  'usage: npm run rates -- list',
  '       npm run rates -- history <CODE>',
  '       npm run rates -- set <CODE> <RATE> [--note <text>] [--name <currency name>]',
  '  RATE is units of CODE for one GHS, at most 8 decimals (e.g. set USD 0.0812). A new currency needs --name.',
];

export type RatesCommandResult = AdminCommandResult;

/** Who ran the command, for the rate's `set_by`. */
export const operatorName = (): string => {
  try {
    return process.env.RATES_OPERATOR ?? userInfo().username;
  } catch {
    return 'operator';
  }
};

const line = (record: RateRecord) =>
  `${record.code}  ${record.rate.padEnd(14)}  ${record.name.padEnd(20)}  as of ${record.asOf.toISOString()}  by ${record.setBy}${record.note ? `  (${record.note})` : ''}`;

const usage = (problem: string): RatesCommandResult => ({ exitCode: 2, lines: [problem, ...RATES_USAGE] });
const refused = (problem: string): RatesCommandResult => ({ exitCode: 1, lines: [problem] });

export const runRatesCommand = async (
  db: Queryable,
  args: readonly string[],
  operator: string = operatorName(),
): Promise<RatesCommandResult> => {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) {
    const rates = await currentRates(db);
    return { exitCode: 0, lines: rates.map(line) };
  }
  if (command === 'history' && rest.length === 1) {
    const code = (rest[0] ?? '').toUpperCase();
    const history = await rateHistory(db, code);
    if (history.length === 0) return refused(`${code} is not in the rate table.`);
    return { exitCode: 0, lines: history.map(line) };
  }
  if (command === 'set' && rest.length >= 2) {
    const [rawCode = '', rate = '', ...flags] = rest;
    const options = optionsOf(flags, ['--note', '--name']);
    if (!options) return usage(`set: unknown or incomplete option in: ${flags.join(' ')}`);
    const code = rawCode.toUpperCase();
    if (!/^[A-Z]{3}$/.test(code))
      return refused(`${rawCode} is not a currency code (three letters, e.g. USD).`);
    if (code === WALLET_CURRENCY)
      return refused(`${WALLET_CURRENCY} is the base of the table: its rate is always 1.`);
    if (!isRate(rate))
      return refused(`${rate} is not a rate: a positive decimal with at most 8 decimals, e.g. 0.0812.`);
    const before = await currentRate(db, code);
    const name = options.get('--name') ?? before?.name;
    if (!name) return refused(`${code} is new: give its name with --name, e.g. --name "US dollar".`);
    const after = await appendRate(db, {
      code,
      name,
      rate: rate.trim(),
      setBy: operator,
      note: options.get('--note') ?? '',
    });
    return {
      exitCode: 0,
      lines: [`${code}: ${before ? before.rate : '(none)'} -> ${after.rate} per GHS`, line(after)],
    };
  }
  return usage(
    command === undefined ? 'no command given' : `unknown command or arguments: ${args.join(' ')}`,
  );
};
