/**
 * The one way a money-moving POST is sent: with its attempt's Idempotency-Key, and through the step-up when the
 * server asks for it (issue 26; contract/passkeys.ts). A 401 'auth.stepUpRequired' moved nothing: the installed
 * step-up (the signed-in app's, src/app/step-up-host.tsx) shows what is being confirmed and asks for the passkey,
 * then the same request goes again with the SAME key and the proof. When the user does not confirm, the server's
 * 401 stands, carrying the step-up's outcome as its message ('stepUp.cancelled', ...), so every flow returns to its
 * review with that message, and its next attempt takes a new key (an answered request). The step-up part,
 * withStepUp, also sends the security changes the step-up guards (src/services/passkeys.ts), without a key.
 */
import { ApiError } from '../contract/failure';
import { IDEMPOTENCY_KEY_HEADER, type ApiPath } from '../contract/paths';
import { STEP_UP_PROOF_HEADER, STEP_UP_REQUIRED_MESSAGE_ID } from '../contract/step-up-proof';
import { post } from './http';

/** The request the server refused, exactly as it was sent (a DELETE's query as the body). */
export interface RefusedRequest {
  path: ApiPath;
  body: unknown;
}

/**
 * Asks the user for the step-up: resolves with the proof header's value, or rejects with the message id that says
 * why there is none ('stepUp.cancelled' when the user said no).
 */
export type StepUp = (refused: RefusedRequest, signal: AbortSignal | undefined) => Promise<string>;

let stepUp: StepUp | null = null;

/** The signed-in app installs its step-up once; `null` removes it (a refusal then stays 'auth.stepUpRequired'). */
export const setStepUp = (handler: StepUp | null): void => {
  stepUp = handler;
};

export const isStepUpRequired = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.failure.kind === 'http' &&
  error.failure.status === 401 &&
  error.failure.data?.messageId === STEP_UP_REQUIRED_MESSAGE_ID;

/** The server's step-up refusal, now saying why the step-up did not happen. */
const refusalBecause = (refusal: ApiError, messageId: string): ApiError =>
  refusal.failure.kind === 'http' ? new ApiError({ ...refusal.failure, data: { messageId } }) : refusal;

export interface MoneyCall {
  signal?: AbortSignal;
}

/**
 * Sends a request the server may refuse 401 'auth.stepUpRequired' (a money move, or a change that weakens the
 * protection: turning the step-up off or raising it, removing a passkey), and answers that refusal: the installed
 * step-up with `refused` (the path and body the server checks; a DELETE's query as the body), then `send` again with
 * the proof's header. `send` adds its own headers (a money POST's Idempotency-Key, the same on the retry).
 */
export const withStepUp = async <Data>(
  refused: RefusedRequest,
  send: (headers: Record<string, string>) => Promise<Data>,
  signal: AbortSignal | undefined,
): Promise<Data> => {
  try {
    return await send({});
  } catch (error) {
    if (!stepUp || !isStepUpRequired(error)) throw error;
    let proof: string;
    try {
      proof = await stepUp(refused, signal);
    } catch (why) {
      if (signal?.aborted) throw signal.reason ?? why;
      throw refusalBecause(error as ApiError, typeof why === 'string' ? why : 'stepUp.failed');
    }
    try {
      return await send({ [STEP_UP_PROOF_HEADER]: proof });
    } catch (retried) {
      // The proof refused (403 'stepUp.invalidProof', 'passkey.wrongAccount'): still the step-up's refusal, not a
      // missing identification (what a money flow reads in a 403). Nothing moved or changed.
      const messageId = refusedProofMessage(retried);
      throw messageId ? refusalBecause(error as ApiError, messageId) : retried;
    }
  }
};

/** POSTs a money move once per key; a step-up the server asks for is answered, then the same key sent again. */
export const moneyPost = <Data>(
  path: ApiPath,
  body: unknown,
  idempotencyKey: string,
  call: MoneyCall = {},
): Promise<Data> =>
  withStepUp(
    { path, body },
    (proof) =>
      post<Data>(path, body, { ...call, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, ...proof } }),
    call.signal,
  );

/** The message of a refused proof, or null for any other failure of the retried request. */
const refusedProofMessage = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.failure.kind !== 'http' || error.failure.status !== 403)
    return null;
  const id = error.failure.data?.messageId;
  return id === 'stepUp.invalidProof' || id === 'passkey.wrongAccount' ? id : null;
};
