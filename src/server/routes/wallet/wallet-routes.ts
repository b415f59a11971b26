import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/paths';
import { userIdQuerySchema } from '../../../contract/user';
import {
  bankTopUpRequestSchema,
  cardTopUpRequestSchema,
  momoTopUpRequestSchema,
  monthSummaryQuerySchema,
  monthSummaryResponses,
  walletHistoryPageQuerySchema,
  walletHistoryPageResponses,
  walletHistoryResponses,
  walletMoneyResponses,
  walletOperationQuerySchema,
  walletOperationResponses,
  withdrawalRequestSchema,
  type WalletHistoryPage,
  type WalletHistoryRow,
  type WalletOperationKind,
} from '../../../contract/wallet';
import { cardExpiry, cardPaymentViolations } from '../../../domain/card';
import { minorToApiAmount, parseDecimalAmount, WALLET_CURRENCY } from '../../../domain/money';
import type { RuleViolation } from '../../../domain/rule';
import { bankTopUpViolations, isMomoProvider, momoTopUpViolations } from '../../../domain/top-up';
import { bankWithdrawalViolations, momoWithdrawalViolations } from '../../../domain/withdrawal';
import { ok } from '../../envelope';
import { toViolations, violationsError } from '../../http-error';
import type { StoredAnswer } from '../../idempotency/idempotency-key';
import { idempotencyOf, requireIdempotencyKey } from '../../idempotency/require-idempotency-key';
import { operationResult } from '../../ledger/answers';
import type { Counterparty } from '../../ledger/counterparty';
import type { Operation } from '../../ledger/operation';
import { availableBalance } from '../../ledger/operations';
import type { MoneyMovement } from '../../ledger/wallet-service';
import { currentUser } from '../../plugins/auth';
import { identityGate } from '../../plugins/identity-gate';
import { pagedAnswer } from '../paged-answer';
import type { RouteDeps } from '../deps';
import { cardCollection, masked, momoCounterparty, momoCollection } from './collections';
import { answering, insufficientFundsAnswer } from './ledger-answers';
import { describeOperation } from './operation-description';
import type { WalletModule } from './wallet-module';
import { monthSummaryOfUser } from './month-summary-repository';
import { bankDirectory } from '../reference/reference-repository';
import {
  countOperationsOfUser,
  operationsOfUser,
  operationsPageOfUser,
} from './wallet-operations-repository';

/** The most history rows one answer carries (newest first). */
const HISTORY_LIMIT = 500;

const rejectIfBroken = (broken: readonly RuleViolation[]): void => {
  if (broken.length > 0) throw violationsError(toViolations(broken));
};

const lastFour = (digits: string) => digits.slice(-4);

const bankCounterparty = (
  bankName: string,
  { bankId, accountNumber }: { bankId: number; accountNumber: string },
): Counterparty => ({
  rail: 'bank',
  label: masked(bankName, accountNumber),
  bankId,
  bankName,
  lastFour: lastFour(accountNumber),
});

/** A withdrawal pays out what leaves the wallet, in its own currency. */
const inCedis = (amountMinor: number) => ({ currency: WALLET_CURRENCY, payoutMinor: amountMinor });

const send = (reply: FastifyReply, answer: StoredAnswer) => reply.code(answer.statusCode).send(answer.body);

export const historyRow = (operation: Operation): WalletHistoryRow => ({
  id: operation.id,
  amount: minorToApiAmount(operation.amountMinor),
  fee: minorToApiAmount(operation.feeMinor),
  actionType: operation.direction,
  description: describeOperation(operation.kind, operation.counterparty),
  // The kinds the API knows today are the only ones created through it (kinds.ts).
  kind: operation.kind as WalletOperationKind,
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
    answering(service.move({ ...movement, insufficientFunds: insufficientFundsAnswer }));

  const knownBank = async (bankId: number): Promise<string> => {
    const name = await bankName(bankId);
    if (name === null) rejectIfBroken([{ field: 'bankId', messageId: 'bank.unknown' }]);
    return name as string;
  };

  app.post(
    apiPaths.cardTopUp,
    { ...moneyMoving, schema: { body: cardTopUpRequestSchema, response: walletMoneyResponses } },
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
      const card = { ...body, cardNumber };
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          ...cardCollection(provider, card, amountMinor as number),
        }),
      );
    },
  );

  app.post(
    apiPaths.bankTopUp,
    { ...moneyMoving, schema: { body: bankTopUpRequestSchema, response: walletMoneyResponses } },
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
      const account = { bankId: body.bankId, accountNumber: body.bankAccountNumber };
      const counterparty = bankCounterparty(await knownBank(body.bankId), account);
      const amount = amountMinor as number;
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          draft: { kind: 'bank_top_up', amountMinor: amount, counterparty },
          callProvider: (reference) => provider.collectBank({ reference, amountMinor: amount, ...account }),
        }),
      );
    },
  );

  app.post(
    apiPaths.momoTopUp,
    { ...moneyMoving, schema: { body: momoTopUpRequestSchema, response: walletMoneyResponses } },
    async (request, reply) => {
      const body = request.body;
      const amountMinor = parseDecimalAmount(body.amount);
      rejectIfBroken(momoTopUpViolations({ amountMinor, phone: body.phone, provider: body.provider }));
      const wallet = { phone: body.phone, network: body.provider };
      return send(
        reply,
        await move({
          idempotency: idempotencyOf(request),
          ...momoCollection(provider, wallet, amountMinor as number),
        }),
      );
    },
  );

  app.post(
    apiPaths.withdrawal,
    { ...moneyMoving, schema: { body: withdrawalRequestSchema, response: walletMoneyResponses } },
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
        const wallet = { phone: body.momoMobileNumber, network: body.provider };
        return send(
          reply,
          await move({
            idempotency,
            draft: { kind: 'momo_withdrawal', amountMinor: amount, counterparty: momoCounterparty(wallet) },
            ...service.payout({
              name: 'momoPayout',
              request: { amountMinor: amount, ...wallet, ...inCedis(amount) },
            }),
          }),
        );
      }
      const account = { bankId: body.bankId, accountNumber: body.bankAccountNumber };
      const counterparty = bankCounterparty(await knownBank(body.bankId), account);
      return send(
        reply,
        await move({
          idempotency,
          draft: { kind: 'bank_withdrawal', amountMinor: amount, counterparty },
          ...service.payout({
            name: 'bankPayout',
            request: { amountMinor: amount, ...account, ...inCedis(amount) },
          }),
        }),
      );
    },
  );

  app.get(
    apiPaths.walletOperation,
    { schema: { querystring: walletOperationQuerySchema, response: walletOperationResponses } },
    async (request) => {
      // Another user's reference answers exactly like an unknown one.
      const { operation, availableMinor } = await answering(
        service.operationOf(currentUser(request).id, request.query.referenceNumber),
      );
      return ok(operationResult(operation, availableMinor));
    },
  );

  app.get(
    apiPaths.walletHistory,
    { schema: { querystring: userIdQuerySchema, response: walletHistoryResponses } },
    async (request) => {
      const operations = await operationsOfUser(db, currentUser(request).id, HISTORY_LIMIT);
      return ok(operations.map(historyRow));
    },
  );

  app.get(
    apiPaths.walletHistoryPage,
    { schema: { querystring: walletHistoryPageQuerySchema, response: walletHistoryPageResponses } },
    async (request) => {
      const userId = currentUser(request).id;
      const answer: WalletHistoryPage = await pagedAnswer(
        request.query,
        (search) => countOperationsOfUser(db, userId, search),
        (window) => operationsPageOfUser(db, userId, window),
        historyRow,
      );
      return ok(answer);
    },
  );

  app.get(
    apiPaths.monthSummary,
    { schema: { querystring: monthSummaryQuerySchema, response: monthSummaryResponses } },
    async (request) => ok(await monthSummaryOfUser(db, currentUser(request).id, request.query.month)),
  );
};
