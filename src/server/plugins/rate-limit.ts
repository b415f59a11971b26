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
 * A per-minute limit keyed by client IP and the email in the body. It runs after body validation (preHandler),
 * so the email is known.
 */
export const perIpAndEmailLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) => `${request.routeOptions.url ?? ''}|${request.ip}|${emailOf(request)}`,
});

/**
 * A per-minute limit keyed by client IP and the signed-in user (routes behind a bearer token: the auth hook has
 * set the user before the preHandler runs).
 */
export const perIpAndUserLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) => `${request.routeOptions.url ?? ''}|${request.ip}|user:${request.user?.id ?? ''}`,
});

/** A per-minute limit keyed by client IP alone (requests that name nobody yet, such as a passkey ceremony's start). */
export const perIpLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request) => `${request.routeOptions.url ?? ''}|${request.ip}`,
});

const credentialOf = (request: FastifyRequest): string => {
  const body = request.body as { response?: { id?: unknown } } | undefined;
  return typeof body?.response?.id === 'string' ? body.response.id : '';
};

/**
 * A per-minute limit keyed by client IP and the passkey credential the body names, the passkey log-in's analogue
 * of the email (after body validation, so the credential is known).
 */
export const perIpAndCredentialLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) =>
    `${request.routeOptions.url ?? ''}|${request.ip}|credential:${credentialOf(request)}`,
});
