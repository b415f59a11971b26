import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, noDataSchema } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import { setLanguageRequestSchema } from '../../../contract/user';
import { ok } from '../../envelope';
import { currentUser } from '../../plugins/auth';
import type { RouteDeps } from '../deps';
import { setLanguage } from './users-repository';

/** POST api/User/SetLanguage (new): the signed-in user's language, kept on the account for the mails. */
export const userLanguageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.post(
    apiPaths.setLanguage,
    { schema: { body: setLanguageRequestSchema, response: envelopeResponses(200, noDataSchema) } },
    async (request) => {
      await setLanguage(db, currentUser(request).id, request.body.language);
      return ok(null);
    },
  );
};
