import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../contract/paths';
import { userIdQuerySchema } from '../../contract/user';
import {
  bankTopUpRequestSchema,
  cardTopUpRequestSchema,
  momoTopUpRequestSchema,
  walletHistoryPageQuerySchema,
  walletOperationQuerySchema,
  withdrawalRequestSchema,
  type WalletHistoryPage,
  type WalletHistoryRow,
} from '../../contract/wallet';
import { cardBrand, cardExpiry, cardLastFour, cardPaymentViolations } from '../../domain/card';
import { minorToApiAmount, parseDecimalAmount } from '../../domain/money';
import type { RuleViolation } from '../../domain/rule';
import { bankTopUpViolations, isMomoProvider, momoTopUpViolations } from '../../domain/top-up';
import { bankWithdrawalViolations, momoWithdrawalViolations } from '../../domain/withdrawal';
import type { Db } from '../db/client';
import { failure, ok } from '../envelope';
import { HttpError, toViolations, violationsError } from '../http-error';
import { operationResult } from '../ledger/answers';
import {
  availableBalance,
  countOperationsOfUser,
  findOperation,
  operationsOfUser,
  operationsPageOfUser,
  type Operation,
} from '../ledger/operations';
import { queryRows } from '../db/sql';
import type { WalletModule } from '../ledger/wallet-module';
import type { MoneyMovement } from '../ledger/wallet-service';
import { currentUser } from '../plugins/auth';
import { identityGate } from '../plugins/identity-gate';
import { idempotencyOf, requireIdempotencyKey, type StoredAnswer } from '../plugins/idempotency';
import type { RouteDeps } from './deps';

/** The most history rows one answer carries (newest first). */
const HISTORY_LIMIT = 500;

const rejectIfBroken = (broken: readonly RuleViolation[]): void => {
  if (broken.length > 0) throw violationsError(toViolations(broken));
};

const lastFour = (digits: string) => digits.slice(-4);
const masked = (name: string, digits: string) => `${name} •••• ${lastFour(digits)}`;

/** Bank names by id: reference data, seeded and never changed while running. */
const bankDirectory = (db: Db) => {
  let names: Promise<Map<number, string>> | null = null;
  return async (bankId: number): Promise<string | null> => {
    names ??= queryRows<{ id: number; name: string }>(db, sql`select id, name from banks`).then(
      (rows) => new Map(rows.map((row) => [row.id, row.name])),
    );
    try {
      return (await names).get(bankId) ?? null;
    } catch (error) {
      names = null;
      throw error;
    }
  };
};

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.statusCode).send(answer.body);

/** The answer (stored under the key) to a withdrawal the wallet cannot cover: what the error handler would send. */
const insufficientFunds: StoredAnswer = {
  statusCode: 400,
  body: failure(
    400,
    'withdrawal.insufficientFunds',
    toViolations([{ field: 'amount', messageId: 'withdrawal.insufficientFunds' }]),
  ),
};

const historyRow = (operation: Operation): WalletHistoryRow => ({
  id: operation.id,
  amount: minorToApiAmount(operation.amountMinor),
  actionType: operation.direction,
  description: operation.description,
  kind: operation.kind,
  counterparty: operation.counterparty.label,
  status: operation.status,
  failureMessageId: operation.failureMessageId,
  referenceNumber: operation.referenceNumber,
  date: operation.createdAt.toISOString(),
});

export const walletRoutes: FastifyPluginAsyncZod<RouteDeps & { wallet: WalletModule }> = async (
  app,
  { db, wallet: { service, provider } },
) => {
  const bankName = bankDirectory(db);
  const moneyMoving = { preValidation: [identityGate(db), requireIdempotencyKey] };
  const move = (movement: Omit<MoneyMovement, 'insufficientFunds'>) =>
    service.move({ ...movement, insufficientFunds });

  const knownBank = async (bankId: number): Promise<string> => {
    const name = await bankName(bankId);
    if (name === null) rejectIfBroken([{ field: 'bankId', messageId: 'bank.unknown' }]);
    return name as string;
  };

  app.post(
    apiPaths.cardTopUp,
    { ...moneyMoving, schema: { body: cardTopUpRequestSchema } },
    async (request, reply) => {
      const body = request.body;
      const cardNumber = body.cardNumber.replace(/\s+/g, '');
      const amountMinor = parseDecimalAmount(body.amount);
      rejectIfBroken(
        cardPaymentViolations({
          firstName: body.firstName,
          lastName: body.lastName,
          cardNumber,
          expiry: cardExpiry(body.expiryMonth, body.expiryYear),
          cvv: body.cvv,
          amountMinor,
        }),
      );
      const amount = amountMinor as number;
      const brand = cardBrand(cardNumber);
      const label = masked(brand, cardNumber);
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          draft: {
            kind: 'card_top_up',
            amountMinor: amount,
            description: `Top-up by card (${label})`,
            counterparty: { rail: 'card', label, brand, lastFour: cardLastFour(cardNumber) },
          },
          callProvider: (reference) =>
            provider.collectCard({
              reference,
              amountMinor: amount,
              card: {
                number: cardNumber,
                cvv: body.cvv,
                expiryMonth: body.expiryMonth,
                expiryYear: body.expiryYear,
                holderName: `${body.firstName} ${body.lastName}`.trim(),
              },
            }),
        }),
      );
    },
  );

  app.post(
    apiPaths.bankTopUp,
    { ...moneyMoving, schema: { body: bankTopUpRequestSchema } },
    async (request, reply) => {
      const body = request.body;
      const amountMinor = parseDecimalAmount(body.amount);
      rejectIfBroken(
        bankTopUpViolations({
          amountMinor,
          bankAccountNumber: body.bankAccountNumber,
          bankId: body.bankId,
          accountTypeId: body.accountTypeId,
        }),
      );
      const name = await knownBank(body.bankId);
      const amount = amountMinor as number;
      const label = masked(name, body.bankAccountNumber);
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          draft: {
            kind: 'bank_top_up',
            amountMinor: amount,
            description: `Top-up by bank (${label})`,
            counterparty: {
              rail: 'bank',
              label,
              bankId: body.bankId,
              bankName: name,
              lastFour: lastFour(body.bankAccountNumber),
            },
          },
          callProvider: (reference) =>
            provider.collectBank({
              reference,
              amountMinor: amount,
              bankId: body.bankId,
              accountNumber: body.bankAccountNumber,
            }),
        }),
      );
    },
  );

  app.post(
    apiPaths.momoTopUp,
    { ...moneyMoving, schema: { body: momoTopUpRequestSchema } },
    async (request, reply) => {
      const body = request.body;
      const amountMinor = parseDecimalAmount(body.amount);
      rejectIfBroken(momoTopUpViolations({ amountMinor, phone: body.phone, provider: body.provider }));
      const amount = amountMinor as number;
      const label = masked(body.provider, body.phone);
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          draft: {
            kind: 'momo_top_up',
            amountMinor: amount,
            description: `Top-up by MoMo (${label})`,
            counterparty: { rail: 'momo', label, network: body.provider, lastFour: lastFour(body.phone) },
          },
          callProvider: (reference) =>
            provider.requestMomoCollection({
              reference,
              amountMinor: amount,
              phone: body.phone,
              network: body.provider,
            }),
        }),
      );
    },
  );

  app.post(
    apiPaths.withdrawal,
    { ...moneyMoving, schema: { body: withdrawalRequestSchema } },
    async (request, reply) => {
      const body = request.body;
      const userId = currentUser(request).id;
      const amountMinor = parseDecimalAmount(body.amount);
      const rules = (availableMinor: number) =>
        body.isMOMOWithdrawal
          ? momoWithdrawalViolations({ amountMinor, momoMobileNumber: body.momoMobileNumber }, availableMinor)
          : bankWithdrawalViolations(
              { amountMinor, bankAccountNumber: body.bankAccountNumber, bankId: body.bankId },
              availableMinor,
            );
      // The balance is decided under the wallet row lock; it is read here only to report every broken rule in order.
      if (rules(Number.MAX_SAFE_INTEGER).length > 0)
        rejectIfBroken(rules(await availableBalance(db, userId)));
      const amount = amountMinor as number;
      const idempotency = idempotencyOf(request);

      if (body.isMOMOWithdrawal) {
        if (!isMomoProvider(body.provider))
          rejectIfBroken([{ field: 'provider', messageId: 'momoTopUp.providerUnknown' }]);
        const phone = body.momoMobileNumber;
        const label = masked(body.provider, phone);
        return send(
          reply,
          await move({
            idempotency,
            draft: {
              kind: 'momo_withdrawal',
              amountMinor: amount,
              description: `Withdrawal to MoMo (${label})`,
              counterparty: { rail: 'momo', label, network: body.provider, lastFour: lastFour(phone) },
            },
            callProvider: (reference) =>
              provider.disburseMomo({ reference, amountMinor: amount, phone, network: body.provider }),
          }),
        );
      }
      const name = await knownBank(body.bankId);
      const label = masked(name, body.bankAccountNumber);
      return send(
        reply,
        await move({
          idempotency,
          draft: {
            kind: 'bank_withdrawal',
            amountMinor: amount,
            description: `Withdrawal to bank (${label})`,
            counterparty: {
              rail: 'bank',
              label,
              bankId: body.bankId,
              bankName: name,
              lastFour: lastFour(body.bankAccountNumber),
            },
          },
          callProvider: (reference) =>
            provider.disburseBank({
              reference,
              amountMinor: amount,
              bankId: body.bankId,
              accountNumber: body.bankAccountNumber,
            }),
        }),
      );
    },
  );

  app.get(
    apiPaths.walletOperation,
    { schema: { querystring: walletOperationQuerySchema } },
    async (request) => {
      const userId = currentUser(request).id;
      // Another user's reference answers exactly like an unknown one.
      const operation = await findOperation(db, { referenceNumber: request.query.referenceNumber, userId });
      if (!operation) throw new HttpError(404, 'operation.notFound');
      return ok(operationResult(operation, await availableBalance(db, userId)));
    },
  );

  app.get(apiPaths.walletHistory, { schema: { querystring: userIdQuerySchema } }, async (request) => {
    const operations = await operationsOfUser(db, currentUser(request).id, HISTORY_LIMIT);
    return ok(operations.map(historyRow));
  });

  app.get(
    apiPaths.walletHistoryPage,
    { schema: { querystring: walletHistoryPageQuerySchema } },
    async (request) => {
      const userId = currentUser(request).id;
      const { pageSize } = request.query;
      const total = await countOperationsOfUser(db, userId);
      // A page past the end answers the last page (page 0 when there are none).
      const lastPage = Math.max(Math.ceil(total / pageSize), 1) - 1;
      const page = Math.min(request.query.page, lastPage);
      const operations = await operationsPageOfUser(db, userId, { offset: page * pageSize, limit: pageSize });
      const answer: WalletHistoryPage = { rows: operations.map(historyRow), total, page, pageSize };
      return ok(answer);
    },
  );
};
