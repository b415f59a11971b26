import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeResponses } from '../../../contract/envelope';
import { apiPaths } from '../../../contract/paths';
import {
  phoneVerificationStatusSchema,
  sentPhoneCodeSchema,
  verifiedPhoneSchema,
  verifyPhoneRequestSchema,
} from '../../../contract/phone-verification';
import { domainMessages } from '../../../domain/messages';
import { otpViolation } from '../../../domain/otp';
import { codeHash, newOneTimeCode, sameHex } from '../../crypto';
import { isUniqueViolation } from '../../db/errors';
import { ok } from '../../envelope';
import { HttpError } from '../../http-error';
import { maskPhone, toE164 } from '../../messaging/e164';
import { phoneVerificationSms, type Sms } from '../../messaging/sms';
import { abuseLimiter } from '../../plugins/abuse-limits';
import { currentUser } from '../../plugins/auth';
import { perIpAndUserLimit } from '../../plugins/rate-limit';
import type { RouteDeps } from '../deps';
import { findPhoneHolder, isPhoneVerifiedByAnother, setVerifiedPhone } from '../user/users-repository';
import {
  consumePhoneCode,
  countPhoneCodeAttempt,
  dropPhoneCode,
  isCodeExhausted,
  replacePhoneCode,
} from './phone-codes-repository';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** What the routes get from buildApp: the route deps and the SMS channel. */
export type PhoneVerificationDeps = RouteDeps & { sms: Sms };

/** The code is bound to its user and to the number it was sent to (and so never equals a password-reset code). */
const phoneCodeHash = (secret: string, userId: number, phone: string, code: string): string =>
  codeHash(secret, userId, `${phone}:${code}`);

/**
 * Phone verification: a 6-digit code by SMS to the account's registered phone (stored as an HMAC, 10 minutes, 5
 * attempts, used once); the right code makes the number the account's verified phone, which at most one account
 * holds (the unique index decides between two accounts verifying one number at once).
 */
export const phoneVerificationRoutes: FastifyPluginAsyncZod<PhoneVerificationDeps> = async (
  app,
  { db, config, sms },
) => {
  const limit = perIpAndUserLimit(config.LOGIN_RATE_LIMIT_PER_MINUTE);
  // Every SMS costs money and a text nobody asked for is a nuisance: texts are counted per account and per number
  // (whatever the account: throwaway accounts cannot bomb one phone), wrong codes per account.
  const limiter = abuseLimiter(db, config);

  app.get(
    apiPaths.phoneVerification,
    { schema: { response: envelopeResponses(200, phoneVerificationStatusSchema) } },
    async (request) => {
      const holder = await findPhoneHolder(db, currentUser(request).id);
      const phone = toE164(holder.phoneCode, holder.phoneNumber);
      return ok({
        phoneVerified: holder.verifiedPhone !== null,
        maskedPhone: phone === null ? null : maskPhone(phone),
      });
    },
  );

  app.post(
    apiPaths.sendPhoneVerificationCode,
    {
      config: { rateLimit: limit },
      schema: { response: envelopeResponses(200, sentPhoneCodeSchema) },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const holder = await findPhoneHolder(db, userId);
      const phone = toE164(holder.phoneCode, holder.phoneNumber);
      if (phone === null) throw new HttpError(400, 'phoneVerification.phoneInvalid');
      if (holder.verifiedPhone === phone) throw new HttpError(409, 'phoneVerification.alreadyVerified');
      // Checked here to spare an SMS that could not lead anywhere; VerifyPhone's unique index has the last word.
      if (await isPhoneVerifiedByAnother(db, phone, userId))
        throw new HttpError(409, 'phoneVerification.phoneTaken');
      const forAccount = await limiter.enforce(
        reply,
        'textsPerAccount',
        `user:${userId}`,
        'phoneVerification.tooManyCodes',
      );
      const toNumber = await limiter
        .enforce(reply, 'textsPerNumber', phone, 'phoneVerification.tooManyToNumber')
        .catch(async (error: unknown) => {
          await limiter.forget(forAccount);
          throw error;
        });

      const now = new Date();
      const code = newOneTimeCode();
      const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
      const codeId = await replacePhoneCode(
        db,
        userId,
        { phone, codeHash: phoneCodeHash(config.APP_SECRET, userId, phone, code), expiresAt },
        now,
      );
      try {
        // Awaited (unlike the reset mail): the user is known, and must hear when the text did not go.
        const text = await phoneVerificationSms(holder.language, code, PHONE_CODE_TTL_MS / 60_000);
        await sms.send({ to: phone, text });
      } catch (error) {
        request.log.error({ err: error }, 'phone verification SMS could not be sent');
        await dropPhoneCode(db, codeId);
        // Not sent: counts for neither limit.
        await limiter.forget(forAccount);
        await limiter.forget(toNumber);
        throw new HttpError(503, 'phoneVerification.smsFailed');
      }
      return ok(
        { maskedPhone: maskPhone(phone), expiresAt: expiresAt.toISOString() },
        200,
        domainMessages['phoneVerification.sent'],
      );
    },
  );

  app.post(
    apiPaths.verifyPhone,
    {
      config: { rateLimit: limit },
      schema: { body: verifyPhoneRequestSchema, response: envelopeResponses(200, verifiedPhoneSchema) },
    },
    async (request, reply) => {
      // Not six digits: refused without counting an attempt.
      if (otpViolation(request.body.code)) throw new HttpError(400, 'otp.invalidFormat');
      const userId = currentUser(request).id;
      // Counted before the comparison, taken back when the code was right.
      const guess = await limiter.enforce(
        reply,
        'wrongPhoneCodesPerAccount',
        `user:${userId}`,
        'otp.tooManyWrongCodes',
      );
      const now = new Date();
      const attempt = await countPhoneCodeAttempt(db, userId, PHONE_CODE_MAX_ATTEMPTS, now);
      if (!attempt) {
        const exhausted = await isCodeExhausted(db, userId, PHONE_CODE_MAX_ATTEMPTS, now);
        throw new HttpError(
          400,
          exhausted ? 'phoneVerification.attemptsExhausted' : 'phoneVerification.codeInvalid',
        );
      }
      const expected = phoneCodeHash(config.APP_SECRET, userId, attempt.phone, request.body.code);
      if (!sameHex(attempt.codeHash, expected)) throw new HttpError(400, 'phoneVerification.codeInvalid');

      let verified: boolean;
      try {
        verified = await db.transaction(async (tx) => {
          if (!(await consumePhoneCode(tx, attempt.id, now))) return false; // used by a parallel request
          await setVerifiedPhone(tx, userId, attempt.phone);
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_verified_phone_unique'))
          throw new HttpError(409, 'phoneVerification.phoneTaken');
        throw error;
      }
      if (!verified) throw new HttpError(400, 'phoneVerification.codeInvalid');
      await limiter.forget(guess);
      return ok(
        { phoneVerified: true as const, maskedPhone: maskPhone(attempt.phone) },
        200,
        domainMessages['phoneVerification.verified'],
      );
    },
  );
};
