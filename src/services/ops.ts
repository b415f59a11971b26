/**
 * The operations console's calls (/api/Ops, src/contract/ops.ts), through the app's one HTTP client (./http.ts) with
 * the staff member's own bearer token, never a customer's. Like the customers' services it bundles no zod (Parcel
 * cannot bundle zod 4's namespace export): the answers' types are the contract's, the paths src/contract/ops-access.ts.
 * The token lives in this tab only (sessionStorage): a reload keeps the staff member signed in, another tab or a
 * closed browser does not. A 401 on any call but the log-in means the server ended the session (idle 15 minutes,
 * signed out elsewhere, disabled): the token is dropped and the console is told (`onSessionEnded`).
 */
import { failureStatus } from '../contract/failure';
import type {
  AuditEntryView,
  CouponView,
  CreateCouponRequest,
  DecideReviewRequest,
  FreezeRequest,
  LedgerCheck,
  MonitoringRule,
  OpsLogInRequest,
  OpsLogInResponse,
  OpsSession,
  OpsUserSummary,
  OpsUserView,
  ProposeReversalRequest,
  RateRecordView,
  Reversal,
  ReviewItem,
  SetRateRequest,
  StaffListRow,
} from '../contract/ops';
import { opsPaths, type OpsPath } from '../contract/ops-access';
import { getBlob, request, type Query } from './http';

const TOKEN_KEY = 'opsToken';

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

const call = <Data>(
  method: 'GET' | 'POST' | 'PUT',
  path: OpsPath,
  options: CallOptions = {},
): Promise<Data> =>
  // '' is "no token": the client never falls back to a customer's.
  request<Data>(method, path, { ...options, token: staffToken() ?? '' }).catch(endOn401);

const withoutEmpty = (query: Record<string, string | undefined>): Query =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  );

/* -------------------------------------------------------------------------------------------- the session */

/** POST /api/Ops/LogIn: email, password and the authenticator's code; keeps the token for this tab. */
export const opsLogIn = async (body: OpsLogInRequest, signal?: AbortSignal): Promise<OpsSession> => {
  const answer = await request<OpsLogInResponse>('POST', opsPaths.logIn, { body, signal, token: '' });
  keepToken(answer.token);
  return { staff: answer.staff, idleMinutes: answer.idleMinutes };
};

/** GET /api/Ops/Session: who is signed in with the kept token (null when there is none or it has ended). */
export const opsResume = async (signal?: AbortSignal): Promise<OpsSession | null> => {
  if (!staffToken()) return null;
  try {
    return await call<OpsSession>('GET', opsPaths.session, { signal });
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
  call<OpsUserSummary[]>('GET', opsPaths.users, { query: { query }, signal });

export const loadUser = (userId: number, signal?: AbortSignal) =>
  call<OpsUserView>('GET', opsPaths.user, { query: { userId }, signal });

export const freezeUser = (body: FreezeRequest) => call<unknown>('POST', opsPaths.freezeUser, { body });

export const unfreezeUser = (body: FreezeRequest) => call<unknown>('POST', opsPaths.unfreezeUser, { body });

/* ------------------------------------------------------------------------------- reviews and reversals */

export const loadReviews = (signal?: AbortSignal) => call<ReviewItem[]>('GET', opsPaths.reviews, { signal });

export const decideReview = (body: DecideReviewRequest) =>
  call<unknown>('POST', opsPaths.decideReview, { body });

export const loadReversals = (signal?: AbortSignal) =>
  call<Reversal[]>('GET', opsPaths.reversals, { signal });

export const proposeReversal = (body: ProposeReversalRequest) =>
  call<unknown>('POST', opsPaths.proposeReversal, { body });

export const approveReversal = (id: number) =>
  call<unknown>('POST', opsPaths.approveReversal, { body: { id } });

/* ---------------------------------------------------------------------------------------- the audit trail */

/** The audit trail's filters (actor, action, subject, from, to); an empty one is left out. */
export type AuditFilters = Readonly<Record<string, string>>;

export const loadAuditLog = (filters: AuditFilters, signal?: AbortSignal) =>
  call<AuditEntryView[]>('GET', opsPaths.auditLog, { query: withoutEmpty({ ...filters }), signal });

/** GET /api/Ops/AuditLog.csv with the same filters: the file, for a download link. */
export const exportAuditLog = (filters: AuditFilters, signal?: AbortSignal): Promise<Blob> =>
  getBlob(opsPaths.auditLogCsv, {
    query: withoutEmpty({ ...filters }),
    signal,
    token: staffToken() ?? '',
  }).catch(endOn401);

/* --------------------------------------------------------------------------------------------- monitoring */

export const loadMonitoringRules = (signal?: AbortSignal) =>
  call<MonitoringRule[]>('GET', opsPaths.monitoringRules, { signal });

export interface MonitoringRulesUpdate {
  rules: { name: string; enabled: boolean; parameters: Record<string, number> }[];
  reason: string;
}

export const saveMonitoringRules = (body: MonitoringRulesUpdate) =>
  call<unknown>('PUT', opsPaths.monitoringRules, { body });

/* ---------------------------------------------------------------------------------------- administration */

export interface PartnerKeyRow {
  operatorCode: string;
  name: string;
  activeSince: string | null;
}

/** A new key, shown once (only its hash is kept). */
export interface NewPartnerKey {
  operatorCode: string;
  key: string;
}

export const loadLedgerCheck = (signal?: AbortSignal) =>
  call<LedgerCheck>('GET', opsPaths.ledgerCheck, { signal });

export const loadStaff = (signal?: AbortSignal) => call<StaffListRow[]>('GET', opsPaths.staff, { signal });

export const loadRates = (signal?: AbortSignal) => call<RateRecordView[]>('GET', opsPaths.rates, { signal });

export const setRate = (body: SetRateRequest) => call<unknown>('POST', opsPaths.setRate, { body });

export const loadCoupons = (signal?: AbortSignal) => call<CouponView[]>('GET', opsPaths.coupons, { signal });

export const createCoupon = (body: CreateCouponRequest) =>
  call<unknown>('POST', opsPaths.createCoupon, { body });

export const setCouponEnabled = (code: string, enabled: boolean) =>
  call<unknown>('POST', opsPaths.setCouponEnabled, { body: { code, enabled } });

export const loadPartnerKeys = (signal?: AbortSignal) =>
  call<PartnerKeyRow[]>('GET', opsPaths.partnerKeys, { signal });

/** A new key, shown once. */
export const createPartnerKey = (operatorCode: string) =>
  call<NewPartnerKey>('POST', opsPaths.createPartnerKey, { body: { operatorCode } });

export const revokePartnerKey = (operatorCode: string) =>
  call<unknown>('POST', opsPaths.revokePartnerKey, { body: { operatorCode } });
