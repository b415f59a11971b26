import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import {
  logInRequestSchema,
  signUpRequestSchema,
  userIdQuerySchema,
  validateTokenRequestSchema,
  type UserDetails,
} from '../../contract/user';
import { normalizeEmail } from '../../domain/email';
import { minorToApiAmount } from '../../domain/money';
import { signUpViolations, tidyName } from '../../domain/sign-up';
import { hashPassword, verifyPassword } from '../crypto';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { countries, identifications, users, wallets } from '../db/schema';
import { ok } from '../envelope';
import { HttpError, toViolations, violationsError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { perIpAndEmailLimit } from '../plugins/rate-limit';
import { createSession, findLiveSession, revokeSession } from '../sessions';
import type { RouteDeps } from './deps';

const fullName = (...names: string[]): string => names.filter((name) => name !== '').join(' ');

/** The login answer's userDetails, read in one query. */
const userDetails = async (db: Db, userId: number): Promise<UserDetails> => {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      countryId: users.countryId,
      countryName: countries.name,
      countryCode: countries.isoCode,
      hasIdentification: sql<boolean>`exists (select 1 from ${identifications} where ${identifications.userId} = ${users.id})`,
      balanceMinor: wallets.balanceMinor,
      heldMinor: wallets.heldMinor,
    })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} has no wallet or country`);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row.firstName, row.middleName, row.lastName),
    countryId: row.countryId,
    countryName: row.countryName,
    countryCode: row.countryCode,
    hasIdentification: Boolean(row.hasIdentification),
    // Available balance: money held for payouts on their way out is not spendable.
    walletAmount: minorToApiAmount(Number(row.balanceMinor) - Number(row.heldMinor)),
  };
};

export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.post(
    apiPaths.register,
    { config: { public: true }, schema: { body: signUpRequestSchema } },
    async (request, reply) => {
      const input = request.body;
      const broken = signUpViolations(input);
      if (broken.length > 0) throw violationsError(toViolations(broken));

      const [country] = await db
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.id, input.countryId));
      if (!country) {
        throw violationsError(toViolations([{ field: 'countryId', messageId: 'signUp.country.invalid' }]));
      }

      const email = normalizeEmail(input.email);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw new HttpError(409, 'signUp.emailTaken');

      const passwordHash = await hashPassword(input.createPassword);
      try {
        const userId = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email,
              passwordHash,
              firstName: tidyName(input.firstName),
              middleName: tidyName(input.middleName),
              lastName: tidyName(input.lastName),
              phoneCode: input.phoneCode.startsWith('+') ? input.phoneCode : `+${input.phoneCode}`,
              phoneNumber: input.phoneNumber,
              countryId: input.countryId,
              language: input.language ?? 'en',
            })
            .returning({ id: users.id });
          if (!created) throw new Error('insert returned no row');
          await tx.insert(wallets).values({ userId: created.id, currency: 'GHS', balanceMinor: 0 });
          return created.id;
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
      schema: { body: logInRequestSchema },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email));
      // Unknown email: a dummy verification of the same cost, and the same answer.
      const valid = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !valid) throw new HttpError(401, 'logIn.invalidCredentials');
      const { token } = await createSession(db, user.id, config);
      return ok({ token, userDetails: await userDetails(db, user.id) });
    },
  );

  /** Called every second by every open tab: one indexed read, no write. */
  app.post(
    apiPaths.validateToken,
    { config: { public: true }, schema: { body: validateTokenRequestSchema } },
    async (request) => {
      const session = await findLiveSession(db, request.body.token, config);
      if (!session) throw new HttpError(401, 'session.expired');
      return ok({ valid: true });
    },
  );

  app.post(apiPaths.logOut, async (request) => {
    await revokeSession(db, currentUser(request).sessionId);
    return ok(null);
  });

  app.get(apiPaths.walletAmount, { schema: { querystring: userIdQuerySchema } }, async (request) => {
    // The auth hook has already refused any userId that is not the token's user.
    const { id } = currentUser(request);
    const [wallet] = await db
      .select({ balanceMinor: wallets.balanceMinor, heldMinor: wallets.heldMinor })
      .from(wallets)
      .where(eq(wallets.userId, id));
    if (!wallet) throw new Error(`user ${id} has no wallet`);
    return ok({ walletAmount: minorToApiAmount(Number(wallet.balanceMinor) - Number(wallet.heldMinor)) });
  });
};
