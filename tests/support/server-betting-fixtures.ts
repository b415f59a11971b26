import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  PARTNER_KEY_HEADER,
  type BettingDetail,
  type BettingHistoryPage,
  type BettingResult,
  type PaymentLink,
  type PaymentLinkRequest,
} from '../../src/contract/betting';
import type { ErrorData } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import type { Db } from '../../src/server/db/client';
import type { Counterparty } from '../../src/server/ledger/counterparty';
import { runPartnersCommand } from '../../scripts/partners-command';
import { bearer, envelope } from './server-helpers';
import { newKey, type WalletUser } from './server-wallet-fixtures';

/* Betting in the API tests: bets through InitiateBettingTransaction, links through AuthenticateUser. */

/** Seeded: operator 1 is SportyBet Ghana (code sportybet), 2 Betway Ghana. */
export const SPORTYBET = { id: 1, code: 'sportybet', name: 'SportyBet Ghana' };
export const BETWAY = { id: 2, code: 'betway', name: 'Betway Ghana' };

/** A bet's counterparty at SportyBet, as the ledger keeps it, with this label. */
export const sportybetCounterparty = (label: string): Extract<Counterparty, { rail: 'betting' }> => ({
  rail: 'betting',
  label,
  operator: SPORTYBET.code,
  operatorId: SPORTYBET.id,
  operatorName: SPORTYBET.name,
  bettingNo: '0241000001',
  receiverPhoneNo: '0241000001',
});

/** A betting number not used before (10 digits), ending as given (the sandbox refuses one ending 000001). */
export const newBettingNo = (ending = '') => {
  const digits = `55${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return `${digits.slice(0, digits.length - ending.length)}${ending}`;
};

export const betBody = (user: WalletUser, sendAmount: number, overrides: Record<string, unknown> = {}) => ({
  userId: user.userId,
  operatorId: SPORTYBET.id,
  bettingNo: newBettingNo(),
  receiverPhoneNo: '0241234567',
  sendAmount,
  paymentMethodId: 1,
  status: 'pending',
  ...overrides,
});

/**
 * The betting transaction request of spec section 3, field for field (no operatorId): the fixed test amount 2300 of
 * section 9 with its 1% fee, paymentMethodId 1, status 'pending', the client's own reference number.
 */
export const specBetBody = (user: WalletUser, bettingNo = newBettingNo()) => ({
  referenceNumber: 'BET-20261127-0001',
  userId: user.userId,
  receiverPhoneNo: '0241234567',
  bettingNo,
  sendAmount: 2300,
  processingFee: 23,
  totalPay: 2323,
  paymentMethodId: 1,
  status: 'pending',
});

export const postBet = (app: FastifyInstance, user: WalletUser, body: unknown, key = newKey()) =>
  app.inject({
    method: 'POST',
    url: apiPaths.initiateBetting,
    headers: { ...bearer(user.token), 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });

export const betResultOf = (response: LightMyRequestResponse): BettingResult => {
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BettingResult>(response).data;
};

export const messageIdOf = (response: LightMyRequestResponse) => envelope<ErrorData>(response).data.messageId;

/** One page of the user's bets (GetBettingHistoryPage, the browser's path). */
export const bettingHistory = async (
  app: FastifyInstance,
  user: WalletUser,
  query: Record<string, string> = {},
): Promise<BettingHistoryPage> => {
  const response = await app.inject({
    method: 'GET',
    url: apiPaths.bettingHistoryPage,
    query: { userId: String(user.userId), ...query },
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BettingHistoryPage>(response).data;
};

export const bettingDetail = (app: FastifyInstance, user: WalletUser, referenceNumber: string) =>
  app.inject({
    method: 'GET',
    url: apiPaths.bettingByReference,
    query: { referenceNumber },
    headers: bearer(user.token),
  });

export const bettingDetailOf = async (app: FastifyInstance, user: WalletUser, referenceNumber: string) => {
  const response = await bettingDetail(app, user, referenceNumber);
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BettingDetail>(response).data;
};

/** A new API key for the operator, made by the admin command (the previous one revoked). */
export const partnerKey = async (db: Db, code = SPORTYBET.code): Promise<string> => {
  const result = await runPartnersCommand(db, ['create-key', code]);
  expect(result.exitCode, result.lines.join('\n')).toBe(0);
  return result.key as string;
};

export const linkRequest = (
  email: string,
  overrides: Partial<PaymentLinkRequest> = {},
): PaymentLinkRequest => ({
  firstName: 'Kwame',
  lastName: 'Asante',
  email,
  battingNo: newBettingNo(),
  senderPhoneCode: '+233',
  senderPhoneNumber: '241234567',
  country: 'Ghana',
  receiverNumber: '0241234567',
  sendAmount: 50,
  ...overrides,
});

export const askForLink = (app: FastifyInstance, key: string | null, body: unknown) =>
  app.inject({
    method: 'POST',
    url: apiPaths.partnerPaymentLink,
    headers: key === null ? {} : { [PARTNER_KEY_HEADER]: key },
    payload: body as Record<string, unknown>,
  });

export const paymentLinkOf = async (
  app: FastifyInstance,
  key: string,
  body: unknown,
): Promise<PaymentLink> => {
  const response = await askForLink(app, key, body);
  expect(response.statusCode, response.body).toBe(201);
  return envelope<PaymentLink>(response).data;
};

export const readLink = (app: FastifyInstance, user: WalletUser, token: string) =>
  app.inject({
    method: 'GET',
    url: apiPaths.bettingPaymentRequest,
    query: { token },
    headers: bearer(user.token),
  });

/** Pays a link's request (the amount only counts when the link has none). */
export const payLink = (
  app: FastifyInstance,
  user: WalletUser,
  token: string,
  sendAmount = 0,
  key = newKey(),
) => postBet(app, user, { userId: user.userId, paymentToken: token, sendAmount }, key);
