import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BILLER_LIST_FIELDS,
  billingCompaniesResponses,
  billingHistoryPageQuerySchema,
  billingHistoryPageResponses,
  billingHistoryResponses,
  billingReceiptResponses,
  billingReferenceQuerySchema,
  billingSubCompaniesResponses,
  billLookupQuerySchema,
  billLookupResponses,
  companyIdQuerySchema,
  payBillRequestSchema,
  payBillResponses,
  type BillingHistoryPage,
  type BillingHistoryRow,
  type BillingReceiptDetail,
  type PayBillRequest,
} from '../../../contract/billing';
import { apiPaths } from '../../../contract/paths';
import { userIdQuerySchema } from '../../../contract/user';
import {
  BILL_PAID_BY,
  BILL_PROCESSING_FEE_MINOR,
  billTotalPay,
  prepaidAmountViolations,
} from '../../../domain/billing';
import { minorToApiAmount, minorToDecimalString, parseDecimalAmount } from '../../../domain/money';
import type { RuleViolation } from '../../../domain/rule';
import { failure, ok } from '../../envelope';
import { HttpError, toViolations, violationsError } from '../../http-error';
import type { IdempotencyKey, StoredAnswer } from '../../idempotency/idempotency-key';
import { idempotencyOf, requireIdempotencyKey } from '../../idempotency/require-idempotency-key';
import { CartAlreadyPaidError } from '../../ledger/errors';
import { currentUser } from '../../plugins/auth';
import { identityGate } from '../../plugins/identity-gate';
import type { BillerRail } from '../../providers/biller-rail';
import type { RouteDeps } from '../deps';
import { createReferenceCache } from '../../reference-cache';
import { FULL_HISTORY_LIMIT, pagedAnswer } from '../paged-answer';
import { answering } from '../wallet/ledger-answers';
import type { WalletModule } from '../wallet/wallet-module';
import { billAnywhere, billAt, knownSubCompany, quoteBill, type BillerDeps } from './bill-lookup';
import {
  allCompanies,
  billKeyOf,
  billPaymentDetail,
  billPaymentsPage,
  countBillPayments,
  openQuoteId,
  quoteOfUser,
  saveToken,
  subCompaniesOf,
  type BillPaymentRecord,
  type Quote,
  type SubCompany,
} from './billing-repository';

/*
 * Bill payment (spec sections 2, 3, 5 and 7): the billers, a bill looked up by its reference (kept as a quote),
 * PayBill (the quote paid from the wallet once, through the biller rail), the billing history and receipts.
 */

const rejectIfBroken = (broken: readonly RuleViolation[]): void => {
  if (broken.length > 0) throw violationsError(toViolations(broken));
};

/** The answer when the wallet cannot cover the bill (spec section 5: 'Insufficient funds'). */
const insufficientFundsAnswer: StoredAnswer = {
  statusCode: 400,
  body: failure(
    400,
    'billing.insufficientFunds',
    toViolations([{ field: 'amount', messageId: 'billing.insufficientFunds' }]),
  ),
};

/** What may be shown of the customer's reference: its last four characters. */
const maskedReference = (reference: string) => `•••• ${reference.slice(-4)}`;

/** A postpaid bill is settled once; a prepaid purchase is its own (quote) each time. */
const billKeyOfQuote = (quote: Quote) =>
  quote.prepaid ? null : billKeyOf(quote.subCompanyId, quote.referenceNo, quote.billMonth);

/**
 * What a payment of the quote takes, when the request's totals agree with the bill: the bill's total (postpaid) or
 * the amount chosen within its bounds (prepaid), no fee, and totalPay their sum; else null.
 */
const agreedTotal = (quote: Quote, body: PayBillRequest): number | null => {
  const totalBill = parseDecimalAmount(body.totalBill);
  if (quote.prepaid) rejectIfBroken(prepaidAmountViolations(totalBill));
  const agrees =
    totalBill !== null &&
    (quote.prepaid || totalBill === quote.totalDueMinor) &&
    parseDecimalAmount(body.processingFee) === BILL_PROCESSING_FEE_MINOR &&
    parseDecimalAmount(body.totalPay) === totalBill + BILL_PROCESSING_FEE_MINOR;
  return agrees ? totalBill : null;
};

/** With the quote named: the totals, and every other field, must say what the quote says. */
const amountToCharge = (quote: Quote, body: PayBillRequest): number => {
  const amount = agreedTotal(quote, body);
  const detailsMatch =
    body.paidBy === BILL_PAID_BY &&
    body.referenceNo === quote.referenceNo &&
    body.subCompanyId === quote.subCompanyId &&
    body.customerId === quote.customerId &&
    body.customerName === quote.customerName &&
    body.billMonth === quote.billMonth &&
    body.dueDate === quote.dueDate;
  if (amount === null || !detailsMatch) throw new HttpError(400, 'billing.detailsMismatch');
  return amount;
};

/**
 * The spec's request (no quote): its totals must agree with the bill, and the 400 says what is due. The customer,
 * month and due date paid are the bill's (the spec's client sends a fixed date as the month).
 */
const specAmountToCharge = (quote: Quote, body: PayBillRequest): number => {
  const amount = agreedTotal(quote, body);
  if (amount !== null) return amount;
  const due = quote.prepaid ? (parseDecimalAmount(body.totalBill) ?? 0) : quote.totalDueMinor;
  throw violationsError(
    toViolations([
      {
        field: 'totalBill',
        messageId: 'billing.totalsMismatch',
        values: { totalDue: minorToDecimalString(billTotalPay(due)) },
      },
    ]),
  );
};

/**
 * The spec's request names no quote: the user's open quote of this bill (sub-company and reference), else the
 * bill looked up now (its reference rules first) and kept as a quote.
 */
const quoteOfSpecRequest = async (
  deps: BillerDeps,
  userId: number,
  { subCompanyId, referenceNo }: PayBillRequest,
): Promise<Quote | null> => {
  const subCompany = await knownSubCompany(deps.db, subCompanyId);
  const openId = await openQuoteId(deps.db, userId, subCompany.id, referenceNo);
  if (openId) return quoteOfUser(deps.db, userId, openId);
  const bill = await billAt(deps, subCompany, referenceNo);
  const { quoteId } = await quoteBill(deps.db, userId, { subCompany, bill }, referenceNo);
  return quoteOfUser(deps.db, userId, quoteId);
};

const payQuote = async (
  wallet: WalletModule,
  idempotency: IdempotencyKey,
  quote: Quote,
  subCompany: SubCompany,
  amountMinor: number,
): Promise<StoredAnswer> =>
  wallet.service
    .move({
      idempotency,
      draft: {
        kind: 'bill_payment',
        amountMinor,
        counterparty: {
          rail: 'biller',
          label: `${subCompany.subCompanyName} ${maskedReference(quote.referenceNo)}`,
          biller: subCompany.companyCode,
        },
        billQuoteId: quote.id,
        billKey: billKeyOfQuote(quote),
      },
      ...wallet.service.payout({
        name: 'billPayment',
        request: {
          quoteId: quote.id,
          bill: {
            subCompanyCode: subCompany.code,
            customerReference: quote.referenceNo,
            amountMinor,
            prepaid: quote.prepaid,
          },
        },
      }),
      insufficientFunds: insufficientFundsAnswer,
    })
    .catch((error: unknown) => {
      // Another request paid this quote, or this bill, first.
      throw error instanceof CartAlreadyPaidError ? new HttpError(409, 'billing.alreadyPaid') : error;
    });

export const historyRow = (record: BillPaymentRecord): BillingHistoryRow => ({
  id: record.id,
  senderName: record.senderName,
  referenceNumber: record.referenceNumber,
  billReference: record.billReference,
  subCompanyName: record.subCompanyName,
  companyName: record.companyName,
  sendAmount: minorToApiAmount(record.amountMinor),
  status: record.status,
  date: record.createdAt.toISOString(),
});

export const billingRoutes: FastifyPluginAsyncZod<
  RouteDeps & { wallet: WalletModule; billerRail: BillerRail }
> = async (app, { db, wallet, billerRail }) => {
  // A bill's payment, as its request makes it and as a release after review does (a prepaid token is kept).
  wallet.service.continuations.register('billPayment', async ({ quoteId, bill }, reference) => {
    const outcome = await billerRail.pay({ reference, ...bill });
    if (outcome.token) await saveToken(db, quoteId, outcome.token);
    return outcome;
  });
  // The billers are reference data: read once per host, served with an ETag (reference-cache.ts).
  const cache = createReferenceCache();
  app.get(apiPaths.billingCompanies, { schema: { response: billingCompaniesResponses } }, (request, reply) =>
    cache.send(request, reply, 'companies', () => allCompanies(db), { fields: BILLER_LIST_FIELDS }),
  );

  app.get(
    apiPaths.billingSubCompanies,
    { schema: { querystring: companyIdQuerySchema, response: billingSubCompaniesResponses } },
    (request, reply) =>
      cache.send(
        request,
        reply,
        `subCompanies:${request.query.companyId}`,
        async () =>
          (await subCompaniesOf(db, request.query.companyId)).map(
            ({ code: _code, companyCode: _companyCode, ...subCompany }) => subCompany,
          ),
        { fields: BILLER_LIST_FIELDS },
      ),
  );

  app.get(
    apiPaths.billByReference,
    { schema: { querystring: billLookupQuerySchema, response: billLookupResponses } },
    async (request) => {
      const { referenceNumber, subCompanyId } = request.query;
      const deps = { db, billerRail, log: request.log };
      const found =
        subCompanyId === undefined
          ? await billAnywhere(deps, referenceNumber)
          : await (async () => {
              const subCompany = await knownSubCompany(db, subCompanyId);
              return { subCompany, bill: await billAt(deps, subCompany, referenceNumber) };
            })();
      return ok([await quoteBill(db, currentUser(request).id, found, referenceNumber)]);
    },
  );

  app.post(
    apiPaths.payBill,
    {
      preValidation: [identityGate(db), requireIdempotencyKey],
      schema: { body: payBillRequestSchema, response: payBillResponses },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request);
      const answer = await answering(
        (async () => {
          // A repeat of a request already made replays its answer, even once its quote is paid or expired.
          const replayed = await wallet.service.replay(idempotency);
          if (replayed) return replayed;
          const userId = currentUser(request).id;
          const { quoteId } = request.body;
          const quote =
            quoteId === undefined
              ? await quoteOfSpecRequest({ db, billerRail, log: request.log }, userId, request.body)
              : await quoteOfUser(db, userId, quoteId);
          if (!quote) throw new HttpError(404, 'billing.quoteNotFound');
          if (quote.status === 'paid') {
            // Paid by this very key meanwhile (a concurrent copy of this request): its answer.
            const paidByThisKey = await wallet.service.replay(idempotency);
            if (paidByThisKey) return paidByThisKey;
            throw new HttpError(409, 'billing.alreadyPaid');
          }
          if (quote.status === 'expired') throw new HttpError(410, 'billing.quoteExpired');
          if (!quote.prepaid && quote.totalDueMinor === 0) throw new HttpError(409, 'billing.alreadyPaid');
          const amountMinor =
            quoteId === undefined
              ? specAmountToCharge(quote, request.body)
              : amountToCharge(quote, request.body);
          const subCompany = await knownSubCompany(db, quote.subCompanyId);
          return payQuote(wallet, idempotency, quote, subCompany, amountMinor);
        })(),
      );
      return (reply as FastifyReply).code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    apiPaths.billingHistory,
    { schema: { querystring: userIdQuerySchema, response: billingHistoryResponses } },
    async (request) => {
      const payments = await billPaymentsPage(db, currentUser(request).id, {
        offset: 0,
        limit: FULL_HISTORY_LIMIT,
      });
      return ok(payments.map(historyRow));
    },
  );

  app.get(
    apiPaths.billingHistoryPage,
    { schema: { querystring: billingHistoryPageQuerySchema, response: billingHistoryPageResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const answer: BillingHistoryPage = await pagedAnswer(
        request.query,
        (search) => countBillPayments(db, userId, search),
        (window) => billPaymentsPage(db, userId, window),
        historyRow,
      );
      return ok(answer);
    },
  );

  app.get(
    apiPaths.billingTransaction,
    { schema: { querystring: billingReferenceQuerySchema, response: billingReceiptResponses } },
    async (request) => {
      const detail = await billPaymentDetail(db, currentUser(request).id, request.query.referenceNumber);
      // Another user's payment answers exactly like an unknown reference.
      if (!detail) throw new HttpError(404, 'operation.notFound');
      const answer: BillingReceiptDetail = {
        referenceNumber: detail.referenceNumber,
        status: detail.status,
        failureMessageId: detail.failureMessageId,
        date: detail.createdAt.toISOString(),
        senderName: detail.senderName,
        companyName: detail.companyName,
        subCompanyName: detail.subCompanyName,
        title: detail.title,
        billReference: detail.billReference,
        customerId: detail.customerId,
        customerName: detail.customerName,
        billMonth: detail.billMonth,
        dueDate: detail.dueDate,
        totalBill: minorToApiAmount(detail.amountMinor),
        processingFee: minorToApiAmount(detail.feeMinor),
        totalPay: minorToApiAmount(detail.amountMinor + detail.feeMinor),
        paidBy: BILL_PAID_BY,
        token: detail.token,
      };
      return ok(answer);
    },
  );
};
