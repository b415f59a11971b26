/*
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF; a field holding a comma, a double quote, a
 * CR or LF, or leading or trailing spaces is quoted, its double quotes doubled. null and undefined are empty fields;
 * anything not a string, number or boolean is written as its JSON.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvRecord = (fields: readonly unknown[]): string => fields.map(csvField).join(',');

/** A header record and one record per row, each ended by CRLF. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows].map((fields) => `${csvRecord(fields)}\r\n`).join('');
