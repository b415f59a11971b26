import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { parseKeyHeader, requestHash, type IdempotencyKey } from './idempotency-key';

const keys = new WeakMap<FastifyRequest, IdempotencyKey>();

/**
 * preValidation hook of every money-moving POST (after auth and the identity gate): the key is required (400
 * 'idempotency.keyRequired' without one), and the fingerprint is taken of the body as sent (before defaults are
 * applied). The path is the route's, not the URL, so a query string does not change the fingerprint.
 * The fingerprint walks the body recursively: plugins/json-body.ts refused anything nested deeper than 32 levels.
 */
export const requireIdempotencyKey = async (request: FastifyRequest): Promise<void> => {
  const user = request.user;
  if (!user) throw new HttpError(401, 'auth.required');
  const key = parseKeyHeader(request.headers['idempotency-key']);
  if (!key) throw new HttpError(400, 'idempotency.keyRequired');
  keys.set(request, {
    userId: user.id,
    key,
    requestHash: requestHash(request.method, request.routeOptions.url ?? request.url, request.body),
  });
};

export const idempotencyOf = (request: FastifyRequest): IdempotencyKey => {
  const key = keys.get(request);
  if (!key) throw new Error('requireIdempotencyKey did not run for this route');
  return key;
};
