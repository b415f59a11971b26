import { userInfo } from 'node:os';
import { optionsOf, type AdminCommandResult } from './admin-command';
import type { Queryable } from '../src/server/db/client';
import { setExchangeRate } from '../src/server/ops/admin-actions';
import { currentRates, rateHistory, type RateRecord } from '../src/server/routes/transfer/rates-repository';

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
    const set = await setExchangeRate(db, {
      code: rawCode,
      rate,
      name: options.get('--name'),
      note: options.get('--note'),
      setBy: operator,
    });
    if (!set.ok) return refused(set.problem);
    const { code } = set.after;
    return {
      exitCode: 0,
      lines: [
        `${code}: ${set.before ? set.before.rate : '(none)'} -> ${set.after.rate} per GHS`,
        line(set.after),
      ],
    };
  }
  return usage(
    command === undefined ? 'no command given' : `unknown command or arguments: ${args.join(' ')}`,
  );
};
