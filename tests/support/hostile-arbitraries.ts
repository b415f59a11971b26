import fc from 'fast-check';
import { z } from 'zod';

/*
 * Inputs an attacker sends: values shaped by a route's own contract (its zod schema, through its JSON Schema) mixed
 * with hostile strings, numbers and shapes in any place.
 */

const MEGABYTE = 1024 * 1024;

/** Strings no column should see: NUL, lone surrogates, a megabyte, SQL and HTML, numbers in disguise. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'ab\u0000cd',
    'user\u0000@example.com',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    'x'.repeat(MEGABYTE),
    "' or 1=1 --",
    "'); drop table users; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../etc/passwd',
    '%00',
    '',
    ' ',
    '\t\n',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e308',
    '0x7fffffff',
    '2147483648',
    '-2147483649',
    '9223372036854775808',
    '٣٤',
    '１２',
    '{{7*7}}',
    '${7*7}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Numbers past every column's range, and the odd ones. */
export const hostileNumber = fc.constantFrom(
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  -0,
  0.1,
  -1,
  1e308,
  -1e308,
  5e-324,
  123.456789,
);

/** JSON nested `depth` deep (arrays or objects), as text: what a parser or a recursive walk may choke on. */
export const deeplyNested = (depth: number, kind: 'array' | 'object' = 'array'): string =>
  kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A value of a nested shape, for a place that wants something else. */
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: [nested(depth - 1)] });

export const hostileShape = fc.constantFrom<unknown>(
  [],
  {},
  null,
  true,
  false,
  [[[]]],
  { 0: 1 },
  nested(40),
  ['\u0000'],
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, hostileShape);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
};

const fromContract = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  if (depth > 6) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, depth + 1)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, valueFor(value, depth + 1)]),
        ),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      );
    }
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, depth + 1) : hostileValue, { maxLength: 3 });
    case 'string':
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: -1000, max: 1_000_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
};

/** A value for a place of this JSON Schema: mostly what the contract describes, often something hostile. */
const valueFor = (schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: fromContract(schema, depth) }, { weight: 2, arbitrary: hostileValue });

const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A request body for a route's body schema: an object of contract-shaped and hostile values, or a hostile whole. */
export const bodyFor = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> =>
  schema
    ? fc.oneof(
        { weight: 4, arbitrary: fromContract(jsonSchemaOf(schema), 0) },
        { weight: 1, arbitrary: hostileValue },
      )
    : fc.oneof(fc.constant(undefined), hostileValue);

/** Query parameters for a route's querystring schema, every value as text (as a URL carries it). */
export const queryFor = (schema: z.ZodType | undefined): fc.Arbitrary<Record<string, string>> => {
  const properties = schema ? (jsonSchemaOf(schema).properties ?? {}) : {};
  const names = Object.keys(properties);
  const text = (value: unknown) =>
    typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? String(value)
        : (JSON.stringify(value) ?? '');
  const known = fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        valueFor(properties[name] ?? {}).map((value) => text(value).slice(0, 2000)),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc
    .tuple(
      known,
      fc.dictionary(
        fc.constantFrom('userId', 'id', 'x'),
        hostileString.map((s) => s.slice(0, 2000)),
        { maxKeys: 1 },
      ),
    )
    .map(([a, b]) => ({ ...b, ...a }) as Record<string, string>);
};

/** A plain value the contract accepts in form (not necessarily in meaning): the base a pointed case changes. */
const plainValue = (schema: JsonSchema): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const first = (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.[0];
  if (first) return plainValue(first);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plainValue(value)]),
    );
  if (type === 'array') return [];
  if (type === 'string') return 'a';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return null;
};

/** The hostile values a place of this type is tried with, one at a time: what its column cannot hold. */
const pointedValues = (schema: JsonSchema, asText: boolean): unknown[] => {
  const type = Array.isArray(schema.type)
    ? schema.type[0]
    : (schema.type ?? (schema.anyOf ? 'any' : undefined));
  const values: unknown[] =
    type === 'integer'
      ? [2 ** 31, 2 ** 63, -(2 ** 31) - 1]
      : type === 'number'
        ? [1e308, 2 ** 63, -0]
        : ['ab\u0000cd', 'x\ud800y', 'x'.repeat(asText ? 8000 : 60_000)];
  return asText ? values.map(String) : values;
};

/**
 * Deterministic cases for a body schema: the plain body with one field at a time set to each value its column
 * cannot hold (NUL, a lone surrogate, a long string; an integer past int4 or bigint; 1e308).
 */
export const pointedBodies = (schema: z.ZodType | undefined): unknown[] => {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const base = plainValue(json);
  if (!base || typeof base !== 'object' || Array.isArray(base)) return [];
  return Object.entries(json.properties ?? {}).flatMap(([key, property]) =>
    pointedValues(property, false).map((value) => ({ ...base, [key]: value })),
  );
};

/** The same for a query string: each parameter in turn set to what its column cannot hold, as text. */
export const pointedQueries = (schema: z.ZodType | undefined): Record<string, string>[] => {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  const properties = json.properties ?? {};
  const base = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, String(plainValue(value))]),
  );
  return Object.entries(properties).flatMap(([key, property]) =>
    pointedValues(property, true).map((value) => ({ ...base, [key]: value as string })),
  );
};
