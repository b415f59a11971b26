import { z } from 'zod';
import { dbText, int4, queryInt4Id } from './db-input';
import { languages } from '../domain/language';
import type { MinorUnits } from '../domain/money';
import { apiAmountSchema } from './envelope';

/** A language a user can keep on the account (the server's mails use it). */
export const languageSchema = z.enum(languages);

/** Sign-up payload of spec section 3. Shape only: the rules of section 5 live in src/domain/sign-up.ts. */
export const signUpRequestSchema = z.object({
  email: dbText(320),
  phoneCode: dbText(8),
  phoneNumber: dbText(32),
  firstName: dbText(200),
  middleName: dbText(200).default(''),
  lastName: dbText(200),
  createPassword: dbText(1024),
  confirmPassword: dbText(1024),
  countryId: int4,
  /** The language on screen while signing up (new; 'en' when absent). */
  language: languageSchema.optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signUpResponseSchema = z.object({ userId: z.number().int() });

export const logInRequestSchema = z.object({
  email: dbText(320),
  password: dbText(1024),
});
export type LogInRequest = z.infer<typeof logInRequestSchema>;

export const userDetailsSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  countryCode: z.string(),
  hasIdentification: z.boolean(),
  walletAmount: apiAmountSchema,
  /** New: the registered phone was proved by an SMS code (money sent to the number arrives in the wallet). */
  phoneVerified: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;
/**
 * The signed-in user as the browser holds it (src/services converts): `walletAmount` in pesewas. `phoneVerified`
 * true is known; false means "not known to be verified": the auth store persists the spec's fields only, so a
 * session read back after a reload has false until the dashboard asks the server.
 */
export type SessionUser = Omit<UserDetails, 'walletAmount'> & { walletAmount: MinorUnits };

export const logInResponseSchema = z.object({ token: z.string(), userDetails: userDetailsSchema });
export type LogInResponse = z.infer<typeof logInResponseSchema>;
/** The log-in answer as the browser holds it: the user's `walletAmount` in pesewas. */
export type LogInAnswer = Omit<LogInResponse, 'userDetails'> & { userDetails: SessionUser };

export const validateTokenRequestSchema = z.object({ token: dbText(512) });
/** A dead token is a 401, so a success always says `true`. */
export const validateTokenResponseSchema = z.object({ valid: z.literal(true) });

export const userIdQuerySchema = z.object({ userId: queryInt4Id });

export const walletAmountSchema = z.object({ walletAmount: apiAmountSchema });
export type WalletAmount = z.infer<typeof walletAmountSchema>;
/** The available balance as the browser holds it, in pesewas. */
export type WalletBalance = { walletAmount: MinorUnits };

export const forgotPasswordRequestSchema = z.object({ email: dbText(320) });
export const verifyResetCodeRequestSchema = z.object({
  email: dbText(320),
  code: dbText(16),
});
export const verifyResetCodeResponseSchema = z.object({ resetToken: z.string() });
export type VerifyResetCodeResponse = z.infer<typeof verifyResetCodeResponseSchema>;
export const resetPasswordRequestSchema = z.object({
  resetToken: dbText(512),
  newPassword: dbText(1024),
  confirmPassword: dbText(1024),
});

/** POST api/User/SetLanguage (new): the language switcher keeps the signed-in user's choice on the account. */
export const setLanguageRequestSchema = z.object({ language: languageSchema });
export type SetLanguageRequest = z.infer<typeof setLanguageRequestSchema>;
