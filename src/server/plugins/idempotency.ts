import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client';
import { HttpError } from '../http-error';
import { queryRows } from '../db/sql';

/** A money-moving request's key and the fingerprint of what it asked for. */
export interface IdempotencyKey {
  userId: number;
  key: string;
  requestHash: string;
}

/** The first answer to a key, replayed for every repeat. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** JSON with object keys sorted at every level, so the same body always hashes the same. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const requestHash = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

/**
 * The request's Idempotency-Key (printable ASCII, 1-128 characters) and fingerprint; 400 'idempotency.keyRequired'
 * without one. The path is the route's, not the URL, so a query string does not change the fingerprint.
 */
export const idempotencyKeyOf = (request: FastifyRequest, userId: number): IdempotencyKey => {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? undefined : header?.trim();
  if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, 'idempotency.keyRequired');
  return {
    userId,
    key,
    requestHash: requestHash(request.method, request.routeOptions.url ?? request.url, request.body),
  };
};

export interface IdempotencyRecord {
  requestHash: string;
  operationId: number | null;
  answer: StoredAnswer | null;
}

export const findIdempotencyRecord = async (
  db: Queryable,
  { userId, key }: Pick<IdempotencyKey, 'userId' | 'key'>,
): Promise<IdempotencyRecord | null> => {
  const [row] = await queryRows<{
    request_hash: string;
    operation_id: unknown;
    response_status: number | null;
    response_body: unknown;
  }>(
    db,
    sql`select request_hash, operation_id, response_status, response_body from idempotency_keys
        where user_id = ${userId} and key = ${key}`,
  );
  if (!row) return null;
  return {
    requestHash: row.request_hash,
    operationId: row.operation_id === null ? null : Number(row.operation_id),
    answer:
      row.response_status === null ? null : { statusCode: row.response_status, body: row.response_body },
  };
};

/** Stores the first answer; when another was stored first, that one is returned (every repeat sees one answer). */
export const storeAnswer = async (
  db: Queryable,
  { userId, key }: Pick<IdempotencyKey, 'userId' | 'key'>,
  answer: StoredAnswer,
): Promise<StoredAnswer> => {
  const stored = await queryRows<{ response_status: number }>(
    db,
    sql`update idempotency_keys set response_status = ${answer.statusCode}, response_body = ${JSON.stringify(answer.body)}::jsonb
        where user_id = ${userId} and key = ${key} and response_status is null
        returning response_status`,
  );
  if (stored.length > 0) return answer;
  const existing = await findIdempotencyRecord(db, { userId, key });
  return existing?.answer ?? answer;
};

const keys = new WeakMap<FastifyRequest, IdempotencyKey>();

/**
 * preValidation hook of every money-moving POST (after auth and the identity gate): the key is required, and the
 * fingerprint is taken of the body as sent (before defaults are applied).
 */
export const requireIdempotencyKey = async (request: FastifyRequest): Promise<void> => {
  const user = request.user;
  if (!user) throw new HttpError(401, 'auth.required');
  keys.set(request, idempotencyKeyOf(request, user.id));
};

export const idempotencyOf = (request: FastifyRequest): IdempotencyKey => {
  const key = keys.get(request);
  if (!key) throw new Error('requireIdempotencyKey did not run for this route');
  return key;
};
