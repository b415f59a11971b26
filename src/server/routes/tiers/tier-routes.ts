import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import { accountTierViewSchema } from '../../../contract/tiers';
import { userIdQuerySchema } from '../../../contract/user';
import { ok } from '../../envelope';
import { currentUser } from '../../plugins/auth';
import { accountTierOf } from '../../tiers/tiers';
import type { RouteDeps } from '../deps';

/** GetAccountTier: the user's tier, its limits, what was used of them today and this month, and the next tier. */
export const tierRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    apiPaths.accountTier,
    { schema: { querystring: userIdQuerySchema, response: envelopeResponses(200, accountTierViewSchema) } },
    // The auth hook has already refused any userId that is not the token's user.
    async (request) => ok(await accountTierOf(db, currentUser(request).id)),
  );
};
