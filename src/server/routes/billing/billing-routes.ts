import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingCompaniesResponses,
  billingHistoryQuerySchema,
  billingHistoryResponses,
  billingReceiptResponses,
  billingReferenceQuerySchema,
  billingSubCompaniesResponses,
  billLookupQuerySchema,
  billLookupResponses,
  companyIdQuerySchema,
  payBillRequestSchema,
  payBillResponses,
  type Bill,
  type BillingHistoryPage,
  type BillingHistoryRow,
  type BillingReceiptDetail,
  type PayBillRequest,
} from '../../../contract/billing';
import { apiPaths } from '../../../contract/paths';
import {
  BILL_PAID_BY,
  BILL_PROCESSING_FEE_MINOR,
  billReferenceViolations,
  prepaidAmountViolations,
} from '../../../domain/billing';
import { minorToApiAmount, parseDecimalAmount } from '../../../domain/money';
import type { RuleViolation } from '../../../domain/rule';
import type { Db } from '../../db/client';
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
import { pagedAnswer } from '../paged-answer';
import { answering } from '../wallet/ledger-answers';
import type { WalletModule } from '../wallet/wallet-module';
import {
  allCompanies,
  billKeyOf,
  billPaymentDetail,
  billPaymentsPage,
  billPaymentStatus,
  countBillPayments,
  createQuote,
  quoteOfUser,
  saveToken,
  subCompaniesOf,
  subCompanyById,
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

/** The bill's status as the lookup shows it: paid (or being paid) once its payment has not failed. */
const shownStatus = (billerStatus: string, payment: Awaited<ReturnType<typeof billPaymentStatus>>) =>
  payment === 'Successful' ? 'Paid' : payment === 'pending' ? 'Pending' : billerStatus;

/**
 * The amount PayBill charges, from the quote: the bill's total, or a prepaid purchase's chosen amount (within its
 * bounds). Every other field of the request must say what the quote says.
 */
const amountToCharge = (quote: Quote, body: PayBillRequest): number => {
  const totalBill = parseDecimalAmount(body.totalBill);
  const totalPay = parseDecimalAmount(body.totalPay);
  const fee = parseDecimalAmount(body.processingFee);
  if (quote.prepaid) rejectIfBroken(prepaidAmountViolations(totalBill));
  const matches =
    totalBill !== null &&
    (quote.prepaid || totalBill === quote.totalDueMinor) &&
    fee === BILL_PROCESSING_FEE_MINOR &&
    totalPay === totalBill + BILL_PROCESSING_FEE_MINOR &&
    body.paidBy === BILL_PAID_BY &&
    body.referenceNo === quote.referenceNo &&
    body.subCompanyId === quote.subCompanyId &&
    body.customerId === quote.customerId &&
    body.customerName === quote.customerName &&
    body.billMonth === quote.billMonth &&
    body.dueDate === quote.dueDate;
  if (!matches || totalBill === null) throw new HttpError(400, 'billing.detailsMismatch');
  return totalBill;
};

const payQuote = async (
  db: Db,
  { wallet, billerRail }: { wallet: WalletModule; billerRail: BillerRail },
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
      callProvider: async (reference) => {
        const outcome = await billerRail.pay({
          reference,
          subCompanyCode: subCompany.code,
          customerReference: quote.referenceNo,
          amountMinor,
          prepaid: quote.prepaid,
        });
        if (outcome.token) await saveToken(db, quote.id, outcome.token);
        return outcome;
      },
      insufficientFunds: insufficientFundsAnswer,
    })
    .catch((error: unknown) => {
      // Another request paid this quote, or this bill, first.
      throw error instanceof CartAlreadyPaidError ? new HttpError(409, 'billing.alreadyPaid') : error;
    });

const historyRow = (record: BillPaymentRecord): BillingHistoryRow => ({
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
  // The billers are reference data: read once per host, served with an ETag (reference-cache.ts).
  const cache = createReferenceCache();
  app.get(apiPaths.billingCompanies, { schema: { response: billingCompaniesResponses } }, (request, reply) =>
    cache.send(request, reply, 'companies', () => allCompanies(db)),
  );

  app.get(
    apiPaths.billingSubCompanies,
    { schema: { querystring: companyIdQuerySchema, response: billingSubCompaniesResponses } },
    (request, reply) =>
      cache.send(request, reply, `subCompanies:${request.query.companyId}`, async () =>
        (await subCompaniesOf(db, request.query.companyId)).map(
          ({ code: _code, companyCode: _companyCode, ...subCompany }) => subCompany,
        ),
      ),
  );

  app.get(
    apiPaths.billByReference,
    { schema: { querystring: billLookupQuerySchema, response: billLookupResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const { referenceNumber, subCompanyId } = request.query;
      const subCompany = await subCompanyById(db, subCompanyId);
      if (!subCompany) throw new HttpError(404, 'billing.subCompanyNotFound');
      rejectIfBroken(billReferenceViolations(referenceNumber, subCompany));
      const lookup = await billerRail
        .lookup({
          subCompanyCode: subCompany.code,
          prepaid: subCompany.prepaid,
          reference: referenceNumber,
          now: new Date(),
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'bill lookup failed');
          throw new HttpError(502, 'billing.billerUnavailable');
        });
      if (!lookup.found) throw new HttpError(404, 'billing.billNotFound');
      const { bill } = lookup;
      const payment = subCompany.prepaid
        ? null
        : await billPaymentStatus(db, billKeyOf(subCompany.id, referenceNumber, bill.billMonth));
      const status = shownStatus(bill.status, payment);
      const totalDueMinor = payment === null ? bill.totalDueMinor : 0;
      const quote = await createQuote(db, {
        userId,
        subCompanyId: subCompany.id,
        referenceNo: referenceNumber,
        customerId: bill.customerId,
        customerName: bill.customerName,
        billMonth: bill.billMonth,
        dueDate: bill.dueDate,
        billStatus: status,
        totalDueMinor,
        prepaid: subCompany.prepaid,
      });
      const answer: Bill = {
        status,
        customerId: bill.customerId,
        customerName: bill.customerName,
        billMonth: bill.billMonth,
        dueDate: bill.dueDate,
        totalBillDue: minorToApiAmount(totalDueMinor),
        referenceNo: referenceNumber,
        subCompanyId: subCompany.id,
        prepaid: subCompany.prepaid,
        quoteId: quote.id,
        expiresAt: quote.expiresAt.toISOString(),
      };
      return ok([answer]);
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
          const quote = await quoteOfUser(db, currentUser(request).id, request.body.quoteId);
          if (!quote) throw new HttpError(404, 'billing.quoteNotFound');
          if (quote.status === 'paid') {
            // Paid by this very key meanwhile (a concurrent copy of this request): its answer.
            const paidByThisKey = await wallet.service.replay(idempotency);
            if (paidByThisKey) return paidByThisKey;
            throw new HttpError(409, 'billing.alreadyPaid');
          }
          if (quote.status === 'expired') throw new HttpError(410, 'billing.quoteExpired');
          if (!quote.prepaid && quote.totalDueMinor === 0) throw new HttpError(409, 'billing.alreadyPaid');
          const amountMinor = amountToCharge(quote, request.body);
          const subCompany = await subCompanyById(db, quote.subCompanyId);
          if (!subCompany) throw new HttpError(404, 'billing.subCompanyNotFound');
          return payQuote(db, { wallet, billerRail }, idempotency, quote, subCompany, amountMinor);
        })(),
      );
      return (reply as FastifyReply).code(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    apiPaths.billingHistory,
    { schema: { querystring: billingHistoryQuerySchema, response: billingHistoryResponses } },
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
