import { useMemo } from 'react';
import { daysInMonth } from '../../domain/calendar';
import { useI18n } from '../../i18n/i18n';
import { useFormat } from '../../i18n/format';

/** A date as its three parts; 0 means "not chosen yet". */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export type DatePart = keyof DateParts;

/** 31 days until the year and month are both chosen. */
const daysIn = (year: number, month: number): number =>
  year > 0 && month > 0 ? daysInMonth(year, month) : 31;

/**
 * A date as three labelled selects (day, month, year) in a fieldset. Month names are the reader's language's
 * (useI18n's formatDate); the day list follows the chosen month. The error (if any) is tied to every select and announced.
 */
export function DateSelects({
  legend,
  labels,
  idPrefix,
  value,
  years,
  disabled = false,
  hint,
  error,
  onChange,
}: {
  legend: string;
  labels: Record<DatePart, string>;
  idPrefix: string;
  value: DateParts;
  years: readonly number[];
  disabled?: boolean;
  hint?: string | null;
  error?: string | null;
  /** The chosen option's value ('' for the placeholder). */
  onChange: (part: DatePart, value: string) => void;
}) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const months = useMemo(
    () =>
      Array.from({ length: 12 }, (_, index) =>
        formatDate(new Date(Date.UTC(2000, index, 1)), { month: 'long', timeZone: 'UTC' }),
      ),
    [formatDate],
  );
  const days = Array.from({ length: daysIn(value.year, value.month) }, (_, index) => index + 1);
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const select = (
    part: DatePart,
    placeholder: string,
    options: readonly { value: number; label: string }[],
  ) => (
    <div className="date-part">
      <label htmlFor={`${idPrefix}-${part}`}>{labels[part]}</label>
      <select
        id={`${idPrefix}-${part}`}
        value={value[part] > 0 ? String(value[part]) : ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(part, event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="field date-selects" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="date-parts">
        {select(
          'day',
          t('addIdentification.day'),
          days.map((day) => ({ value: day, label: String(day) })),
        )}
        {select(
          'month',
          t('addIdentification.month'),
          months.map((name, index) => ({ value: index + 1, label: name })),
        )}
        {select(
          'year',
          t('addIdentification.year'),
          years.map((year) => ({ value: year, label: String(year) })),
        )}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
