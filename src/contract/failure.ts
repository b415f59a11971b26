import type { ErrorData } from './envelope';

/* No zod here: the browser bundles this file. */

/** Why a call failed, as the browser's services report it to the machines. */
export type ApiFailure =
  | { kind: 'http'; status: number; message: string; data: ErrorData | null }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'invalid-response' };

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.kind === 'http' ? `HTTP ${failure.status}: ${failure.message}` : failure.kind);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const failureStatus = (error: unknown): number | null =>
  isApiError(error) && error.failure.kind === 'http' ? error.failure.status : null;

export const isConnectionFailure = (error: unknown): boolean =>
  isApiError(error) && (error.failure.kind === 'network' || error.failure.kind === 'timeout');
