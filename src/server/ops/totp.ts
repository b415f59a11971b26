import { generateSecret, generateURI, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, isTotpCode } from '../../domain/staff';

/*
 * The staff's second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, as every authenticator app reads it) with
 * otplib. A code is accepted one step either side of now (clock drift), and only for a step after the last one
 * accepted, so a code seen over a shoulder or in a log cannot be used again.
 */

export const TOTP_ISSUER = 'Cedi Wallet ops';

/** A new secret (base32, 160 bits). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans (or types) once. */
export const totpUri = (email: string, secret: string): string =>
  generateURI({
    issuer: TOTP_ISSUER,
    label: email,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/**
 * The time step of `code` when it is the code of `secret` now (one step of drift either way) and of a step after
 * `afterStep`; else null.
 */
export const acceptedTotpStep = async (
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date = new Date(),
): Promise<number | null> => {
  if (!isTotpCode(code)) return null;
  const result = await verify({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};
