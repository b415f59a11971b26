import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import { failure, ok } from '../envelope';
import type { RouteDeps } from './deps';

/** Liveness with the database: `select 1`. The browser's connectivity probe calls it. */
export const healthRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(apiPaths.health, { config: { public: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database down');
      return reply.code(503).header('cache-control', 'no-store').send(failure(503, 'server.error'));
    }
    return reply.header('cache-control', 'no-store').send(ok({ database: 'up' }));
  });
};
