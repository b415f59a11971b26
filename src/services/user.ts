import { apiPaths } from '../contract/paths';
import type { LogInRequest, LogInResponse, SetLanguageRequest, SignUpRequest } from '../contract/user';
import { post } from './http';

type Call = { signal?: AbortSignal };

export const register = (payload: SignUpRequest, call: Call = {}) =>
  post<{ userId: number }>(apiPaths.register, payload, call);

export const logIn = (credentials: LogInRequest, call: Call = {}) =>
  post<LogInResponse>(apiPaths.logIn, credentials, call);

/** Sent without an Authorization header (spec section 6): the token travels in the body. */
export const validateToken = (token: string, call: Call = {}) =>
  post<{ valid: true }>(apiPaths.validateToken, { token }, call);

export const logOut = (token: string, call: Call = {}) =>
  // The token is passed explicitly: at logout the store may already be cleared.
  post<null>(apiPaths.logOut, undefined, { ...call, token });

/** Keeps the signed-in user's language on the account (the server's mails use it). */
export const saveLanguage = (language: SetLanguageRequest['language'], call: Call = {}) =>
  post<null>(apiPaths.setLanguage, { language }, call);

/** Kept here for issue 2's callers; the wallet's calls live in ./wallet. */
export { getWalletAmount } from './wallet';
