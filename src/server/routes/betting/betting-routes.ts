import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bettingDetailResponses,
  bettingHistoryPageQuerySchema,
  bettingHistoryPageResponses,
  bettingHistoryResponses,
  bettingOperatorsResponses,
  bettingPaymentRequestResponses,
  bettingReferenceQuerySchema,
  initiateBettingRequestSchema,
  initiateBettingResponses,
  paymentRequestQuerySchema,
  type BettingDetail,
  type BettingHistoryPage,
  type BettingHistoryRow,
  type BettingPaymentRequest,
} from '../../../contract/betting';
import { apiPaths } from '../../../contract/paths';
import { userIdQuerySchema } from '../../../contract/user';
import { bettingSubmitViolations, bettingTotals } from '../../../domain/betting';
import { minorToApiAmount, parseDecimalAmount } from '../../../domain/money';
import { ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import type { StoredAnswer } from '../../idempotency/idempotency-key';
import { idempotencyOf, requireIdempotencyKey } from '../../idempotency/require-idempotency-key';
import type { Counterparty } from '../../ledger/counterparty';
import { currentUser } from '../../plugins/auth';
import { identityGate } from '../../plugins/identity-gate';
import { createReferenceCache } from '../../reference-cache';
import type { RouteDeps } from '../deps';
import { FULL_HISTORY_LIMIT, pagedAnswer } from '../paged-answer';
import { notEnoughFundsAnswer, maskedDigits } from '../transfer/cart-payment';
import { answering } from '../wallet/ledger-answers';
import type { WalletModule } from '../wallet/wallet-module';
import {
  allOperators,
  betOfUser,
  betsPage,
  countBets,
  defaultOperator,
  operatorById,
  type BetRecord,
} from './bets-repository';
import { openPaymentLink } from './payment-link-access';
import { claimPaymentLink, releasePaymentLink, type PaymentLinkRecord } from './payment-links-repository';

/*
 * Betting: the operators, InitiateBettingTransaction (amount + 1% fee held from the wallet, the operator's rail
 * asked to credit the betting account, posted to the operator's clearing account and fee revenue once it
 * confirms, released if it refuses), the betting history and 'Betting Details', and a partner payment link's
 * request (by its token) for the user it was made for. The operators' own call, AuthenticateUser, is in
 * partner-routes.ts.
 */

/** Bets are paid from the wallet (spec section 9: paymentMethodId 1). */
const BETTING_PAYMENT_METHOD = 'Wallet';

/** The spec reads data.referenceNo: the operation's reference, added to every 2xx answer (replays included). */
const withReferenceNo = (answer: StoredAnswer): StoredAnswer => {
  const body = answer.body as { data?: { referenceNumber?: unknown } } | null;
  const reference = body?.data?.referenceNumber;
  if (answer.statusCode >= 300 || typeof reference !== 'string') return answer;
  return { ...answer, body: { ...body, data: { ...body?.data, referenceNo: reference } } };
};

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.statusCode).send(answer.body);

export const historyRow = (bet: BetRecord): BettingHistoryRow => ({
  id: bet.id,
  senderName: bet.senderName,
  paymentMethod: BETTING_PAYMENT_METHOD,
  referenceNumber: bet.referenceNumber,
  sendAmount: minorToApiAmount(bet.amountMinor),
  status: bet.status,
  operatorName: bet.operatorName,
  bettingNo: bet.bettingNo,
  date: bet.createdAt.toISOString(),
});

const detailOf = (bet: BetRecord): BettingDetail => ({
  referenceNumber: bet.referenceNumber,
  senderName: bet.senderName,
  sendAmount: minorToApiAmount(bet.amountMinor),
  processingFee: minorToApiAmount(bet.feeMinor),
  totalPay: minorToApiAmount(bet.amountMinor + bet.feeMinor),
  paymentMethod: BETTING_PAYMENT_METHOD,
  status: bet.status,
  failureMessageId: bet.failureMessageId,
  operatorName: bet.operatorName,
  bettingNo: bet.bettingNo,
  receiverPhoneNo: bet.receiverPhoneNo,
  date: bet.createdAt.toISOString(),
});

const paymentRequestOf = (link: PaymentLinkRecord): BettingPaymentRequest => {
  const totals = link.amountMinor === null ? null : bettingTotals(link.amountMinor);
  return {
    operatorId: link.operatorId,
    operatorName: link.operatorName,
    bettingNo: link.bettingNo,
    receiverPhoneNo: link.receiverPhoneNo,
    sendAmount: totals ? minorToApiAmount(totals.sendMinor) : null,
    processingFee: totals ? minorToApiAmount(totals.feeMinor) : null,
    totalPay: totals ? minorToApiAmount(totals.totalMinor) : null,
    firstName: link.firstName,
    lastName: link.lastName,
    expiresAt: link.expiresAt.toISOString(),
  };
};

export const bettingRoutes: FastifyPluginAsyncZod<RouteDeps & { wallet: WalletModule }> = async (
  app,
  { db, wallet },
) => {
  // The operators are reference data: read once per host, served with an ETag (reference-cache.ts).
  const cache = createReferenceCache();
  app.get(apiPaths.bettingOperators, { schema: { response: bettingOperatorsResponses } }, (request, reply) =>
    cache.send(request, reply, 'operators', () => allOperators(db)),
  );

  app.post(
    apiPaths.initiateBetting,
    {
      preValidation: [identityGate(db), requireIdempotencyKey],
      schema: { body: initiateBettingRequestSchema, response: initiateBettingResponses },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const idempotency = idempotencyOf(request);
      const body = request.body;
      const answer = await answering(
        (async () => {
          // A repeat replays its answer, even once its payment link is paid.
          const replayed = await wallet.service.replay(idempotency);
          if (replayed) return replayed;
          const link = body.paymentToken
            ? await openPaymentLink(db, userId, body.paymentToken, new Date(), true)
            : null;
          const bet = link
            ? {
                operatorId: link.operatorId,
                bettingNo: link.bettingNo,
                receiverPhoneNo: link.receiverPhoneNo,
                amountMinor: link.amountMinor ?? parseDecimalAmount(body.sendAmount),
              }
            : {
                // The spec's request names no operator: the default one is paid (docs/decisions.md, issue 22).
                operatorId: body.operatorId ?? (await defaultOperator(db))?.id ?? 0,
                bettingNo: body.bettingNo.trim(),
                receiverPhoneNo: body.receiverPhoneNo.trim(),
                amountMinor: parseDecimalAmount(body.sendAmount),
              };
          const broken = bettingSubmitViolations({
            ...bet,
            sendAmountMinor: bet.amountMinor,
            hasIdentification: true, // the identity gate let this request in
          });
          if (broken.length > 0) throw violationsError(toViolations(broken));
          const operator = await operatorById(db, bet.operatorId);
          if (!operator)
            throw violationsError(
              toViolations([{ field: 'operatorId', messageId: 'betting.operatorUnknown' }]),
            );
          const amountMinor = bet.amountMinor as number;

          const claim = { userId, key: idempotency.key };
          if (link && !(await claimPaymentLink(db, link.id, claim)))
            throw new HttpError(409, 'bettingLink.alreadyPaid');
          const counterparty: Counterparty = {
            rail: 'betting',
            label: `${operator.name} ${maskedDigits(bet.bettingNo)}`,
            operator: operator.code,
            operatorId: operator.id,
            operatorName: operator.name,
            bettingNo: bet.bettingNo,
            receiverPhoneNo: bet.receiverPhoneNo,
          };
          const moved = await wallet.service.move({
            idempotency,
            draft: { kind: 'bet', amountMinor, counterparty },
            ...wallet.service.payout({
              name: 'bettingCredit',
              request: {
                amountMinor,
                operatorCode: operator.code,
                bettingNo: bet.bettingNo,
                receiverPhoneNo: bet.receiverPhoneNo,
              },
            }),
            insufficientFunds: notEnoughFundsAnswer,
          });
          // Refused (funds) or failed at once: nothing was paid, the link can be paid again.
          if (link && moved.statusCode >= 400) await releasePaymentLink(db, link.id, claim);
          return moved;
        })(),
      );
      return send(reply, withReferenceNo(answer));
    },
  );

  app.get(
    apiPaths.bettingHistory,
    { schema: { querystring: userIdQuerySchema, response: bettingHistoryResponses } },
    async (request) => {
      const bets = await betsPage(db, currentUser(request).id, { offset: 0, limit: FULL_HISTORY_LIMIT });
      return ok(bets.map(historyRow));
    },
  );

  app.get(
    apiPaths.bettingHistoryPage,
    { schema: { querystring: bettingHistoryPageQuerySchema, response: bettingHistoryPageResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const answer: BettingHistoryPage = await pagedAnswer(
        request.query,
        (search) => countBets(db, userId, search),
        (window) => betsPage(db, userId, window),
        historyRow,
      );
      return ok(answer);
    },
  );

  app.get(
    apiPaths.bettingByReference,
    { schema: { querystring: bettingReferenceQuerySchema, response: bettingDetailResponses } },
    async (request) => {
      const bet = await betOfUser(db, currentUser(request).id, request.query.referenceNumber);
      // Another user's bet answers exactly like an unknown reference.
      if (!bet) throw new HttpError(404, 'betting.notFound');
      return ok(detailOf(bet));
    },
  );

  app.get(
    apiPaths.bettingPaymentRequest,
    { schema: { querystring: paymentRequestQuerySchema, response: bettingPaymentRequestResponses } },
    async (request) =>
      ok(paymentRequestOf(await openPaymentLink(db, currentUser(request).id, request.query.token))),
  );
};
