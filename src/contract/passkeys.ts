import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '../domain/passkey';
import { dbText, int4Id, queryInt4Id } from './db-input';
import { apiAmountSchema } from './envelope';
import { STEP_UP_REQUIRED_MESSAGE_ID } from './step-up-proof';

/*
 * Issue 26: passkeys (WebAuthn), the step-up before large money moves, and the devices a user is signed in on.
 *
 * The WebAuthn objects travel as the JSON of the standard (WebAuthn Level 3 `toJSON()`, which is what
 * @simplewebauthn/browser's startRegistration/startAuthentication take and give): binary fields as base64url.
 * The options the server answers are passed to the browser library untouched, so their schemas keep every key
 * (loose objects) and name only what the screens read.
 */

/* The paths are in contract/paths.ts (apiPaths.passkeyRegistrationOptions ... apiPaths.stepUpSetting). */

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

export const authenticatorTransportSchema = z.enum([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);
export type AuthenticatorTransport = z.infer<typeof authenticatorTransportSchema>;

/** PublicKeyCredentialCreationOptionsJSON: given to startRegistration({ optionsJSON }) as it is. */
export const registrationOptionsSchema = z.looseObject({
  challenge: base64url,
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: base64url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z
    .array(
      z.looseObject({
        id: base64url,
        type: z.literal('public-key'),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** PublicKeyCredentialRequestOptionsJSON: given to startAuthentication({ optionsJSON }) as it is. */
export const authenticationOptionsSchema = z.looseObject({
  challenge: base64url,
  rpId: z.string().optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
  allowCredentials: z
    .array(
      z.looseObject({
        id: base64url,
        type: z.literal('public-key'),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type AuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

const clientExtensionResultsSchema = z.record(z.string(), z.unknown());

/** RegistrationResponseJSON: what startRegistration resolves with. */
export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(authenticatorTransportSchema).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** AuthenticationResponseJSON: what startAuthentication resolves with. */
export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/* ---------- Registration (signed in) ---------- */

/** POST PasskeyRegistrationOptions: no body needed. The challenge is kept for the session that asked. */
export const passkeyRegistrationOptionsResponseSchema = z.object({ options: registrationOptionsSchema });
export type PasskeyRegistrationOptionsResponse = z.infer<typeof passkeyRegistrationOptionsResponseSchema>;

/** POST RegisterPasskey: the browser's answer to the options, and the name the user gave it ('My phone'). */
export const registerPasskeyRequestSchema = z.object({
  name: dbText(PASSKEY_NAME_MAX),
  response: registrationResponseSchema,
});
export type RegisterPasskeyRequest = z.infer<typeof registerPasskeyRequestSchema>;

/** One passkey of the account (dates as ISO 8601 instants). */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** null: never used to log in or confirm yet. */
  lastUsedAt: z.string().nullable(),
  /** Synced across the user's devices (a backed-up, multi-device passkey). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** RegisterPasskey answers the new passkey (201). */
export const registerPasskeyResponseSchema = passkeySchema;

/** GET Passkeys: newest first. */
export const passkeysResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeysResponse = z.infer<typeof passkeysResponseSchema>;

/** DELETE Passkey?id=: answers `null` (another user's or an unknown id is a 404 'passkey.notFound'). */
export const deletePasskeyQuerySchema = z.object({ id: queryInt4Id });

/* ---------- Log-in (no token) ---------- */

/**
 * POST PasskeyLogInOptions: no body needed (a discoverable passkey names its account). The answer's `ceremonyId`
 * binds the challenge to the caller who asked: PasskeyLogIn must send it back with the assertion.
 */
export const passkeyLogInOptionsResponseSchema = z.object({
  ceremonyId: z.string(),
  options: authenticationOptionsSchema,
});
export type PasskeyLogInOptionsResponse = z.infer<typeof passkeyLogInOptionsResponseSchema>;

/** POST PasskeyLogIn: answers exactly what UserLogin answers (logInResponseSchema of contract/user.ts). */
export const passkeyLogInRequestSchema = z.object({
  ceremonyId: dbText(128),
  response: authenticationResponseSchema,
});
export type PasskeyLogInRequest = z.infer<typeof passkeyLogInRequestSchema>;

/* ---------- Devices (sessions) ---------- */

/** What the server reads from a session's User-Agent; null where it could not tell (the screen says 'Unknown'). */
export const deviceSchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  mobile: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const sessionViewSchema = z.object({
  id: z.number().int(),
  device: deviceSchema,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
  /** How it signed in. */
  method: z.enum(['password', 'passkey']),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** GET Sessions: the user's live sessions, the most recently seen first. */
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionViewSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/**
 * POST RevokeSession: ends that session on every host within a second; answers `null`. Revoking the current
 * session is a log-out. Another user's or an unknown id is a 404 'session.notFound'.
 */
export const revokeSessionRequestSchema = z.object({ sessionId: int4Id });
export type RevokeSessionRequest = z.infer<typeof revokeSessionRequestSchema>;

/* ---------- Step-up before large money moves ---------- */

/**
 * How the server asks: a money-moving POST (one that takes an Idempotency-Key) whose amount is above the user's
 * step-up amount, by a user with at least one passkey, is answered 401 with this messageId and moves nothing,
 * unless it carries a valid STEP_UP_PROOF_HEADER.
 *
 * The browser then:
 *   1. POST StepUpOptions { path, body } with the refused request's path and body, exactly as sent;
 *   2. shows `operation` (amount, beneficiary) and calls startAuthentication({ optionsJSON: options });
 *   3. sends the same request again with the SAME Idempotency-Key and the header
 *      `Step-Up-Proof: encodeStepUpProof(assertion)`.
 * The proof is single-use, lives STEP_UP_PROOF_TTL_SECONDS, and is bound to the user, the session, the path, the
 * amount and the beneficiary: a proof for GH₵ 1,500 to Kofi does not pay GH₵ 1,600 or Ama.
 */
// The browser's money requests need these without zod: they live in ./step-up-proof.ts.
export {
  encodeStepUpProof,
  STEP_UP_PROOF_HEADER,
  STEP_UP_PROOF_TTL_SECONDS,
  STEP_UP_REQUIRED_MESSAGE_ID,
} from './step-up-proof';

/**
 * The same step-up guards two security changes (server: src/server/passkeys/security-changes.ts) for a
 * user with a passkey, whatever their amount: PUT StepUpSetting when it weakens the protection (off, or an amount
 * above the one in force; lowering it or turning it on asks nothing) and DELETE Passkey. They take no
 * Idempotency-Key; StepUpOptions takes their path and body (for DELETE Passkey the query as the body: { id }).
 */

/** POST StepUpOptions: the money request (or security change) the server refused, as it was sent. */
export const stepUpOptionsRequestSchema = z.object({
  /** The refused request's path, e.g. '/api/Transaction/PayNow'. */
  path: dbText(200),
  /** The refused request's JSON body, unchanged. */
  body: z.unknown(),
});
export type StepUpOptionsRequest = z.infer<typeof stepUpOptionsRequestSchema>;

/** What the user is asked to confirm, as the server will check it. */
export const stepUpOperationSchema = z.object({
  /** GH₵, a decimal like every amount on the wire. */
  amount: apiAmountSchema,
  /** Who or what receives it, as the server names it (a phone number, an account, a biller reference...). */
  beneficiary: z.string(),
});
export type StepUpOperation = z.infer<typeof stepUpOperationSchema>;

/**
 * A change to the account's own protection that the step-up confirms like a large payment (turning the step-up
 * off, raising its amount, removing a passkey): what the dialog says instead of an amount and a beneficiary.
 */
export const stepUpChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stepUpOff') }),
  /** The new amount, above the one in force. */
  z.object({ kind: z.literal('stepUpRaised'), amount: apiAmountSchema }),
  /** The passkey's name, as the user gave it. */
  z.object({ kind: z.literal('passkeyRemoved'), name: z.string() }),
]);
export type StepUpChange = z.infer<typeof stepUpChangeSchema>;

export const stepUpOptionsResponseSchema = z.object({
  options: authenticationOptionsSchema,
  operation: stepUpOperationSchema,
  /** Present when the request is a security change, not a money move (older clients read `operation` only). */
  change: stepUpChangeSchema.optional(),
  /** ISO 8601 instant after which the proof is refused. */
  expiresAt: z.string(),
});
export type StepUpOptionsResponse = z.infer<typeof stepUpOptionsResponseSchema>;

/** The header back to an assertion; null when it is not one. */
export const decodeStepUpProof = (header: string | undefined): AuthenticationResponse | null => {
  if (!header || header.length > 16_384 || !/^[A-Za-z0-9_-]+$/.test(header)) return null;
  try {
    const json: unknown = JSON.parse(atob(header.replaceAll('-', '+').replaceAll('_', '/')));
    const parsed = authenticationResponseSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * GET StepUpSetting / PUT StepUpSetting: the amount above which a money move asks for the passkey again.
 * `amount` null: step-up is off. The default (GH₵ 1,000) is data on the server (step_up_defaults), answered as
 * `defaultAmount` so the screen can offer 'Back to the default'.
 */
export const stepUpSettingSchema = z.object({
  amount: apiAmountSchema.nullable(),
  defaultAmount: apiAmountSchema,
  /** Whether the user has a passkey (without one, step-up never asks, whatever the amount). */
  hasPasskey: z.boolean(),
});
export type StepUpSetting = z.infer<typeof stepUpSettingSchema>;

/** PUT StepUpSetting: a new amount (> 0), or null to turn step-up off. Answers the setting. */
export const stepUpSettingRequestSchema = z.object({
  amount: apiAmountSchema.refine((amount) => amount > 0, 'positive').nullable(),
});
export type StepUpSettingRequest = z.infer<typeof stepUpSettingRequestSchema>;

/** The message ids the server answers on these routes (all in src/i18n, 9 languages). */
export const passkeyMessageIds = [
  'passkey.challengeExpired', // no such live challenge: expired, already used, or asked by another session
  'passkey.verificationFailed', // the signature, origin, RP id or user verification did not check out
  'passkey.unknownCredential', // no passkey with this id (deleted, or another site's)
  'passkey.counterReplayed', // the authenticator's counter went back: a cloned or replayed assertion
  'passkey.alreadyRegistered', // this authenticator is already registered (to this or another account)
  'passkey.notFound',
  'passkey.wrongAccount', // a step-up signed by a passkey of another account (403)
  'logIn.tooManyFailures', // 429: the account's failed log-ins, passkey and password counted together
  'session.notFound',
  STEP_UP_REQUIRED_MESSAGE_ID, // 401 on a money POST: ask StepUpOptions, retry with the proof
  'stepUp.invalidProof', // 403: a proof that is expired, used, another operation's, or does not verify
  'stepUp.notMoneyMoving', // StepUpOptions for a path that neither moves money nor weakens the protection
] as const;
export type PasskeyMessageId = (typeof passkeyMessageIds)[number];
