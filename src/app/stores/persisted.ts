import { proxy, subscribe } from 'valtio/vanilla';
import { readStoredFields } from './stored-fields';

/**
 * A valtio store whose listed fields are saved to localStorage under `key` (spec section 3 says which). On load,
 * only those fields are read back, and only when their type matches the default's, so a stale or tampered entry
 * cannot put a wrong type into the app. Saving happens through `subscribe`, a microtask after a change.
 */
export const persistedStore = <State extends object>(
  key: string,
  defaults: State,
  persistedFields: readonly (keyof State)[],
): State => {
  const store = proxy<State>({ ...defaults, ...readStoredFields(key, defaults, persistedFields) });
  subscribe(store, () => writeFields(key, store, persistedFields));
  return store;
};

const writeFields = <State extends object>(
  key: string,
  store: State,
  fields: readonly (keyof State)[],
): void => {
  const values: Partial<State> = {};
  for (const field of fields) values[field] = store[field];
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or blocked: the app keeps working for this visit.
  }
};

/** Puts every field back to its default (a fresh copy, so defaults are never shared). */
export const resetStore = <State extends object>(store: State, defaults: State): void => {
  Object.assign(store, JSON.parse(JSON.stringify(defaults)) as typeof defaults);
};
