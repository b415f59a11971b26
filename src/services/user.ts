import { apiPaths } from '../contract/paths';
import type {
  LogInAnswer,
  LogInRequest,
  LogInResponse,
  SetLanguageRequest,
  SignUpRequest,
} from '../contract/user';
import { apiAmountToMinor } from './amounts';
import { currentToken, post } from './http';

type Call = { signal?: AbortSignal };

export const register = (payload: SignUpRequest, call: Call = {}) =>
  post<{ userId: number }>(apiPaths.register, payload, call);

/** The user's balance comes back in pesewas. */
export const logIn = async (credentials: LogInRequest, call: Call = {}): Promise<LogInAnswer> => {
  const { token, userDetails } = await post<LogInResponse>(apiPaths.logIn, credentials, call);
  return { token, userDetails: { ...userDetails, walletAmount: apiAmountToMinor(userDetails.walletAmount) } };
};

/** Sent without an Authorization header (spec section 6): the token travels in the body. */
export const validateToken = (token: string, call: Call = {}) =>
  post<{ valid: true }>(apiPaths.validateToken, { token }, call);

export const logOut = (token: string, call: Call = {}) =>
  // The token is passed explicitly: at logout the store may already be cleared.
  post<null>(apiPaths.logOut, undefined, { ...call, token });

/** Keeps the signed-in user's language on the account (the server's mails use it). */
export const saveLanguage = (language: SetLanguageRequest['language'], call: Call = {}) =>
  post<null>(apiPaths.setLanguage, { language }, call);

/** Saves the language on the account of the user signed in now; nothing when no one is. */
export const saveLanguageWhenSignedIn = async (language: SetLanguageRequest['language']): Promise<void> => {
  if (currentToken()) await saveLanguage(language);
};
