import type { AuthSession } from '../../machines/session.machine';
import { isMinorUnits, type MinorUnits } from '../../domain/minor-units';
import { readStoredFields } from './stored-fields';

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

export const AUTH_FIELDS = Object.keys(authDefaults) as (keyof AuthState)[];

export const AUTH_STORE_KEY = 'auth';

export const sessionOf = (state: AuthState): AuthSession | null => {
  const { token, userId, countryId } = state;
  // A field whose default is null is read back as any primitive (stored-fields.ts): a session needs these two right.
  if (typeof token !== 'string' || token === '' || typeof userId !== 'number' || !Number.isInteger(userId))
    return null;
  return {
    token,
    user: {
      id: userId,
      firstName: state.firstName,
      lastName: state.lastName,
      fullName: state.fullName,
      countryId: typeof countryId === 'number' && Number.isInteger(countryId) ? countryId : 0,
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

/** The session saved by the last visit, read without the store (./auth-store.ts): what the first script needs. */
export const savedSession = (): AuthSession | null =>
  sessionOf({ ...authDefaults, ...readStoredFields(AUTH_STORE_KEY, authDefaults, AUTH_FIELDS) });
