/*
 * The step-up's wire details that the browser needs (issue 26; the protocol: contract/passkeys.ts). No zod here:
 * the browser's money requests bundle this file.
 */
import type { AuthenticationResponse } from './passkeys';

export const STEP_UP_REQUIRED_MESSAGE_ID = 'auth.stepUpRequired';
/** The header of the retried money request carrying the step-up proof. */
export const STEP_UP_PROOF_HEADER = 'Step-Up-Proof';
/** How long step-up options (and so the proof made from them) stay valid. */
export const STEP_UP_PROOF_TTL_SECONDS = 120;

/** The header's value: the assertion's JSON, base64url (the JSON is ASCII: its fields are base64url already). */
export const encodeStepUpProof = (assertion: AuthenticationResponse): string =>
  btoa(JSON.stringify(assertion)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
