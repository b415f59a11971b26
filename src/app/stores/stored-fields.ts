/**
 * A persisted store's saved fields, read back from localStorage without the store (./persisted.ts): only the listed
 * fields, and only when their type matches the default's, so a stale or tampered entry cannot put a wrong type into
 * the app. The public pages' first script reads the saved session this way, without valtio.
 */
export const readStoredFields = <State extends object>(
  key: string,
  defaults: State,
  fields: readonly (keyof State)[],
): Partial<State> => {
  let saved: unknown;
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return {};
  }
  if (typeof saved !== 'object' || saved === null) return {};
  const values: Partial<State> = {};
  for (const field of fields) {
    const value = (saved as Record<PropertyKey, unknown>)[field];
    const fallback = defaults[field];
    if (value !== undefined && sameKind(value, fallback)) values[field] = value as State[typeof field];
  }
  return values;
};

const sameKind = (value: unknown, fallback: unknown): boolean =>
  fallback === null
    ? value === null || typeof value !== 'object'
    : typeof value === typeof fallback || value === null;
