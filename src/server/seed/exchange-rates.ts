import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/**
 * The rate table the product starts with: units of each currency for one GHS (docs/decisions.md, "Issue 8: the
 * transfer engine"). The spec's currency selector sets the scale (GHS->USD 0.08, GHS->GBP 0.0645, their inverses
 * 12.5 and 15.5); the others are realistic cross rates through the dollar. Seeded once per currency: a rate an
 * operator set later (`npm run rates -- set ...`) is never overwritten by a restart.
 */
export const INITIAL_EXCHANGE_RATES: readonly { code: string; name: string; rate: string }[] = [
  { code: 'GHS', name: 'Ghanaian cedi', rate: '1' },
  { code: 'USD', name: 'US dollar', rate: '0.08' },
  { code: 'EUR', name: 'Euro', rate: '0.0741' },
  { code: 'GBP', name: 'British pound', rate: '0.0645' },
  { code: 'NGN', name: 'Nigerian naira', rate: '124' },
  { code: 'PKR', name: 'Pakistani rupee', rate: '22.24' },
  { code: 'INR', name: 'Indian rupee', rate: '6.68' },
  { code: 'KES', name: 'Kenyan shilling', rate: '10.32' },
  { code: 'ZAR', name: 'South African rand', rate: '1.456' },
];

export const SEED_OPERATOR = 'seed';

/** Inserts the initial rate of every currency that has none yet (idempotent). */
export const seedExchangeRates = async (db: Queryable): Promise<void> => {
  const rows = sql.join(
    INITIAL_EXCHANGE_RATES.map(({ code, name, rate }) => sql`(${code}, ${name}, ${rate})`),
    sql`, `,
  );
  await db.execute(sql`insert into exchange_rates (code, name, rate, set_by, note)
    select v.code, v.name, v.rate::numeric, ${SEED_OPERATOR}, 'initial rate table'
    from (values ${rows}) as v(code, name, rate)
    where not exists (select 1 from exchange_rates e where e.code = v.code)`);
};
