import { apiPaths } from '../contract/paths';
import { get } from './http';

/** Same-origin connectivity probe (the spec pinged a public website; we never call another site). */
export const probe = (call: { signal?: AbortSignal } = {}) =>
  get<{ database: string }>(apiPaths.health, { ...call, timeoutMs: 5_000 });
