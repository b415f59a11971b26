import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import { setLanguageRequestSchema } from '../../contract/user';
import { users } from '../db/schema';
import { ok } from '../envelope';
import { currentUser } from '../plugins/auth';
import type { RouteDeps } from './deps';

/** POST api/User/SetLanguage (new): the signed-in user's language, kept on the account for the mails. */
export const userLanguageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.post(apiPaths.setLanguage, { schema: { body: setLanguageRequestSchema } }, async (request) => {
    await db
      .update(users)
      .set({ language: request.body.language })
      .where(eq(users.id, currentUser(request).id));
    return ok(null);
  });
};
