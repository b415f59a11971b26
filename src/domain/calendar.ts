/**
 * Calendar dates as ISO strings ('2026-11-21'): they compare correctly as strings and carry no time zone.
 * Ghana keeps UTC all year, so "today" is the UTC date. The arithmetic is date-fns on the date's local
 * midnight (a plain calendar date, never an instant), so time zones and daylight saving cannot shift a day.
 */
import { addDays as addCalendarDays, formatISO, getDaysInMonth, isValid } from 'date-fns';

export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of the date (setFullYear, so years below 100 stay themselves); date-fns' parseISO costs 1.5 KB. */
const toDate = (date: IsoDate): Date => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const result = new Date(0);
  result.setFullYear(year, month - 1, day);
  result.setHours(0, 0, 0, 0);
  return result;
};
const toIso = (date: Date): IsoDate => formatISO(date, { representation: 'date' });

export const todayIso = (now: Date = new Date()): IsoDate => now.toISOString().slice(0, 10);

/** A real date of year 1 or later ('2026-02-30' is not). */
export const isIsoDate = (value: string): value is IsoDate =>
  ISO_DATE.test(value) && yearOf(value) >= 1 && isValid(toDate(value)) && toIso(toDate(value)) === value;

export const isoDate = (year: number, month: number, day: number): IsoDate =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export const daysInMonth = (year: number, month: number): number =>
  getDaysInMonth(toDate(isoDate(year, month, 1)));

export const addDays = (date: IsoDate, days: number): IsoDate => toIso(addCalendarDays(toDate(date), days));

export const yearOf = (date: IsoDate): number => Number(date.slice(0, 4));

/** The calendar date of an ISO date, for date-fns (local midnight of that day). */
export const calendarDate = toDate;
