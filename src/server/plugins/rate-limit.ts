import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../domain/email';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Registered with `global: false`: only the routes that ask for it (log-in, code entry, partner API, uploads and
 * name lookups) are limited, counted in the database so the limit holds across every API host.
 */
export const registerRateLimit = async (app: FastifyInstance, db: Db): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new HttpError(429, 'request.tooMany'),
  });
};

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
};

/**
 * A per-minute limit on the route, per client IP and what `subjectOf` names in the request ('' for the address
 * alone). With a subject it runs after body validation (preHandler), so the body's fields are known.
 */
const perMinute = (max: number, subjectOf?: (request: FastifyRequest) => string): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  ...(subjectOf
    ? {
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) =>
          `${request.routeOptions.url ?? ''}|${request.ip}|${subjectOf(request)}`,
      }
    : { keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url ?? ''}|${request.ip}` }),
});

/** Per client IP and the email in the body. */
export const perIpAndEmailLimit = (max: number): RateLimitOptions => perMinute(max, emailOf);

/**
 * Per client IP and the signed-in user (routes behind a bearer token: the auth hook has set the user before the
 * preHandler runs).
 */
export const perIpAndUserLimit = (max: number): RateLimitOptions =>
  perMinute(max, (request) => `user:${request.user?.id ?? ''}`);

/** Per client IP alone (requests that name nobody yet, such as a passkey ceremony's start). */
export const perIpLimit = (max: number): RateLimitOptions => perMinute(max);

const credentialOf = (request: FastifyRequest): string => {
  const body = request.body as { response?: { id?: unknown } } | undefined;
  return typeof body?.response?.id === 'string' ? body.response.id : '';
};

/** Per client IP and the passkey credential the body names, the passkey log-in's analogue of the email. */
export const perIpAndCredentialLimit = (max: number): RateLimitOptions =>
  perMinute(max, (request) => `credential:${credentialOf(request)}`);
