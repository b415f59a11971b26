import fc from 'fast-check';
import type { z } from 'zod';
import { API_AMOUNT_MAX } from '../../src/contract/db-input';
import { apiAmountSchema } from '../../src/contract/envelope';

/*
 * Requests an attacker would send, derived from the contract's request schemas: a plausible request (the shape the
 * schema asks for) with one part made hostile (a string, a number or a shape no form sends), or a body that is not
 * JSON the contract can take at all.
 */

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string }; bag?: Record<string, unknown> };
}
const defOf = (schema: z.ZodType) => (schema as unknown as ZodInternals)._zod.def;
const bagOf = (schema: z.ZodType) => (schema as unknown as ZodInternals)._zod.bag ?? {};

/** Field names that name the signed-in user: the plausible request names the user itself, so it gets past the ownership check. */
const SELF_FIELDS = new Set(['userId', 'UserId', 'senderId']);

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'a'.repeat(1_000_000),
  'a'.repeat(70_000),
  '9'.repeat(400),
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%',
  '_',
  '%_\\',
  '\\',
  '../../etc/passwd',
  '\u202eevil',
  '\uFEFF',
  '\r\n',
  '   ',
  '',
  '💸'.repeat(300),
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '1e-400',
  '0x10',
  '1_000',
  ' 1',
  '-0',
  '2147483648',
  '9223372036854775808',
  '00000000-0000-0000-0000-000000000000',
  'user\u0000@example.com',
  '\t\n',
  '1e308',
  '0x7fffffff',
  '-2147483649',
  '٣٤',
  '１２',
  // Plausible text just past the columns' lengths (varchar(3), (8), (16), (20), (32), (64), (100), (200)...).
  ...[4, 9, 17, 21, 33, 65, 101, 129, 201, 257, 513, 1025].flatMap((length) => [
    'a'.repeat(length),
    '2'.repeat(length),
    `${'a'.repeat(length)}@example.com`,
  ]),
  '0241234567',
  '233241234567',
  '+233241234567',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 + 2,
  2 ** 63,
  2 ** 64,
  -(2 ** 63),
  -0,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  0.1 + 0.2,
  1.005,
  -1,
  0,
  1e17,
  // Just past the largest amount a request may carry (its minor units no longer an exact integer).
  API_AMOUNT_MAX + 1,
];

/** A value nested `depth` levels (objects in arrays), for a place that wants something else. */
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: [nested(depth - 1)] });

/** Values no form sends, in place of a field (or of the whole body). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    [1, 2],
    {},
    { 0: 1 },
    ['\u0000'],
    { $gt: '' },
    { __proto__: { admin: true } },
    [[[[]]]],
    nested(40),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.bigInt({ min: 2n ** 62n, max: 2n ** 70n }).map(String),
);

/** Bytes put in a query string as they are, not encoded: invalid UTF-8, an overlong NUL, a broken escape. */
export interface RawQuery {
  raw: string;
}
export const isRawQuery = (value: unknown): value is RawQuery =>
  typeof value === 'object' && value !== null && 'raw' in value;

export type HostileQueryValue = string | RawQuery | Array<string | RawQuery>;

/** What a query string carries instead of a value: a hostile text, or the number written as a client would. */
export const hostileQueryValue: fc.Arbitrary<HostileQueryValue> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom<RawQuery>(
    { raw: '%00' },
    { raw: '%FF' },
    { raw: '%C0%80' },
    { raw: '%ED%A0%80' },
    { raw: '%' },
    { raw: '%zz' },
    { raw: '1%00' },
    { raw: '+1+' },
  ),
  fc.constantFrom(...HOSTILE_NUMBERS).map((value) => String(value)),
  fc.constantFrom<string[]>(['1', '2'], ['', '\u0000']),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A plausible value for a schema: what a form would send, before one part is made hostile. */
export const plausibleValue = (schema: z.ZodType, field: string, selfId: number): fc.Arbitrary<unknown> => {
  if (SELF_FIELDS.has(field)) return fc.constant(selfId);
  if (schema === apiAmountSchema) {
    // 0 is refused by every money rule: a plausible request never moves money on its own.
    return fc.constant(0);
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, child]) => [key, plausibleValue(child, key, selfId)]),
        ),
        { requiredKeys: [] },
      );
    }
    case 'string':
      return def.format === 'uuid' || bagOf(schema).format === 'uuid'
        ? fc.uuid()
        : fc.string({ maxLength: 12 });
    case 'number':
      return fc.integer({ min: 0, max: 50 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
      return plausibleValue(def.innerType as z.ZodType, field, selfId);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => plausibleValue(option, field, selfId)));
    case 'pipe':
      return plausibleValue(def.in as z.ZodType, field, selfId);
    default:
      return fc.constant('x');
  }
};

/** The fields of an object schema (a union's fields all together), '' for none. */
export const fieldsOf = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'union') return [...new Set((def.options as z.ZodType[]).flatMap(fieldsOf))];
  if (def.type === 'pipe') return fieldsOf(def.in as z.ZodType);
  return [];
};

/** Raw bodies that are not one JSON object of the contract. */
export const hostileRawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc.integer({ min: 33, max: 20_000 }).map((depth) => ({
    payload: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    contentType: 'application/json',
  })),
  fc.integer({ min: 33, max: 5_000 }).map((depth) => ({
    payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    contentType: 'application/json',
  })),
  fc.constantFrom(
    { payload: '{"userId":1,"userId":2,"amount":1,"amount":"x"}', contentType: 'application/json' },
    { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
    { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
    { payload: '{', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '"text"', contentType: 'application/json' },
    { payload: '[{}]', contentType: 'application/json' },
    { payload: '1e400', contentType: 'application/json' },
    { payload: '{"a":"\\ud800"}', contentType: 'application/json' },
    { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
    { payload: 'userId=1&amount=1', contentType: 'application/x-www-form-urlencoded' },
    { payload: '{"userId":1}', contentType: 'text/plain' },
    { payload: '{"userId":1}', contentType: 'application/xml' },
    { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
    { payload: '{"userId":1}', contentType: 'application/json; charset=utf-16' },
    { payload: '{"userId":1}', contentType: '' },
  ),
);

/** Idempotency-Key and Authorization values a client could put on the wire (Node refuses NUL and CR/LF itself). */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a'.repeat(129),
    'a'.repeat(8_000),
    "' OR 1=1 --",
    '<script>',
    'é',
    'Bearer',
    'Bearer ',
    'null',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 200 }).map((value) => value.replace(/[\r\n]/g, '')),
);
