import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationResponse, RegistrationResponse } from '../../contract/passkeys';
import type { DomainMessageId } from '../../domain/messages';
import type { Queryable } from '../db/client';
import { HttpError } from '../http-error';
import {
  findPasskeyByCredentialId,
  newChallenge,
  storeChallenge,
  takeChallenge,
  userHandleOf,
  type ChallengeBinding,
  type ChallengePurpose,
  type NewPasskey,
  type StoredChallenge,
  type StoredPasskey,
} from './passkey-store';
import type { RelyingParty } from './relying-party';

/*
 * The WebAuthn ceremonies (issue 26) on @simplewebauthn/server: options with a challenge kept in PostgreSQL, and
 * the browser's answers verified against it (origin, RP id, user verification, signature, counter). Every refusal
 * is an HttpError with a message of src/domain.
 */

/** How long registration and log-in options stay usable. */
export const CEREMONY_TTL_MS = 5 * 60_000;

/** A refusal of the ceremony: its message, and a reason for the audit trail. */
export class CeremonyError extends HttpError {
  /** The account of the passkey used, when it is known (its audit chain records the refusal). */
  userId: number | null = null;

  constructor(
    status: number,
    messageId: DomainMessageId,
    readonly reason: string,
  ) {
    super(status, messageId);
  }
}

const fromBase64url = (text: string): string => Buffer.from(text, 'base64url').toString('utf8');

/** The challenge the browser signed, read from clientDataJSON; null when it is not readable. */
export const challengeOf = (clientDataJSON: string): string | null => {
  try {
    const parsed: unknown = JSON.parse(fromBase64url(clientDataJSON));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
};

/** The live challenge of `purpose` the browser signed (used up here), bound as `binding` says; null: none. */
const takeSignedChallenge = async (
  db: Queryable,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  binding: ChallengeBinding,
): Promise<StoredChallenge | null> => {
  const challenge = challengeOf(clientDataJSON);
  return challenge ? takeChallenge(db, challenge, purpose, binding) : null;
};

/** What every verification expects: the stored challenge, our origin and RP id, a verified user. */
const expected = (rp: RelyingParty, stored: StoredChallenge) => ({
  expectedChallenge: stored.challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.rpId,
  requireUserVerification: true,
});

export interface RegisteringUser {
  id: number;
  email: string;
  fullName: string;
}

export const registrationOptions = async (
  db: Queryable,
  rp: RelyingParty,
  secret: string,
  user: RegisteringUser,
  sessionId: number,
  existing: { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpId,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: userHandleOf(secret, user.id) as Uint8Array<ArrayBuffer>,
    challenge,
    timeout: CEREMONY_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({
      id,
      transports: transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(
    db,
    options.challenge,
    'registration',
    { userId: user.id, sessionId },
    CEREMONY_TTL_MS,
  );
  return options;
};

/** The new passkey, verified against the session's registration challenge (which is used up either way). */
export const verifyRegistration = async (
  db: Queryable,
  rp: RelyingParty,
  userId: number,
  sessionId: number,
  response: RegistrationResponse,
): Promise<Omit<NewPasskey, 'name'>> => {
  const binding = { userId, sessionId };
  const stored = await takeSignedChallenge(db, response.response.clientDataJSON, 'registration', binding);
  if (!stored) throw new CeremonyError(400, 'passkey.challengeExpired', 'challenge');
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      ...expected(rp, stored),
    });
  } catch (error) {
    throw new CeremonyError(400, 'passkey.verificationFailed', (error as Error).message);
  }
  if (!verified.verified) throw new CeremonyError(400, 'passkey.verificationFailed', 'not verified');
  const { credential, credentialBackedUp } = verified.registrationInfo;
  return {
    userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    backedUp: credentialBackedUp,
  };
};

/** Options for an assertion: log-in (any discoverable passkey) or step-up (one of the user's). */
export const assertionOptions = async (
  db: Queryable,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  binding: ChallengeBinding,
  ttlMs: number,
  allow: { id: string; transports: string[] }[] = [],
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; expiresAt: Date }> => {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    challenge: newChallenge(),
    timeout: ttlMs,
    userVerification: 'required',
    allowCredentials: allow.map(({ id, transports }) => ({
      id,
      transports: transports as AuthenticatorTransport[],
    })),
  });
  const expiresAt = await storeChallenge(db, options.challenge, purpose, binding, ttlMs);
  return { options, expiresAt };
};

export interface VerifiedAssertion {
  passkey: StoredPasskey;
  challenge: StoredChallenge;
  newCounter: number;
}

const COUNTER_ERROR = /counter value/i;

/**
 * An assertion checked the standard's way: a passkey of that credential id (of `expectedUserId`, when given),
 * a live challenge of `purpose` bound as `binding` says (used up, whatever follows), then origin, RP id, user
 * verification, signature and counter. The counter is not recorded here: recordPasskeyUse does, in the caller's
 * transaction.
 */
export const verifyAssertion = async (
  db: Queryable,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  binding: ChallengeBinding,
  response: AuthenticationResponse,
  status: 401 | 403,
  expectedUserId?: number,
): Promise<VerifiedAssertion> => {
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw new CeremonyError(status, 'passkey.unknownCredential', 'unknown credential');
  if (expectedUserId !== undefined && passkey.userId !== expectedUserId) {
    const error = new CeremonyError(status, 'passkey.wrongAccount', `credential of user ${passkey.userId}`);
    error.userId = expectedUserId;
    throw error;
  }
  try {
    return await verifyKnownAssertion(db, rp, purpose, binding, response, status, passkey);
  } catch (error) {
    if (error instanceof CeremonyError) error.userId = passkey.userId;
    throw error;
  }
};

const verifyKnownAssertion = async (
  db: Queryable,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  binding: ChallengeBinding,
  response: AuthenticationResponse,
  status: 401 | 403,
  passkey: StoredPasskey,
): Promise<VerifiedAssertion> => {
  const stored = await takeSignedChallenge(db, response.response.clientDataJSON, purpose, binding);
  if (!stored) {
    const messageId = purpose === 'stepUp' ? 'stepUp.invalidProof' : 'passkey.challengeExpired';
    throw new CeremonyError(status, messageId, 'challenge');
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expected(rp, stored),
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    if (COUNTER_ERROR.test(message)) throw new CeremonyError(status, 'passkey.counterReplayed', message);
    throw new CeremonyError(status, 'passkey.verificationFailed', message);
  }
  if (!verified.verified) throw new CeremonyError(status, 'passkey.verificationFailed', 'not verified');
  return { passkey, challenge: stored, newCounter: verified.authenticationInfo.newCounter };
};
