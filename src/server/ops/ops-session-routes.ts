import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, noDataSchema } from '../../contract/envelope';
import {
  opsLogInRequestSchema,
  opsLogInResponseSchema,
  opsPaths,
  opsSessionSchema,
} from '../../contract/ops';
import { normalizeEmail } from '../../domain/email';
import { STAFF_SESSION_IDLE_MINUTES } from '../../domain/staff';
import { ok } from '../envelope';
import { HttpError } from '../http-error';
import { abuseLimiter } from '../plugins/abuse-limits';
import { perIpAndEmailLimit } from '../plugins/rate-limit';
import type { RouteDeps } from '../routes/deps';
import { appendStaffAudit, currentStaff } from './staff-auth';
import { checkStaffLogIn } from './staff-accounts';
import { createStaffSession, revokeStaffSession } from './staff-repository';

/*
 * Staff sign-in (issue 25): e-mail, password and the authenticator's code, limited as users' log-in is (per address
 * and e-mail each minute, and failures per account from every address: plugins/abuse-limits.ts), and log-out.
 * Both in the audit trail with the staff member as actor.
 */
export const opsSessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  const limiter = abuseLimiter(db, config);

  app.post(
    opsPaths.logIn,
    {
      config: { public: true, rateLimit: perIpAndEmailLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE) },
      schema: {
        body: opsLogInRequestSchema,
        response: envelopeResponses(200, opsLogInResponseSchema),
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      // Counted before anything is checked (parallel guesses cannot pass the limit), taken back on success.
      const attempt = await limiter.enforce(
        reply,
        'logInFailuresPerAccount',
        `staff:${email}`,
        'logIn.tooManyFailures',
      );
      const member = await checkStaffLogIn(db, config.APP_SECRET, request.body);
      if (!member) throw new HttpError(401, 'ops.logIn.invalid');
      await limiter.forget(attempt);
      const token = await db.transaction(async (tx) => {
        const session = await createStaffSession(tx, member.id);
        await appendStaffAudit(
          tx,
          { staffId: member.id },
          {
            action: 'staff.logIn',
            subject: `staff:${member.id}`,
            after: { ip: request.ip },
          },
        );
        return session.token;
      });
      return ok({
        token,
        staff: { id: member.id, email: member.email, role: member.role },
        idleMinutes: STAFF_SESSION_IDLE_MINUTES,
      });
    },
  );

  app.post(
    opsPaths.logOut,
    {
      schema: { response: envelopeResponses(200, noDataSchema) },
    },
    async (request) => {
      const member = currentStaff(request);
      await db.transaction(async (tx) => {
        await revokeStaffSession(tx, member.id);
        await appendStaffAudit(tx, member, { action: 'staff.logOut', subject: `staff:${member.staffId}` });
      });
      return ok(null);
    },
  );

  app.get(
    opsPaths.session,
    {
      schema: { response: envelopeResponses(200, opsSessionSchema) },
    },
    async (request) => {
      const member = currentStaff(request);
      return ok({
        staff: { id: member.staffId, email: member.email, role: member.role },
        idleMinutes: STAFF_SESSION_IDLE_MINUTES,
      });
    },
  );
};
