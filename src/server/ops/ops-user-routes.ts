import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses } from '../../contract/envelope';
import {
  freezeRequestSchema,
  freezeResultSchema,
  opsPaths,
  opsUserQuerySchema,
  opsUserSummarySchema,
  opsUsersQuerySchema,
  opsUserViewSchema,
} from '../../contract/ops';
import { ok } from '../envelope';
import { HttpError } from '../http-error';
import type { RouteDeps } from '../routes/deps';
import { setAccountFrozen } from './freeze';
import { searchUsers, userViewOf } from './ops-user-queries';
import { appendStaffAudit, currentStaff } from './staff-auth';

/*
 * Users as staff see them (issue 25): the search, the user view (both audited: reading a customer's data is a staff
 * action too), and freeze / unfreeze with a reason.
 */
export const opsUserRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    opsPaths.users,
    {
      schema: {
        querystring: opsUsersQuerySchema,
        response: envelopeResponses(200, z.array(opsUserSummarySchema)),
      },
    },
    async (request) => {
      const member = currentStaff(request);
      const found = await searchUsers(db, request.query.query);
      await appendStaffAudit(db, member, {
        action: 'staff.usersSearched',
        subject: `staff:${member.staffId}`,
        after: { query: request.query.query, found: found.length },
      });
      return ok(found);
    },
  );

  app.get(
    opsPaths.user,
    { schema: { querystring: opsUserQuerySchema, response: envelopeResponses(200, opsUserViewSchema) } },
    async (request) => {
      const member = currentStaff(request);
      const { userId } = request.query;
      const view = await userViewOf(db, userId);
      if (!view) throw new HttpError(404, 'notFound');
      await appendStaffAudit(db, member, { action: 'staff.userViewed', subject: `user:${userId}` });
      return ok(view);
    },
  );

  for (const [path, frozen] of [
    [opsPaths.freezeUser, true],
    [opsPaths.unfreezeUser, false],
  ] as const) {
    app.post(
      path,
      { schema: { body: freezeRequestSchema, response: envelopeResponses(200, freezeResultSchema) } },
      async (request) => {
        const changed = await setAccountFrozen(db, currentStaff(request), { ...request.body, frozen });
        if (!changed) throw new HttpError(404, 'notFound');
        return ok({ userId: changed.userId, frozenAt: changed.frozenAt?.toISOString() ?? null });
      },
    );
  }
};
