import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/paths';
import {
  referenceNumberQuerySchema,
  transactionDetailResponses,
  transactionHistoryPageQuerySchema,
  transactionHistoryPageResponses,
  transactionHistoryResponses,
  type TransactionDetail,
  type TransactionHistoryPage,
  type TransactionHistoryRow,
} from '../../../contract/transfer';
import { userIdQuerySchema } from '../../../contract/user';
import { minorToApiAmount } from '../../../domain/money';
import { ok } from '../../envelope';
import { HttpError } from '../../http-error';
import { currentUser } from '../../plugins/auth';
import { pagedAnswer } from '../paged-answer';
import type { RouteDeps } from '../deps';
import {
  countTransactions,
  transactionDetail,
  transactionsPage,
  type TransactionRecord,
} from './transaction-history-repository';

/** The most rows GetTransactionsHistoryByUserId answers (newest first), as the wallet history. */
const HISTORY_LIMIT = 500;

export const historyRow = (record: TransactionRecord): TransactionHistoryRow => ({
  id: record.id,
  senderName: record.senderName,
  receiverName: record.receiverName,
  referenceNumber: record.referenceNumber,
  sendAmount: minorToApiAmount(record.sendMinor),
  fee: minorToApiAmount(record.feeMinor),
  status: record.status,
  direction: record.direction,
  receiveAmount: minorToApiAmount(record.receiveMinor),
  currency: record.currency,
  date: record.createdAt.toISOString(),
});

/** The transaction history (the user's transfers, and those received from other users on-us) and receipts. */
export const transactionHistoryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.get(
    apiPaths.transactionHistory,
    { schema: { querystring: userIdQuerySchema, response: transactionHistoryResponses } },
    async (request) => {
      const records = await transactionsPage(db, currentUser(request).id, {
        offset: 0,
        limit: HISTORY_LIMIT,
      });
      return ok(records.map(historyRow));
    },
  );

  app.get(
    apiPaths.transactionHistoryPage,
    { schema: { querystring: transactionHistoryPageQuerySchema, response: transactionHistoryPageResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const answer: TransactionHistoryPage = await pagedAnswer(
        request.query,
        (search) => countTransactions(db, userId, search),
        (window) => transactionsPage(db, userId, window),
        historyRow,
      );
      return ok(answer);
    },
  );

  app.get(
    apiPaths.transactionByReference,
    { schema: { querystring: referenceNumberQuerySchema, response: transactionDetailResponses } },
    async (request) => {
      const detail = await transactionDetail(db, currentUser(request).id, request.query.referenceNumber);
      // Another user's transfer answers exactly like an unknown reference.
      if (!detail) throw new HttpError(404, 'operation.notFound');
      const answer: TransactionDetail = {
        referenceNumber: detail.referenceNumber,
        direction: detail.direction,
        status: detail.status,
        failureMessageId: detail.failureMessageId,
        sendDateTime: detail.createdAt.toISOString(),
        senderName: detail.senderName,
        senderPhone: detail.senderPhone,
        receiverName: detail.receiverName,
        receiverPhone: detail.receiverPhone,
        receiverAccount: detail.receiverAccount,
        receiverCountry: detail.receiverCountry,
        transferAmount: minorToApiAmount(detail.sendMinor),
        processingFee: minorToApiAmount(detail.feeMinor),
        payAmount: minorToApiAmount(detail.totalMinor),
        receiveAmount: minorToApiAmount(detail.receiveMinor),
        currency: detail.currency,
        rate: detail.rate,
        purpose: detail.purpose,
        deliveryMethod: detail.deliveryMethod,
        paymentType: detail.paymentType,
        collectionCode: detail.collectionCode,
        couponDiscount: minorToApiAmount(detail.discountMinor),
      };
      return ok(answer);
    },
  );
};
