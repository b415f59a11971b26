/**
 * The operations console's calls (/api/Ops, src/contract/ops.ts), through the app's one HTTP client (./http.ts) with
 * the staff member's own bearer token, never a customer's. Every answer is checked against its contract schema.
 * The token lives in this tab only (sessionStorage): a reload keeps the staff member signed in, another tab or a
 * closed browser does not. A 401 on any call but the log-in means the server ended the session (idle 15 minutes,
 * signed out elsewhere, disabled): the token is dropped and the console is told (`onSessionEnded`).
 */
import { z } from 'zod';
import { failureStatus } from '../contract/failure';
import {
  auditLogSchema,
  couponViewSchema,
  freezeResultSchema,
  ledgerCheckSchema,
  monitoringRulesSchema,
  newPartnerKeySchema,
  opsLogInResponseSchema,
  opsPaths,
  opsSessionSchema,
  opsUserSummarySchema,
  opsUserViewSchema,
  partnerKeyRowSchema,
  rateRecordSchema,
  reversalSchema,
  reviewItemSchema,
  staffListRowSchema,
  type CreateCouponRequest,
  type DecideReviewRequest,
  type FreezeRequest,
  type OpsLogInRequest,
  type OpsPath,
  type OpsSession,
  type ProposeReversalRequest,
  type SetRateRequest,
} from '../contract/ops';
import { getBlob, request, type Query } from './http';

const TOKEN_KEY = 'opsToken';

/** An action's answer the console does not read (it reloads the list instead). */
const opsAnything = z.unknown();

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export const staffToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

const keepToken = (token: string | null): void => {
  const store = storage();
  if (!store) return;
  if (token === null) store.removeItem(TOKEN_KEY);
  else store.setItem(TOKEN_KEY, token);
};

const endedListeners = new Set<() => void>();

/** Tells `listener` whenever the server says the staff session has ended (a 401); returns the unsubscribe. */
export const onSessionEnded = (listener: () => void): (() => void) => {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
};

interface CallOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** The failure handling of every call but the log-in: a 401 ends the session here and in the console. */
const endOn401 = (error: unknown): never => {
  if (failureStatus(error) === 401) {
    keepToken(null);
    for (const listener of endedListeners) listener();
  }
  throw error;
};

const call = async <Schema extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT',
  path: OpsPath,
  schema: Schema,
  options: CallOptions = {},
): Promise<z.infer<Schema>> => {
  // '' is "no token": the client never falls back to a customer's.
  const data = await request<unknown>(method, path, { ...options, token: staffToken() ?? '' }).catch(
    endOn401,
  );
  return schema.parse(data);
};

const withoutEmpty = (query: Record<string, string | undefined>): Query =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );

/* -------------------------------------------------------------------------------------------- the session */

/** POST /api/Ops/LogIn: email, password and the authenticator's code; keeps the token for this tab. */
export const opsLogIn = async (body: OpsLogInRequest, signal?: AbortSignal): Promise<OpsSession> => {
  const data = await request<unknown>('POST', opsPaths.logIn, { body, signal, token: '' });
  const answer = opsLogInResponseSchema.parse(data);
  keepToken(answer.token);
  return { staff: answer.staff, idleMinutes: answer.idleMinutes };
};

/** GET /api/Ops/Session: who is signed in with the kept token (null when there is none or it has ended). */
export const opsResume = async (signal?: AbortSignal): Promise<OpsSession | null> => {
  if (!staffToken()) return null;
  try {
    return await call('GET', opsPaths.session, opsSessionSchema, { signal });
  } catch (error) {
    if (failureStatus(error) === 401) return null;
    throw error;
  }
};

/** POST /api/Ops/LogOut; the token is forgotten whatever the answer. */
export const opsLogOut = async (): Promise<void> => {
  const token = staffToken();
  keepToken(null);
  if (!token) return;
  await request<unknown>('POST', opsPaths.logOut, { token }).catch(() => undefined);
};

/* ------------------------------------------------------------------------------------------------- users */

export const searchUsers = (query: string, signal?: AbortSignal) =>
  call('GET', opsPaths.users, opsUserSummarySchema.array(), { query: { query }, signal });

export const loadUser = (userId: number, signal?: AbortSignal) =>
  call('GET', opsPaths.user, opsUserViewSchema, { query: { userId }, signal });

export const freezeUser = (body: FreezeRequest) =>
  call('POST', opsPaths.freezeUser, freezeResultSchema, { body });

export const unfreezeUser = (body: FreezeRequest) =>
  call('POST', opsPaths.unfreezeUser, freezeResultSchema, { body });

/* ------------------------------------------------------------------------------- reviews and reversals */

export const loadReviews = (signal?: AbortSignal) =>
  call('GET', opsPaths.reviews, reviewItemSchema.array(), { signal });

export const decideReview = (body: DecideReviewRequest) =>
  call('POST', opsPaths.decideReview, opsAnything, { body });

export const loadReversals = (signal?: AbortSignal) =>
  call('GET', opsPaths.reversals, reversalSchema.array(), { signal });

export const proposeReversal = (body: ProposeReversalRequest) =>
  call('POST', opsPaths.proposeReversal, opsAnything, { body });

export const approveReversal = (id: number) =>
  call('POST', opsPaths.approveReversal, opsAnything, { body: { id } });

/* ---------------------------------------------------------------------------------------- the audit trail */

/** The audit trail's filters (actor, action, subject, from, to); an empty one is left out. */
export type AuditFilters = Readonly<Record<string, string>>;

export const loadAuditLog = (filters: AuditFilters, signal?: AbortSignal) =>
  call('GET', opsPaths.auditLog, auditLogSchema, { query: withoutEmpty({ ...filters }), signal });

/** GET /api/Ops/AuditLog.csv with the same filters: the file, for a download link. */
export const exportAuditLog = (filters: AuditFilters, signal?: AbortSignal): Promise<Blob> =>
  getBlob(opsPaths.auditLogCsv, {
    query: withoutEmpty({ ...filters }),
    signal,
    token: staffToken() ?? '',
  }).catch(endOn401);

/* --------------------------------------------------------------------------------------------- monitoring */

export const loadMonitoringRules = (signal?: AbortSignal) =>
  call('GET', opsPaths.monitoringRules, monitoringRulesSchema, { signal });

export interface MonitoringRulesUpdate {
  rules: { name: string; enabled: boolean; parameters: Record<string, number> }[];
  reason: string;
}

export const saveMonitoringRules = (body: MonitoringRulesUpdate) =>
  call('PUT', opsPaths.monitoringRules, opsAnything, { body });

/* ---------------------------------------------------------------------------------------- administration */

export const loadLedgerCheck = (signal?: AbortSignal) =>
  call('GET', opsPaths.ledgerCheck, ledgerCheckSchema, { signal });

export const loadStaff = (signal?: AbortSignal) =>
  call('GET', opsPaths.staff, staffListRowSchema.array(), { signal });

export const loadRates = (signal?: AbortSignal) =>
  call('GET', opsPaths.rates, rateRecordSchema.array(), { signal });

export const setRate = (body: SetRateRequest) => call('POST', opsPaths.setRate, opsAnything, { body });

export const loadCoupons = (signal?: AbortSignal) =>
  call('GET', opsPaths.coupons, couponViewSchema.array(), { signal });

export const createCoupon = (body: CreateCouponRequest) =>
  call('POST', opsPaths.createCoupon, opsAnything, { body });

export const setCouponEnabled = (code: string, enabled: boolean) =>
  call('POST', opsPaths.setCouponEnabled, opsAnything, { body: { code, enabled } });

export const loadPartnerKeys = (signal?: AbortSignal) =>
  call('GET', opsPaths.partnerKeys, partnerKeyRowSchema.array(), { signal });

/** A new key, shown once. */
export const createPartnerKey = (operatorCode: string) =>
  call('POST', opsPaths.createPartnerKey, newPartnerKeySchema, { body: { operatorCode } });

export const revokePartnerKey = (operatorCode: string) =>
  call('POST', opsPaths.revokePartnerKey, opsAnything, { body: { operatorCode } });
