import { z } from 'zod';

/*
 * What a request may carry into a query: the contract refuses, as a 400, what PostgreSQL cannot hold (a NUL
 * character, a lone UTF-16 surrogate, a number past its column's range), so no bad input reaches the database as
 * a failing statement (a 500). Used by every request schema whose values reach a query.
 */

/** PostgreSQL `integer`. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * The largest amount (in major units) a request may carry: its minor units stay a safe integer in JavaScript (and
 * so far inside PostgreSQL's `bigint`). Far above every domain limit, which keeps its own message.
 */
export const API_AMOUNT_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text holds neither NUL nor a lone surrogate (the driver would fail, or silently change it). */
export const isStorableText = (value: string): boolean => !value.includes(NUL) && !LONE_SURROGATE.test(value);

/** A string schema (trimmed, bounded...) that also refuses what a text column cannot hold. */
export const storableText = <Schema extends z.ZodString>(schema: Schema) =>
  schema.refine(isStorableText, 'text the database cannot hold');

/** Text of at most `max` characters (within its column) that the database can hold. */
export const dbText = (max: number) => storableText(z.string().max(max));

/** A whole number within PostgreSQL `integer` (ids, where 0 may mean "not chosen"). */
export const int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);

/** A row id: a positive `integer`. */
export const int4Id = z.number().int().positive().max(INT4_MAX);

/** A row id in a query string ('?userId=12'). */
export const queryInt4Id = z.coerce.number().int().positive().max(INT4_MAX);
