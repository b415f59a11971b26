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
import { logInLockedMail } from '../../mail';
import { abuseLimiter } from '../../plugins/abuse-limits';
import { currentUser } from '../../plugins/auth';
import { perIpAndEmailLimit } from '../../plugins/rate-limit';
import { openSession } from '../../sessions/sign-in';
import type { RouteDeps } from '../deps';
import { countryExists } from '../reference/reference-repository';
import {
  availableBalanceMinor,
  createUserWithWallet,
  findCredentials,
  findMailRecipient,
  findUserIdByEmail,
  revokeSession,
  userDetails,
} from './users-repository';

/** Sign-up, log-in, ValidateToken, log-out and the wallet amount. */
export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, mailer }) => {
  const limiter = abuseLimiter(db, config);
  const failures = limiter.limits.logInFailuresPerAccount;
  const signIn = { db, config, mailer, log: app.log };

  /** Log-in to the account of `email` has just been paused: its owner hears it, once per pause, in their language. */
  const tellOwner = async (email: string): Promise<void> => {
    const recipient = await findMailRecipient(db, email);
    if (!recipient || !(await limiter.take('lockoutMailsPerAccount', `user:${recipient.id}`))) return;
    const content = await logInLockedMail(recipient.language, failures.max, failures.windowMs / 60_000);
    await mailer.send({ to: email, ...content });
  };

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

      // Counted per address (request.ip: TRUST_PROXY decides what that is), taken back unless an account is made.
      const signUp = await limiter.enforce(reply, 'signUpsPerAddress', request.ip, 'signUp.tooMany');
      let created = false;
      try {
        const passwordHash = await hashPassword(input.createPassword);
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
        created = true;
        return reply.code(201).send(ok({ userId }, 201));
      } catch (error) {
        // Two registrations of one email at once: the unique index decides, the loser gets the same 409.
        if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, 'signUp.emailTaken');
        throw error;
      } finally {
        if (!created) await limiter.forget(signUp);
      }
    },
  );

  app.post(
    apiPaths.logIn,
    {
      config: { public: true, rateLimit: perIpAndEmailLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE) },
      schema: { body: logInRequestSchema, response: envelopeResponses(200, logInResponseSchema) },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      // Counted per account from every address before the password is checked (parallel guesses cannot pass the
      // limit), and taken back when it was right. Unknown emails are counted alike, so the 429 tells nothing.
      const attempt = await limiter.enforce(reply, 'logInFailuresPerAccount', email, 'logIn.tooManyFailures');
      const user = await findCredentials(db, email);
      // Unknown email: a dummy verification of the same cost, and the same answer.
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !valid) {
        if (user && attempt.count >= failures.max) {
          tellOwner(email).catch((error: unknown) => {
            request.log.error({ err: error }, 'the log-in paused mail could not be sent');
          });
        }
        throw new HttpError(401, 'logIn.invalidCredentials');
      }
      await limiter.forget(attempt);
      const { token, announce } = await openSession(signIn, user.id, request, 'password');
      announce();
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
