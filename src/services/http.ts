/**
 * The one HTTP client of the browser app (wretch). Same-origin, JSON, `{ code, message, data }` envelopes unwrapped,
 * the bearer token attached to every call except the spec's exempt ones, a timeout, and every failure turned into an
 * `ApiError` carrying a typed `ApiFailure`. No toasts, no navigation: the machines decide what a failure means.
 */
import wretch from 'wretch';
import type { WretchError } from 'wretch';
import { unauthenticatedPaths, type ApiPath } from '../contract/paths';
import { ApiError, type ApiFailure } from '../contract/failure';
import type { ErrorData } from '../contract/envelope';

export const REQUEST_TIMEOUT_MS = 15_000;

type TokenSource = () => string | null | undefined;

let tokenSource: TokenSource = () => null;

/** The app tells the client where the current token lives (the auth store); the client never stores it. */
export const setTokenSource = (source: TokenSource): void => {
  tokenSource = source;
};

export type Query = Record<string, string | number | boolean>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** The caller's cancellation (an XState actor's signal): cancelling rethrows the AbortError, it is not a failure. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A token to use instead of the token source's (logout sends the token being revoked). */
  token?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const client = wretch('', { credentials: 'same-origin' })
  .headers({ Accept: 'application/json' })
  .errorType('json');

const isExempt = (path: ApiPath): boolean => unauthenticatedPaths.includes(path);

const withQuery = (path: string, query: Query | undefined): string => {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const isWretchError = (error: unknown): error is WretchError =>
  error instanceof Error && typeof (error as Partial<WretchError>).status === 'number' && 'response' in error;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const errorData = (data: unknown): ErrorData | null => {
  if (!isRecord(data) || typeof data.messageId !== 'string') return null;
  const violations = Array.isArray(data.violations)
    ? data.violations.filter(
        (v): v is { field: string; messageId: string; message: string } =>
          isRecord(v) &&
          typeof v.field === 'string' &&
          typeof v.messageId === 'string' &&
          typeof v.message === 'string',
      )
    : undefined;
  return violations ? { messageId: data.messageId, violations } : { messageId: data.messageId };
};

const httpFailure = (error: WretchError): ApiFailure => {
  const body: unknown = error.json;
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : error.response?.statusText || `HTTP ${error.status}`;
  return { kind: 'http', status: error.status, message, data: isRecord(body) ? errorData(body.data) : null };
};

const unwrap = <Data>(body: unknown): Data => {
  if (!isRecord(body) || typeof body.code !== 'number' || !('data' in body)) {
    throw new ApiError({ kind: 'invalid-response' });
  }
  return body.data as Data;
};

/** One call: resolves with the envelope's `data`, rejects with an `ApiError`. */
export const request = async <Data>(
  method: Method,
  path: ApiPath,
  options: RequestOptions = {},
): Promise<Data> => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => timeout.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let call = client.url(withQuery(path, options.query)).options({ signal: timeout.signal });
  const token = isExempt(path) ? null : (options.token ?? tokenSource());
  if (token) call = call.auth(`Bearer ${token}`);
  if (options.body !== undefined) call = call.json(options.body as object);

  try {
    const body: unknown = await call.fetch(method).json();
    return unwrap<Data>(body);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.signal.aborted) throw new ApiError({ kind: 'timeout' });
    if (isWretchError(error)) throw new ApiError(httpFailure(error));
    if (error instanceof SyntaxError) throw new ApiError({ kind: 'invalid-response' });
    throw new ApiError({ kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
};

export const get = <Data>(path: ApiPath, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('GET', path, options);
export const post = <Data>(path: ApiPath, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('POST', path, { ...options, body });
