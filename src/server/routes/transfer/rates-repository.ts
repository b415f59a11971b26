import { sql, type SQL } from 'drizzle-orm';
import type { ExchangeRate } from '../../../contract/transfer';
import { WALLET_CURRENCY } from '../../../domain/money';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/sql';

/*
 * The one exchange-rate table (units of a currency per GHS), append-only: the current rate of a currency is its
 * newest row; setting a rate adds a row, so the history stays.
 */

export interface RateRecord {
  code: string;
  name: string;
  /** Exact decimal, without trailing zeros: '0.0812', '124'. */
  rate: string;
  asOf: Date;
  setBy: string;
  note: string;
}

interface RateRow {
  code: string;
  name: string;
  rate: string;
  as_of: Date | string;
  set_by: string;
  note: string;
}

/** numeric(17, 8) as text ('0.08120000') without its trailing zeros ('0.0812'). */
export const normalizeRate = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

const toRecord = (row: RateRow): RateRecord => ({
  code: row.code,
  name: row.name,
  rate: normalizeRate(String(row.rate)),
  asOf: new Date(row.as_of),
  setBy: row.set_by,
  note: row.note,
});

/** GHS first, then by code. */
const walletCurrencyFirst = (a: RateRecord, b: RateRecord) =>
  Number(b.code === WALLET_CURRENCY) - Number(a.code === WALLET_CURRENCY) || a.code.localeCompare(b.code);

/** The current rate of every currency (GHS first, then by code). */
export const currentRates = async (db: Queryable): Promise<RateRecord[]> => {
  const rows = await queryRows<RateRow>(
    db,
    sql`select distinct on (code) code, name, rate::text as rate, as_of, set_by, note from exchange_rates
        order by code, as_of desc, id desc`,
  );
  return rows.map(toRecord).sort(walletCurrencyFirst);
};

/** The current row of one currency (its newest): the FROM of a select of its columns. */
const currentRowOf = (code: string) =>
  sql`from exchange_rates where code = ${code} order by as_of desc, id desc limit 1`;

/** The current rate of one currency, or null when the table does not have it. */
export const currentRate = async (db: Queryable, code: string): Promise<RateRecord | null> => {
  const [row] = await queryRows<RateRow>(
    db,
    sql`select code, name, rate::text as rate, as_of, set_by, note ${currentRowOf(code)}`,
  );
  return row ? toRecord(row) : null;
};

/**
 * The current rate of one currency as a scalar subquery, for a statement that reads more beside it: the numeric as
 * text (normalizeRate it), or null when the table does not have the currency.
 */
export const currentRateText = (code: string): SQL<string | null> =>
  sql<string | null>`(select rate::text ${currentRowOf(code)})`;

/** Every rate a currency has had, newest first. */
export const rateHistory = async (db: Queryable, code: string): Promise<RateRecord[]> => {
  const rows = await queryRows<RateRow>(
    db,
    sql`select code, name, rate::text as rate, as_of, set_by, note from exchange_rates where code = ${code}
        order by as_of desc, id desc`,
  );
  return rows.map(toRecord);
};

/** Appends a rate (it becomes the current one). The caller has checked the code and the rate. */
export const appendRate = async (
  db: Queryable,
  { code, name, rate, setBy, note }: Omit<RateRecord, 'asOf'>,
): Promise<RateRecord> => {
  const [row] = await queryRows<RateRow>(
    db,
    sql`insert into exchange_rates (code, name, rate, set_by, note)
        values (${code}, ${name}, ${rate}::numeric, ${setBy}, ${note})
        returning code, name, rate::text as rate, as_of, set_by, note`,
  );
  if (!row) throw new Error('insert returned no row');
  return toRecord(row);
};

export const exchangeRateOf = ({ code, name, rate, asOf }: RateRecord): ExchangeRate => ({
  code,
  name,
  rate,
  asOf: asOf.toISOString(),
});
