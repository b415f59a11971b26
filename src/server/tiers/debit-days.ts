/*
 * What user $1's wallet sent out by UTC day (Ghana's) from `fromDay` (an SQL date expression) on: the rows of
 * wallet_debit_days and their adjustments (schema.ts walletDebitDays, kept by migration 0026's triggers), as
 * (day, amount_minor, moves). Summed, they equal the user's debits that have not failed on those days, in at most one
 * row a day (and one per later failure), however many moves the wallet made: read under the wallet lock by the tier
 * limits and the monitoring rules (issue 28).
 */
export const debitDaysFrom = (
  fromDay: string,
): string => `select day, amount_minor, moves from wallet_debit_days
      where user_id = $1::int and day >= ${fromDay}
    union all
    select day, amount_minor, moves from wallet_debit_adjustments
      where user_id = $1::int and day >= ${fromDay}`;

/** Today in Ghana (UTC), and the first day of its month, as SQL for `debitDaysFrom`. */
export const GHANA_TODAY = `(now() at time zone 'UTC')::date`;
export const GHANA_MONTH_START = `date_trunc('month', now() at time zone 'UTC')::date`;
