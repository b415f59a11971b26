import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyResetCodeRequestSchema,
} from '../../contract/user';
import { emailViolation, normalizeEmail } from '../../domain/email';
import { isLanguage } from '../../domain/language';
import { otpViolation } from '../../domain/otp';
import { passwordViolations } from '../../domain/password';
import { codeHash, hashPassword, newOneTimeCode, newToken, sameHex, tokenHash } from '../crypto';
import { passwordResetCodes, users } from '../db/schema';
import { ok, okWithMessage } from '../envelope';
import { passwordResetMail } from '../mail';
import { HttpError, toViolations, violationsError } from '../http-error';
import { perIpAndEmailLimit } from '../plugins/rate-limit';
import { revokeAllSessions } from '../sessions';
import type { RouteDeps } from './deps';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/**
 * Forgotten password: a 6-digit code by mail (stored as an HMAC, 10 minutes, 5 attempts), exchanged for a reset
 * token (stored hashed, 15 minutes, single use) that sets the new password and ends every session.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, mailer }) => {
  const codeLimit = perIpAndEmailLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE);

  app.post(
    apiPaths.forgotPassword,
    { config: { public: true, rateLimit: codeLimit }, schema: { body: forgotPasswordRequestSchema } },
    async (request) => {
      const invalid = emailViolation(request.body.email);
      if (invalid) throw violationsError(toViolations([{ field: 'email', messageId: invalid }]));
      const email = normalizeEmail(request.body.email);
      const [user] = await db
        .select({ id: users.id, language: users.language })
        .from(users)
        .where(eq(users.email, email));
      const code = newOneTimeCode();
      const now = new Date();
      const userId = user?.id ?? 0;
      const hashed = codeHash(config.APP_SECRET, userId, code);
      // The same statements run for an unknown email (matching no row), so both answers take about as long.
      await db.transaction(async (tx) => {
        // A new code replaces every older one, and any reset token they produced.
        await tx
          .update(passwordResetCodes)
          .set({
            consumedAt: sql`coalesce(${passwordResetCodes.consumedAt}, ${now.toISOString()}::timestamptz)`,
            resetTokenHash: null,
          })
          .where(eq(passwordResetCodes.userId, userId));
        if (user) {
          await tx
            .insert(passwordResetCodes)
            .values({ userId: user.id, codeHash: hashed, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
        }
      });
      if (user) {
        // Not awaited: the answer must not wait for the mail server.
        const language = isLanguage(user.language) ? user.language : 'en';
        passwordResetMail(language, code, CODE_TTL_MS / 60_000)
          .then((content) => mailer.send({ to: email, ...content }))
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'password reset mail could not be sent');
          });
      }
      return okWithMessage('otp.sent');
    },
  );

  app.post(
    apiPaths.verifyResetCode,
    { config: { public: true, rateLimit: codeLimit }, schema: { body: verifyResetCodeRequestSchema } },
    async (request) => {
      if (otpViolation(request.body.code)) throw new HttpError(400, 'otp.invalidFormat');
      const wrong = new HttpError(400, 'otp.invalidOrExpired');
      const email = normalizeEmail(request.body.email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw wrong;
      const now = new Date();
      // Counting the attempt and checking the limit is one atomic statement, so parallel guesses cannot exceed it.
      const [attempt] = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(
          and(
            eq(passwordResetCodes.userId, user.id),
            isNull(passwordResetCodes.consumedAt),
            gt(passwordResetCodes.expiresAt, now),
            lt(passwordResetCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
      if (!attempt || !sameHex(attempt.codeHash, codeHash(config.APP_SECRET, user.id, request.body.code)))
        throw wrong;

      const resetToken = newToken();
      const [consumed] = await db
        .update(passwordResetCodes)
        .set({
          consumedAt: now,
          resetTokenHash: tokenHash(resetToken),
          resetExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        })
        .where(and(eq(passwordResetCodes.id, attempt.id), isNull(passwordResetCodes.consumedAt)))
        .returning({ id: passwordResetCodes.id });
      if (!consumed) throw wrong; // used by a parallel request a moment ago
      return ok({ resetToken });
    },
  );

  app.post(
    apiPaths.resetPassword,
    { config: { public: true }, schema: { body: resetPasswordRequestSchema } },
    async (request) => {
      const { resetToken, newPassword, confirmPassword } = request.body;
      const broken = passwordViolations(newPassword, confirmPassword);
      if (broken.length > 0) {
        throw violationsError(
          toViolations(broken, (field) => (field === 'createPassword' ? 'newPassword' : field)),
        );
      }
      const passwordHash = await hashPassword(newPassword);
      const now = new Date();
      const done = await db.transaction(async (tx) => {
        // Clearing the token hash is what makes it single use.
        const [used] = await tx
          .update(passwordResetCodes)
          .set({ resetTokenHash: null })
          .where(
            and(
              eq(passwordResetCodes.resetTokenHash, tokenHash(resetToken)),
              gt(passwordResetCodes.resetExpiresAt, now),
            ),
          )
          .returning({ userId: passwordResetCodes.userId });
        if (!used) return false;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
        await revokeAllSessions(tx, used.userId, now);
        return true;
      });
      if (!done) throw new HttpError(400, 'resetPassword.expired');
      return okWithMessage('resetPassword.done');
    },
  );
};
