import { z } from 'zod';
import { dbText } from './db-input';

/*
 * Phone verification (new): the account's registered phone is proved by a 6-digit code sent to it by SMS. A
 * verified phone receives transfers made to its number straight into the wallet (on-us); an unverified one is paid
 * out through mobile money like any other number.
 */

/** What an answer shows of the number: its dial code and last three digits ('+233 ******567'). */
const maskedPhone = z.string();

/** GET api/User/GetPhoneVerification: whether the account's phone is verified (a reload does not keep it). */
export const phoneVerificationStatusSchema = z.object({
  phoneVerified: z.boolean(),
  /** The registered phone, masked; null when it is not a number an SMS can reach. */
  maskedPhone: maskedPhone.nullable(),
});
export type PhoneVerificationStatus = z.infer<typeof phoneVerificationStatusSchema>;

/** POST api/User/SendPhoneVerificationCode (no body): the code went to this number and works until `expiresAt`. */
export const sentPhoneCodeSchema = z.object({
  maskedPhone,
  /** ISO 8601 date and time. */
  expiresAt: z.iso.datetime(),
});
export type SentPhoneCode = z.infer<typeof sentPhoneCodeSchema>;

/** POST api/User/VerifyPhone. Shape only: six digits is the rule of src/domain/otp.ts. */
export const verifyPhoneRequestSchema = z.object({ code: dbText(16) });
export type VerifyPhoneRequest = z.infer<typeof verifyPhoneRequestSchema>;

/** A wrong code is a 400, so a success always says `true`. */
export const verifiedPhoneSchema = z.object({ phoneVerified: z.literal(true), maskedPhone });
export type VerifiedPhone = z.infer<typeof verifiedPhoneSchema>;
