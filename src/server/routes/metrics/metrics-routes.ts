import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureEnvelopeSchema } from '../../../contract/envelope';
import { HttpError } from '../../http-error';
import { listensOnLoopbackOnly } from '../../loopback';
import type { Metrics } from '../../metrics';

export const METRICS_PATH = '/metrics';

/** Prometheus' text exposition, as sent (bytes). */
const metricsTextSchema = z.custom<unknown>(
  (value) => typeof value === 'string' || value instanceof Uint8Array,
  'Prometheus text',
);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
const holdsToken = (authorization: string | undefined, token: string): boolean => {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
};

/**
 * GET /metrics for the operators' scraper: with METRICS_TOKEN set, only with it as a bearer token (401 envelope
 * without); unset, only while the host listens on loopback alone (a development host, or `inject`), never once it
 * listens where others reach it, through a proxy on the same machine included. Outside /api: not a user's
 * session, and never cached.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  app.get(
    METRICS_PATH,
    {
      schema: {
        response: { 200: metricsTextSchema, '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const allowed = token
        ? holdsToken(request.headers.authorization, token)
        : listensOnLoopbackOnly(request.server.addresses());
      if (!allowed) throw new HttpError(401, 'auth.required');
      const text = await metrics.registry.metrics();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
