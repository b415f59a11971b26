import { apiPaths } from '../contract/paths';
import type { PhoneVerificationStatus, SentPhoneCode, VerifiedPhone } from '../contract/phone-verification';
import { get, post } from './http';

type Call = { signal?: AbortSignal };

/** Whether the signed-in user's phone is verified, and the phone masked. */
export const getPhoneVerification = (call: Call = {}) =>
  get<PhoneVerificationStatus>(apiPaths.phoneVerification, call);

/** Texts a 6-digit code to the account's registered phone. */
export const sendPhoneVerificationCode = (call: Call = {}) =>
  post<SentPhoneCode>(apiPaths.sendPhoneVerificationCode, undefined, call);

/** The code back: the phone becomes the account's verified phone. */
export const verifyPhone = (code: string, call: Call = {}) =>
  post<VerifiedPhone>(apiPaths.verifyPhone, { code }, call);
