import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, noDataSchema } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import {
  logInRequestSchema,
  logInResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  userIdQuerySchema,
  validateTokenRequestSchema,
  validateTokenResponseSchema,
  walletAmountSchema,
} from '../../../contract/user';
import { normalizeEmail } from '../../../domain/email';
import { minorToApiAmount } from '../../../domain/money';
import { signUpViolations, tidyName } from '../../../domain/sign-up';
import { hashPassword, verifyPassword } from '../../crypto';
import { isUniqueViolation } from '../../db/errors';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import { currentUser } from '../../plugins/auth';
import { perIpAndEmailLimit } from '../../plugins/rate-limit';
import type { RouteDeps } from '../deps';
import { countryExists } from '../reference/reference-repository';
import {
  availableBalanceMinor,
  createSession,
  createUserWithWallet,
  findCredentials,
  findUserIdByEmail,
  revokeSession,
  userDetails,
} from './users-repository';

/** Sign-up, log-in, ValidateToken, log-out and the wallet amount. */
export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.post(
    apiPaths.register,
    {
      config: { public: true },
      schema: { body: signUpRequestSchema, response: envelopeResponses(201, signUpResponseSchema) },
    },
    async (request, reply) => {
      const input = request.body;
      const broken = signUpViolations(input);
      if (broken.length > 0) throw violationsError(toViolations(broken));

      if (!(await countryExists(db, input.countryId))) {
        throw violationsError(toViolations([{ field: 'countryId', messageId: 'signUp.country.invalid' }]));
      }

      const email = normalizeEmail(input.email);
      if ((await findUserIdByEmail(db, email)) !== null) throw new HttpError(409, 'signUp.emailTaken');

      const passwordHash = await hashPassword(input.createPassword);
      try {
        const userId = await createUserWithWallet(db, {
          email,
          passwordHash,
          firstName: tidyName(input.firstName),
          middleName: tidyName(input.middleName),
          lastName: tidyName(input.lastName),
          phoneCode: input.phoneCode.startsWith('+') ? input.phoneCode : `+${input.phoneCode}`,
          phoneNumber: input.phoneNumber,
          countryId: input.countryId,
          language: input.language ?? 'en',
        });
        return reply.code(201).send(ok({ userId }, 201));
      } catch (error) {
        // Two registrations of one email at once: the unique index decides, the loser gets the same 409.
        if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, 'signUp.emailTaken');
        throw error;
      }
    },
  );

  app.post(
    apiPaths.logIn,
    {
      config: { public: true, rateLimit: perIpAndEmailLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE) },
      schema: { body: logInRequestSchema, response: envelopeResponses(200, logInResponseSchema) },
    },
    async (request) => {
      const user = await findCredentials(db, normalizeEmail(request.body.email));
      // Unknown email: a dummy verification of the same cost, and the same answer.
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !valid) throw new HttpError(401, 'logIn.invalidCredentials');
      const { token } = await createSession(db, user.id, config);
      return ok({ token, userDetails: await userDetails(db, user.id) });
    },
  );

  /** Called every second by every open tab: answered from the session cache, no write. */
  app.post(
    apiPaths.validateToken,
    {
      config: { public: true },
      schema: {
        body: validateTokenRequestSchema,
        response: envelopeResponses(200, validateTokenResponseSchema),
      },
    },
    async (request) => {
      const session = await app.sessions.find(request.body.token);
      if (!session) throw new HttpError(401, 'session.expired');
      return ok({ valid: true as const });
    },
  );

  app.post(
    apiPaths.logOut,
    { schema: { response: envelopeResponses(200, noDataSchema) } },
    async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      await revokeSession(db, sessionId);
      app.sessions.forgetSession(userId, sessionId);
      return ok(null);
    },
  );

  app.get(
    apiPaths.walletAmount,
    { schema: { querystring: userIdQuerySchema, response: envelopeResponses(200, walletAmountSchema) } },
    async (request) => {
      // The auth hook has already refused any userId that is not the token's user.
      const walletAmount = minorToApiAmount(await availableBalanceMinor(db, currentUser(request).id));
      return ok({ walletAmount });
    },
  );
};
