import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses, noDataSchema } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  verifyResetCodeRequestSchema,
  verifyResetCodeResponseSchema,
} from '../../../contract/user';
import { emailViolation, normalizeEmail } from '../../../domain/email';
import { otpViolation } from '../../../domain/otp';
import { passwordViolations } from '../../../domain/password';
import { codeHash, hashPassword, newOneTimeCode, newToken, sameHex, tokenHash } from '../../crypto';
import { ok, okWithMessage } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import { passwordResetMail } from '../../mail';
import { abuseLimiter } from '../../plugins/abuse-limits';
import { perIpAndEmailLimit } from '../../plugins/rate-limit';
import type { RouteDeps } from '../deps';
import {
  findEmailOf,
  findMailRecipient,
  findUserIdByEmail,
  revokeAllSessions,
  setPasswordHash,
} from '../user/users-repository';
import { consumeCode, countCodeAttempt, replaceResetCode, useResetToken } from './reset-codes-repository';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/**
 * Forgotten password: a 6-digit code by mail (stored as an HMAC, 10 minutes, 5 attempts), exchanged for a reset
 * token (stored hashed, 15 minutes, single use) that sets the new password and ends every session.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, mailer }) => {
  const codeLimit = perIpAndEmailLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE);
  // Per account as well, from every address (each new code cancels the last, so a flood would block the owner);
  // unknown emails are counted alike, so a 429 tells nobody whether an account exists.
  const limiter = abuseLimiter(db, config);

  app.post(
    apiPaths.forgotPassword,
    {
      config: { public: true, rateLimit: codeLimit },
      schema: { body: forgotPasswordRequestSchema, response: envelopeResponses(200, noDataSchema) },
    },
    async (request, reply) => {
      const invalid = emailViolation(request.body.email);
      if (invalid) throw violationsError(toViolations([{ field: 'email', messageId: invalid }]));
      const email = normalizeEmail(request.body.email);
      await limiter.enforce(reply, 'resetCodesPerAccount', email, 'otp.tooManyCodes');
      const recipient = await findMailRecipient(db, email);
      const userId = recipient?.id ?? null;
      const code = newOneTimeCode();
      const now = new Date();
      // An unknown email runs the same statements for user 0 (no row), so both answers take about as long.
      const hashed = codeHash(config.APP_SECRET, userId ?? 0, code);
      await replaceResetCode(
        db,
        userId ?? 0,
        userId === null ? null : { codeHash: hashed, expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
        now,
      );
      if (recipient) {
        // Not awaited: the answer must not wait for the mail server.
        passwordResetMail(recipient.language, code, CODE_TTL_MS / 60_000)
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
    {
      config: { public: true, rateLimit: codeLimit },
      schema: {
        body: verifyResetCodeRequestSchema,
        response: envelopeResponses(200, verifyResetCodeResponseSchema),
      },
    },
    async (request, reply) => {
      if (otpViolation(request.body.code)) throw new HttpError(400, 'otp.invalidFormat');
      const wrong = new HttpError(400, 'otp.invalidOrExpired');
      const email = normalizeEmail(request.body.email);
      // Counted before the comparison (parallel guesses cannot pass the limit), taken back when the code was right.
      const guess = await limiter.enforce(reply, 'wrongResetCodesPerAccount', email, 'otp.tooManyWrongCodes');
      const userId = await findUserIdByEmail(db, email);
      if (userId === null) throw wrong;
      const now = new Date();
      const attempt = await countCodeAttempt(db, userId, CODE_MAX_ATTEMPTS, now);
      if (!attempt || !sameHex(attempt.codeHash, codeHash(config.APP_SECRET, userId, request.body.code)))
        throw wrong;

      const resetToken = newToken();
      const consumed = await consumeCode(
        db,
        attempt.id,
        {
          resetTokenHash: tokenHash(resetToken),
          resetExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        },
        now,
      );
      if (!consumed) throw wrong; // used by a parallel request a moment ago
      await limiter.forget(guess);
      return ok({ resetToken });
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      config: { public: true },
      schema: { body: resetPasswordRequestSchema, response: envelopeResponses(200, noDataSchema) },
    },
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
      const resetUserId = await db.transaction(async (tx) => {
        const userId = await useResetToken(tx, tokenHash(resetToken), now);
        if (userId === null) return null;
        await setPasswordHash(tx, userId, passwordHash);
        await revokeAllSessions(tx, userId, now);
        return userId;
      });
      if (resetUserId === null) throw new HttpError(400, 'resetPassword.expired');
      app.sessions.forgetUser(resetUserId);
      // The owner proved they hold the mailbox: the failed log-ins that paused the account no longer count.
      const email = await findEmailOf(db, resetUserId);
      if (email !== null) await limiter.clear('logInFailuresPerAccount', email);
      return okWithMessage('resetPassword.done');
    },
  );
};
