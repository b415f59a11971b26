import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../routes/deps';
import { opsAdminRoutes } from './ops-admin-routes';
import { opsAuditRoutes } from './ops-audit-routes';
import { opsSessionRoutes } from './ops-session-routes';
import { opsUserRoutes } from './ops-user-routes';

/**
 * The back office's API under /api/Ops (issue 25), behind requireStaff (staff-auth.ts) and the permissions table
 * of src/contract/ops.ts. Every route here needs its row there (tests/server/ops-access.test.ts fails without it).
 */
export const opsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(opsSessionRoutes, deps);
  await app.register(opsUserRoutes, deps);
  await app.register(opsAuditRoutes, deps);
  await app.register(opsAdminRoutes, deps);
};
