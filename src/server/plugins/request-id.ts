import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming X-Request-Id may be to be kept (a proxy's or a client's): 8-128 of letters, digits, . _ : - */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId`: the incoming X-Request-Id when well-formed (so a proxy's id follows the request), else a
 * random UUID. It is the `reqId` of every log line of the request.
 */
export const requestIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
};

/** Every answer names its request id in X-Request-Id, so a user's complaint can be traced to the log lines. */
export const installRequestIdHeader = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
};
