import { apiPaths } from '../contract/paths';
import type { VerifyResetCodeResponse } from '../contract/user';
import { post } from './http';

type Call = { signal?: AbortSignal };

export const requestCode = (email: string, call: Call = {}) =>
  post<null>(apiPaths.forgotPassword, { email }, call);

export const verifyCode = (email: string, code: string, call: Call = {}) =>
  post<VerifyResetCodeResponse>(apiPaths.verifyResetCode, { email, code }, call);

export const resetPassword = (
  payload: { resetToken: string; newPassword: string; confirmPassword: string },
  call: Call = {},
) => post<null>(apiPaths.resetPassword, payload, call);
