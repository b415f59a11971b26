/**
 * A calendar month ('2026-11') and its weeks for the dashboard's picture of the month. Weeks are counted from the
 * 1st (days 1-7, 8-14, 15-21, 22-28, then 29 to the end when the month has them), so every user's weeks are the
 * same whatever their language's first day of the week, and a week never straddles two months. Ghana keeps UTC
 * all year (Africa/Accra), so the month of an instant is its UTC month.
 */
import { daysInMonth, isoDate, type IsoDate } from './calendar';

export type IsoMonth = string;

const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The length of a week of the month, in days. */
export const DAYS_PER_WEEK = 7;

export const isIsoMonth = (value: string): value is IsoMonth => ISO_MONTH.test(value);

/** The UTC month of an instant (now by default). */
export const monthOf = (instant: Date = new Date()): IsoMonth => instant.toISOString().slice(0, 7);

const partsOf = (month: IsoMonth): { year: number; month: number } => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { year, month: monthNumber };
};

/** The first day of the month and the first day of the next one. */
export const monthBounds = (month: IsoMonth): { from: IsoDate; until: IsoDate } => {
  const parts = partsOf(month);
  const next = parts.month === 12 ? { year: parts.year + 1, month: 1 } : { ...parts, month: parts.month + 1 };
  return { from: isoDate(parts.year, parts.month, 1), until: isoDate(next.year, next.month, 1) };
};

export interface MonthWeek {
  /** 1-based. */
  week: number;
  /** First and last day of the week, inclusive. */
  from: IsoDate;
  to: IsoDate;
}

/** The weeks of a month, as above (4 for a February of 28 days, else 5). */
export const monthWeeks = (month: IsoMonth): MonthWeek[] => {
  const { year, month: monthNumber } = partsOf(month);
  const days = daysInMonth(year, monthNumber);
  const weeks: MonthWeek[] = [];
  for (let first = 1; first <= days; first += DAYS_PER_WEEK) {
    weeks.push({
      week: weeks.length + 1,
      from: isoDate(year, monthNumber, first),
      to: isoDate(year, monthNumber, Math.min(first + DAYS_PER_WEEK - 1, days)),
    });
  }
  return weeks;
};
