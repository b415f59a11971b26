/**
 * The browser's side of a passkey (WebAuthn), through @simplewebauthn/browser: the options the server made go to
 * the authenticator as they are, its answer back as the standard's JSON. A prompt the user closed, or one that
 * timed out or was replaced, rejects with an Error named 'NotAllowedError' (what the browser itself says), which
 * the machines read as "not confirmed" (machines/shared/passkey-prompt.ts).
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  AuthenticationOptions,
  AuthenticationResponse,
  RegistrationOptions,
  RegistrationResponse,
} from '../contract/passkeys';

/** A prompt that ended without an answer: closed by the user, timed out, or replaced by another ceremony. */
const declined = (error: unknown): unknown => {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    const cancelled = new Error('The passkey prompt ended without an answer');
    cancelled.name = 'NotAllowedError';
    return cancelled;
  }
  return error;
};

/** Whether this browser can use passkeys at all. */
export const webAuthnSupported = (): boolean => browserSupportsWebAuthn();

/** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** Makes a new passkey on this device for the options the server gave. */
export const createPasskey = async (options: RegistrationOptions): Promise<RegistrationResponse> => {
  try {
    return (await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })) as RegistrationResponseJSON as RegistrationResponse;
  } catch (error) {
    throw declined(error);
  }
};

/**
 * Signs the server's challenge with a passkey. `autofill`: wait for the user to pick one in the browser's autofill
 * of a field marked `autocomplete="username webauthn"` (the log-in's e-mail), until it is picked or cancelled.
 */
export const signWithPasskey = async (
  options: AuthenticationOptions,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponse> => {
  try {
    return (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    })) as AuthenticationResponseJSON as AuthenticationResponse;
  } catch (error) {
    throw declined(error);
  }
};

/** Ends a waiting ceremony (the autofill's, when the page closes). */
export const cancelPasskeyPrompt = (): void => WebAuthnAbortService.cancelCeremony();
