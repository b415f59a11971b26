import { preparedRows, type Db } from '../../db/client';
import { toMinor } from '../../db/sql';
import type { MonthSummary } from '../../../contract/wallet';
import { DAYS_PER_WEEK, monthBounds, monthWeeks, type IsoMonth } from '../../../domain/month';

interface WeekRecord {
  week: number;
  in_minor: unknown;
  out_minor: unknown;
}

/**
 * Money in and out of a user's wallet over a month, by week of the month (domain/month.ts), summed from the
 * ledger entries of that user's wallet account only: positive entries came in, negative ones left (fees
 * included). A day is the UTC day of the entry (Africa/Accra is UTC). Weeks with no entry answer zeros.
 */
export const monthSummaryOfUser = async (db: Db, userId: number, month: IsoMonth): Promise<MonthSummary> => {
  const { from, until } = monthBounds(month);
  const rows = await preparedRows<WeekRecord>(
    db,
    'wallet_month_summary_of_user',
    `select ((extract(day from e.created_at at time zone 'UTC')::int - 1) / $4::int + 1)::int as week,
            coalesce(sum(e.amount_minor) filter (where e.amount_minor > 0), 0) as in_minor,
            coalesce(-sum(e.amount_minor) filter (where e.amount_minor < 0), 0) as out_minor
       from ledger_entries e
       join ledger_accounts a on a.id = e.account_id
      where a.user_id = $1::int and a.kind = 'wallet'
        and e.created_at >= ($2::date)::timestamp at time zone 'UTC'
        and e.created_at < ($3::date)::timestamp at time zone 'UTC'
      group by 1`,
    [userId, from, until, DAYS_PER_WEEK],
  );
  const byWeek = new Map(rows.map((row) => [Number(row.week), row]));
  const weeks = monthWeeks(month).map((week) => {
    const row = byWeek.get(week.week);
    return { ...week, inMinor: toMinor(row?.in_minor ?? 0), outMinor: toMinor(row?.out_minor ?? 0) };
  });
  return {
    month,
    weeks,
    inMinor: weeks.reduce((total, week) => total + week.inMinor, 0),
    outMinor: weeks.reduce((total, week) => total + week.outMinor, 0),
  };
};
