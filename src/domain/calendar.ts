/**
 * Calendar dates as ISO strings ('2026-11-21'): they compare correctly as strings and carry no time zone.
 * Ghana keeps UTC all year, so "today" is the UTC date.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const todayIso = (now: Date = new Date()): IsoDate => now.toISOString().slice(0, 10);

export const isIsoDate = (value: string): value is IsoDate => {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

export const isoDate = (year: number, month: number, day: number): IsoDate =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export const addDays = (date: IsoDate, days: number): IsoDate => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

export const yearOf = (date: IsoDate): number => Number(date.slice(0, 4));
