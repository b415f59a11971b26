import { createHash } from 'node:crypto';

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

/** The same key came back with another request (another body, method or path): a 409 for the routes. */
export class IdempotencyConflictError extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for another request`);
    this.name = 'IdempotencyConflictError';
  }
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

/** The key of an Idempotency-Key header (printable ASCII, 1-128 characters, trimmed), or null when it has none. */
export const parseKeyHeader = (header: string | string[] | undefined): string | null => {
  const key = Array.isArray(header) ? undefined : header?.trim();
  return key && KEY_PATTERN.test(key) ? key : null;
};
