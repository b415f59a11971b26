/**
 * How each language writes amounts and dates: the one place that decides it (the browser's useI18n and the server
 * call these; nothing else formats a date or an amount with Intl).
 *
 * Browsers do not all carry the same locale data: Chromium's ICU has none for Hausa, Yoruba, Igbo or Zulu (it
 * silently answers in American English: 'Mar 5, 2026, 2:30 PM'), while it has French, Swahili, Akan (Twi) and
 * Amharic. For those four languages, dates are written here from CLDR's own data (month names and patterns, as
 * Node's full ICU 78 / CLDR 48 gives them: tests/domain/locale-format.test.ts compares them), so every browser
 * shows the same text. Their numbers follow CLDR too: '.' for decimals and ',' for thousands, as in English.
 * Money is always GH₵ (narrowSymbol), whatever the language.
 */
import { intlLocales, type Language } from './language';
import { formatMoney, type MinorUnits } from './money';

export { intlLocales } from './language';

interface CldrDates {
  /** Month names, January first (CLDR format context, wide). */
  months: readonly string[];
  /** A full date ({d}, {MMMM}, {y}): CLDR's long date, with the month spelled out. */
  date: string;
  /** A month and year ({MMMM}, {y}). */
  monthYear: string;
  /** A date with a time ({date}, {time}): CLDR's medium date-time glue. */
  dateTime: string;
}

/**
 * CLDR 48 data of the languages Chromium has no date data for. Their time is 24-hour HH:mm, CLDR's short time
 * (Yoruba's is 'H:m' there, '9:5': written 09:05 here).
 */
const cldrDates: Partial<Record<Language, CldrDates>> = {
  ha: {
    months: [
      'Janairu',
      'Faburairu',
      'Maris',
      'Afirilu',
      'Mayu',
      'Yuni',
      'Yuli',
      'Agusta',
      'Satumba',
      'Oktoba',
      'Nuwamba',
      'Disamba',
    ],
    date: '{d} {MMMM}, {y}',
    monthYear: '{MMMM} {y}',
    dateTime: '{date}, {time}',
  },
  yo: {
    months: [
      'Oṣù Ṣẹ́rẹ́',
      'Oṣù Èrèlè',
      'Oṣù Ẹrẹ̀nà',
      'Oṣù Ìgbé',
      'Oṣù Ẹ̀bibi',
      'Oṣù Òkúdu',
      'Oṣù Agẹmọ',
      'Oṣù Ògún',
      'Oṣù Owewe',
      'Oṣù Ọ̀wàrà',
      'Oṣù Bélú',
      'Oṣù Ọ̀pẹ̀',
    ],
    date: '{d} {MMMM} {y}',
    monthYear: '{MMMM} {y}',
    dateTime: '{date}, {time}',
  },
  zu: {
    months: [
      'Januwari',
      'Februwari',
      'Mashi',
      'Ephreli',
      'Meyi',
      'Juni',
      'Julayi',
      'Agasti',
      'Septhemba',
      'Okthoba',
      'Novemba',
      'Disemba',
    ],
    date: '{MMMM} {d}, {y}',
    monthYear: '{MMMM} {y}',
    dateTime: '{date} {time}',
  },
  ig: {
    months: [
      'Jenụwarị',
      'Febrụwarị',
      'Maachị',
      'Epreel',
      'Mee',
      'Jun',
      'Julaị',
      'Ọgọọst',
      'Septemba',
      'Ọktoba',
      'Novemba',
      'Disemba',
    ],
    date: '{d} {MMMM} {y}',
    monthYear: '{MMMM} {y}',
    dateTime: '{date}, {time}',
  },
};

/** The languages whose dates are written from the table above rather than by the browser's Intl. */
export const cldrDateLanguages = Object.keys(cldrDates) as Language[];

/** English's number conventions are CLDR's for Hausa, Yoruba, Igbo and Zulu: used where a browser lacks theirs. */
const numberLocale = (language: Language): string =>
  cldrDates[language] ? intlLocales.en : intlLocales[language];

/** Integer minor units as an amount in `language`: GH₵ (or `currency`, in its own minor units). */
export const formatMoneyIn = (language: Language, minor: MinorUnits, currency?: string): string =>
  formatMoney(minor, numberLocale(language), currency);

const fill = (pattern: string, values: Record<string, string>): string =>
  pattern.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The date's fields in `timeZone` (the reader's own when not given), read from a locale every browser has. */
const fieldsOf = (date: Date, timeZone: string | undefined) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const field = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    y: field('year'),
    month: Number(field('month')),
    d: String(Number(field('day'))),
    time: `${field('hour')}:${field('minute')}`,
  };
};

const formatCldrDate = (data: CldrDates, date: Date, options: Intl.DateTimeFormatOptions): string => {
  const { y, month, d, time } = fieldsOf(date, options.timeZone);
  const MMMM = data.months[month - 1] ?? '';
  const hasTime = Boolean(options.timeStyle || options.hour || options.minute);
  const hasDay = Boolean(options.dateStyle || options.day);
  const hasMonth = Boolean(hasDay || options.month);
  const datePart = hasDay
    ? fill(data.date, { d, MMMM, y })
    : hasMonth && options.year
      ? fill(data.monthYear, { MMMM, y })
      : hasMonth
        ? MMMM
        : options.year
          ? y
          : '';
  if (!hasTime) return datePart || fill(data.date, { d, MMMM, y });
  return datePart ? fill(data.dateTime, { date: datePart, time }) : time;
};

/**
 * A date (or time) in `language`, as Intl's options ask for it: dateStyle/timeStyle, or day, month, year, hour,
 * minute. Where the browser lacks the language's data, the date is spelled with CLDR's month names (a date with a
 * day is always the long form there: CLDR's medium Yoruba date is all digits, '5 03 2026').
 */
export const formatDateIn = (
  language: Language,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string => {
  const data = cldrDates[language];
  return data
    ? formatCldrDate(data, date, options)
    : new Intl.DateTimeFormat(intlLocales[language], options).format(date);
};
