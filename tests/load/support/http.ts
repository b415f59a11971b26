import { performance } from 'node:perf_hooks';

/** An answer from the server: any HTTP status, with its parsed JSON body (or the raw text when not JSON). */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
  ms: number;
}

/** No answer: connection refused or reset, or the request's own timeout. The client cannot know what happened. */
export class NoAnswer extends Error {
  constructor(
    readonly reason: string,
    readonly ms: number,
  ) {
    super(`no answer: ${reason}`);
    this.name = 'NoAnswer';
  }
}

export interface RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  idempotencyKey?: string;
  timeoutMs?: number;
}

const reasonOf = (error: unknown): string => {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
};

/**
 * One HTTP request through Node's fetch (undici, keep-alive connections reused per origin), bounded by a timeout.
 * Any HTTP status is an answer; only a transport failure or the timeout throws NoAnswer.
 */
export const request = async (baseUrl: string, options: RequestOptions): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const started = performance.now();
  try {
    const response = await fetch(baseUrl + options.path, {
      method: options.method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: response.status, body: parsed, text, ms: performance.now() - started };
  } catch (error) {
    throw new NoAnswer(reasonOf(error), performance.now() - started);
  }
};

/** The `data` of an envelope `{ code, message, data }`, or undefined. */
export const dataOf = <T = Record<string, unknown>>(answer: Answer): T | undefined => {
  const body = answer.body as { data?: T } | null;
  return body && typeof body === 'object' ? body.data : undefined;
};

/** The `message` of an envelope (a DomainMessageId or text), or undefined. */
export const messageOf = (answer: Answer): string | undefined => {
  const body = answer.body as { message?: unknown; data?: { messageId?: unknown } } | null;
  if (!body || typeof body !== 'object') return undefined;
  if (body.data && typeof body.data === 'object' && typeof body.data.messageId === 'string')
    return body.data.messageId;
  return typeof body.message === 'string' ? body.message : undefined;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** p-th percentile (0-100) of values, nearest-rank; NaN when empty. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
};
