import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_KEY_HEADER,
  paymentLinkRequestSchema,
  paymentLinkResponses,
  type PaymentLink,
} from '../../../contract/betting';
import { apiPaths } from '../../../contract/paths';
import { bettingAmountViolation, isBettingNumber, PAYMENT_LINK_VALIDITY_MS } from '../../../domain/betting';
import { emailViolation, normalizeEmail } from '../../../domain/email';
import { isMomoNumber } from '../../../domain/momo';
import { parseDecimalAmount } from '../../../domain/money';
import type { RuleViolation } from '../../../domain/rule';
import { newToken, tokenHash } from '../../crypto';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import type { RouteDeps } from '../deps';
import { createPaymentLink, operatorOfKey } from './payment-links-repository';

/*
 * POST api/Transaction/AuthenticateUser: a betting operator's server asks for a payment link for one of its
 * customers. It is public (no bearer token) and answers only to an operator's active API key (X-Partner-Key, or
 * the spec's `apiKey` field; compared by sha256; `npm run partners` makes and revokes keys), rate limited per IP, wrong keys included. The
 * link's token is 32 random bytes, of which only the sha256 is stored: it cannot be forged or guessed, and a
 * database read gives no usable token. It expires after PAYMENT_LINK_VALIDITY_MS.
 */

const partnerLimit = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request) => `${request.routeOptions.url ?? ''}|${request.ip}`,
});

const keyIn = (value: string | string[] | undefined): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 256 ? value.trim() : null;

export const partnerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.post(
    apiPaths.partnerPaymentLink,
    {
      config: { public: true, rateLimit: partnerLimit(config.PARTNER_LIMIT_PER_MINUTE) },
      schema: { body: paymentLinkRequestSchema, response: paymentLinkResponses },
    },
    async (request, reply) => {
      const key = keyIn(request.headers[PARTNER_KEY_HEADER.toLowerCase()]) ?? keyIn(request.body.apiKey);
      const operator = key ? await operatorOfKey(db, tokenHash(key)) : null;
      if (!operator) throw new HttpError(401, 'partner.keyInvalid');

      const body = request.body;
      const amountMinor = body.sendAmount === undefined ? null : parseDecimalAmount(body.sendAmount);
      const broken: RuleViolation[] = [];
      if (!isBettingNumber(body.battingNo))
        broken.push({ field: 'battingNo', messageId: 'betting.numberInvalid' });
      if (!isMomoNumber(body.receiverNumber))
        broken.push({ field: 'receiverNumber', messageId: 'betting.phoneInvalid' });
      if (body.sendAmount !== undefined) {
        const amount = bettingAmountViolation(amountMinor);
        if (amount) broken.push(amount);
      }
      const email = emailViolation(body.email);
      if (email) broken.push({ field: 'email', messageId: email });
      if (broken.length > 0) throw violationsError(toViolations(broken));

      const token = newToken();
      const expiresAt = new Date(Date.now() + PAYMENT_LINK_VALIDITY_MS);
      await createPaymentLink(db, {
        operatorId: operator.id,
        tokenHash: tokenHash(token),
        email: normalizeEmail(body.email),
        firstName: body.firstName,
        lastName: body.lastName,
        senderPhone: `${body.senderPhoneCode}${body.senderPhoneNumber}`,
        country: body.country,
        bettingNo: body.battingNo,
        receiverPhoneNo: body.receiverNumber,
        amountMinor,
        expiresAt,
      });
      const link: PaymentLink = {
        token,
        paymentPath: `/deposit/${token}`,
        expiresAt: expiresAt.toISOString(),
        userDetails: {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          battingNo: body.battingNo,
          receiverNumber: body.receiverNumber,
          sendAmount: body.sendAmount ?? null,
        },
      };
      return reply.code(201).send(ok(link, 201));
    },
  );
};
