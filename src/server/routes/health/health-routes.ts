import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses } from '../../../contract/envelope';
import { healthSchema } from '../../../contract/health';
import { apiPaths } from '../../../contract/paths';
import { failure, ok } from '../../envelope';
import type { RouteDeps } from '../deps';
import { pingDatabase } from './database-health';

/** Liveness with the database. The browser's connectivity probe calls it. */
export const healthRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    apiPaths.health,
    { config: { public: true }, schema: { response: envelopeResponses(200, healthSchema) } },
    async (request, reply) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database down');
        return reply.code(503).header('cache-control', 'no-store').send(failure(503, 'server.error'));
      }
      return reply.header('cache-control', 'no-store').send(ok({ database: 'up' as const }));
    },
  );
};
