import { useFormat } from '../../i18n/format';

/**
 * An ISO date-time as the reader's language writes it (medium date, short time), through the i18n layer's date
 * formatting; a value that cannot be read is shown as it came.
 */
export const useDateTime = () => {
  const { formatDate } = useFormat();
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  };
};
