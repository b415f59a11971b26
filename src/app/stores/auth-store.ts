import type { AuthSession } from '../../machines/session.machine';
import { isMinorUnits, type MinorUnits } from '../../domain/money';
import { persistedStore, resetStore } from './persisted';

/**
 * Spec section 3, "auth": every field persisted; logout clears them. walletAmount is kept in pesewas, like the
 * session it mirrors (the spec names the field, not its unit).
 */
export interface AuthState {
  token: string | null;
  userId: number | null;
  firstName: string;
  lastName: string;
  fullName: string;
  countryId: number | null;
  countryCode: string;
  countryName: string;
  walletAmount: MinorUnits;
  hasIdentification: boolean;
}

export const authDefaults: AuthState = {
  token: null,
  userId: null,
  firstName: '',
  lastName: '',
  fullName: '',
  countryId: null,
  countryCode: '',
  countryName: '',
  walletAmount: 0,
  hasIdentification: false,
};

const AUTH_FIELDS = Object.keys(authDefaults) as (keyof AuthState)[];

export const authStore = persistedStore<AuthState>('auth', authDefaults, AUTH_FIELDS);

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

export const sessionFromStore = (state: AuthState = authStore): AuthSession | null => {
  if (!state.token || state.userId === null) return null;
  return {
    token: state.token,
    user: {
      id: state.userId,
      firstName: state.firstName,
      lastName: state.lastName,
      fullName: state.fullName,
      countryId: state.countryId ?? 0,
      countryCode: state.countryCode,
      countryName: state.countryName,
      // A fraction is a decimal saved before the store held pesewas: 0 until the dashboard reads the balance again.
      walletAmount: isMinorUnits(state.walletAmount) ? state.walletAmount : 0,
      hasIdentification: state.hasIdentification,
      // Not persisted (not one of the spec's fields): unknown after a reload until the dashboard asks the server.
      phoneVerified: false,
    },
  };
};
