/**
 * The one HTTP client of the browser app (wretch). Same-origin, JSON, `{ code, message, data }` envelopes unwrapped,
 * the bearer token attached to every call except the spec's exempt ones, a timeout, and every failure turned into an
 * `ApiError` carrying a typed `ApiFailure`. No toasts, no navigation: the machines decide what a failure means.
 */
import wretch from 'wretch';
import type { WretchError } from 'wretch';
import { unauthenticatedPaths, type ApiPath } from '../contract/paths';
import type { OpsPath } from '../contract/ops-access';
import { ApiError, type ApiFailure } from '../contract/failure';
import type { ErrorData } from '../contract/envelope';

export const REQUEST_TIMEOUT_MS = 15_000;

/** Where the signed-in user's token and id live: the app installs it once (its session); the client keeps neither. */
export interface AuthSource {
  token: () => string | null | undefined;
  userId: () => number | null | undefined;
}

const signedOut: AuthSource = { token: () => null, userId: () => null };
let authSource: AuthSource = signedOut;

/** The app tells the client, once, where the current user lives; `null` forgets it. */
export const setAuthSource = (source: AuthSource | null): void => {
  authSource = source ?? signedOut;
};

/** The current bearer token, for the one call wretch cannot make (an upload that reports its progress). */
export const currentToken = (): string | null => authSource.token() ?? null;

/** The signed-in user's id, for the API's `userId` fields (0 when no one is signed in: the server answers 401). */
export const currentUserId = (): number => authSource.userId() ?? 0;

export type Query = Record<string, string | number | boolean>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** The caller's cancellation (an XState actor's signal): cancelling rethrows the AbortError, it is not a failure. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A token to use instead of the token source's (logout sends the token being revoked). */
  token?: string;
  /** Extra request headers (the Idempotency-Key of a money-moving POST). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const client = wretch('', { credentials: 'same-origin' })
  .headers({ Accept: 'application/json' })
  .errorType('json');

/** The customers' paths, and the operations console's (src/services/ops.ts, which always passes its own token). */
type AnyPath = ApiPath | OpsPath;

const isExempt = (path: AnyPath): boolean => (unauthenticatedPaths as readonly string[]).includes(path);

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

/** The failure an HTTP error answer describes: its status, the envelope's message and its `{ messageId, violations }`. */
export const httpFailureOf = (status: number, statusText: string, body: unknown): ApiFailure => {
  const message =
    isRecord(body) && typeof body.message === 'string' ? body.message : statusText || `HTTP ${status}`;
  return { kind: 'http', status, message, data: isRecord(body) ? errorData(body.data) : null };
};

const httpFailure = (error: WretchError): ApiFailure =>
  httpFailureOf(error.status, error.response?.statusText ?? '', error.json);

/** The envelope's `data`; anything that is not an envelope is an invalid response. */
export const unwrap = <Data>(body: unknown): Data => {
  if (!isRecord(body) || typeof body.code !== 'number' || !('data' in body)) {
    throw new ApiError({ kind: 'invalid-response' });
  }
  return body.data as Data;
};

const prepare = (method: Method, path: AnyPath, options: RequestOptions) => {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => timeout.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let call = client.url(withQuery(path, options.query)).options({ signal: timeout.signal });
  const token = isExempt(path) ? null : (options.token ?? currentToken());
  if (token) call = call.auth(`Bearer ${token}`);
  if (options.headers) call = call.headers(options.headers);
  if (options.body !== undefined) call = call.json(options.body as object);

  const failure = (error: unknown): unknown => {
    if (error instanceof ApiError) return error;
    if (options.signal?.aborted) return options.signal.reason ?? error;
    if (timeout.signal.aborted) return new ApiError({ kind: 'timeout' });
    if (isWretchError(error)) return new ApiError(httpFailure(error));
    if (error instanceof SyntaxError) return new ApiError({ kind: 'invalid-response' });
    return new ApiError({ kind: 'network' });
  };
  const done = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  };
  return { response: call.fetch(method), failure, done };
};

/** One call: resolves with the envelope's `data`, rejects with an `ApiError`. */
export const request = async <Data>(
  method: Method,
  path: AnyPath,
  options: RequestOptions = {},
): Promise<Data> => {
  const { response, failure, done } = prepare(method, path, options);
  try {
    const body: unknown = await response.json();
    return unwrap<Data>(body);
  } catch (error) {
    throw failure(error);
  } finally {
    done();
  }
};

/** A GET whose answer is bytes, not an envelope (an identification image); failures are ApiErrors as above. */
export const getBlob = async (path: AnyPath, options: Omit<RequestOptions, 'body'> = {}): Promise<Blob> => {
  const { response, failure, done } = prepare('GET', path, options);
  try {
    return await response.blob();
  } catch (error) {
    throw failure(error);
  } finally {
    done();
  }
};

export const get = <Data>(path: ApiPath, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('GET', path, options);
export const post = <Data>(path: ApiPath, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('POST', path, { ...options, body });
export const put = <Data>(path: ApiPath, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('PUT', path, { ...options, body });
export const del = <Data>(path: ApiPath, options?: Omit<RequestOptions, 'body'>) =>
  request<Data>('DELETE', path, options);
