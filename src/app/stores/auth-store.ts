import type { AuthSession } from '../../machines/session.machine';
import { AUTH_FIELDS, AUTH_STORE_KEY, authDefaults, sessionOf, type AuthState } from './auth-fields';
import { persistedStore, resetStore } from './persisted';

export { authDefaults, type AuthState } from './auth-fields';

export const authStore = persistedStore<AuthState>(AUTH_STORE_KEY, authDefaults, AUTH_FIELDS);

export const resetAuth = (): void => resetStore(authStore, authDefaults);

export const saveSession = (session: AuthSession | null): void => {
  if (!session) {
    resetAuth();
    return;
  }
  const { token, user } = session;
  Object.assign(authStore, {
    token,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    countryId: user.countryId,
    countryCode: user.countryCode,
    countryName: user.countryName,
    walletAmount: user.walletAmount,
    hasIdentification: user.hasIdentification,
  } satisfies AuthState);
};

export const sessionFromStore = (state: AuthState = authStore): AuthSession | null => sessionOf(state);
