import { z } from 'zod';

/*
 * What the database can hold. Text: no NUL (PostgreSQL's text refuses it) and no lone UTF-16 surrogate (no UTF-8
 * form), a rule on every request's parsed values (body and query string) that the server applies to every route's
 * request schemas (plugins/storable-requests.ts), so no field can forget it. Ids: PostgreSQL integers (int4), the
 * range of `queryId` and `intId` (a body's id past it is left to the domain rules, which name the field).
 */

export const INT4_MIN = -(2 ** 31);
export const INT4_MAX = 2 ** 31 - 1;

/** NUL, or a high surrogate not followed by a low one, or a low one without its high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE_TEXT.test(text);

/** An id in a query string ('?CountryId=3'): a positive int4. */
export const queryId = () => z.coerce.number().int().positive().max(INT4_MAX);

/** An id in a body: a positive int4. */
export const intId = () => z.number().int().positive().max(INT4_MAX);

/** The path of the first text (walked without recursion) the database cannot hold; null when there is none. */
export const unstorablePath = (value: unknown): (string | number)[] | null => {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => stack.push({ value: element, path: [...path, index] }));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (!isStorableText(key)) return [...path, key];
        stack.push({ value: element, path: [...path, key] });
      }
    }
  }
  return null;
};

/** The schema, refusing any parsed text the database cannot hold (see above). */
export const storable = <Schema extends z.ZodType>(schema: Schema): Schema =>
  schema.superRefine((value, context) => {
    const path = unstorablePath(value);
    if (path) context.addIssue({ code: 'custom', path, message: 'a value the database cannot hold' });
  }) as Schema;
