/**
 * Issue 26's calls (contract/passkeys.ts): the account's passkeys, the log-in with one, the signed-in sessions
 * (devices) and the step-up setting. The WebAuthn ceremonies themselves are ./webauthn.ts; both load only with the
 * pages and chunks that use them, never with a public page's first script.
 */
import { apiPaths } from '../contract/paths';
import type {
  Passkey,
  PasskeyLogInOptionsResponse,
  PasskeyRegistrationOptionsResponse,
  PasskeysResponse,
  RegisterPasskeyRequest,
  PasskeyLogInRequest,
  SessionView,
  SessionsResponse,
  StepUpChange,
  StepUpOptionsRequest,
  StepUpOptionsResponse,
  StepUpSetting,
} from '../contract/passkeys';
import type { LogInAnswer, LogInResponse } from '../contract/user';
import type { MinorUnits } from '../domain/money';
import type { SecurityChange } from '../domain/passkey';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { del, get, post, put } from './http';
import { withStepUp } from './money-post';

type Call = { signal?: AbortSignal };

export const passkeyRegistrationOptions = async (call: Call = {}) =>
  (await post<PasskeyRegistrationOptionsResponse>(apiPaths.passkeyRegistrationOptions, undefined, call))
    .options;

export const registerPasskey = (request: RegisterPasskeyRequest, call: Call = {}) =>
  post<Passkey>(apiPaths.registerPasskey, request, call);

/** The account's passkeys, newest first. */
export const getPasskeys = async (call: Call = {}): Promise<Passkey[]> =>
  (await get<PasskeysResponse>(apiPaths.passkeys, call)).passkeys;

/** Removing a passkey asks for a passkey (the step-up, whatever the amount), the query standing for the body. */
export const deletePasskey = (id: number, call: Call = {}) =>
  withStepUp(
    { path: apiPaths.deletePasskey, body: { id } },
    (headers) => del<null>(apiPaths.deletePasskey, { ...call, query: { id }, headers }),
    call.signal,
  );

/** No token: the answer's ceremonyId goes back with the assertion. */
export const passkeyLogInOptions = (call: Call = {}) =>
  post<PasskeyLogInOptionsResponse>(apiPaths.passkeyLogInOptions, undefined, call);

/** Answers what the password log-in answers; the balance comes back in pesewas, as ./user.ts's logIn. */
export const passkeyLogIn = async (request: PasskeyLogInRequest, call: Call = {}): Promise<LogInAnswer> => {
  const { token, userDetails } = await post<LogInResponse>(apiPaths.passkeyLogIn, request, call);
  return { token, userDetails: { ...userDetails, walletAmount: apiAmountToMinor(userDetails.walletAmount) } };
};

/** The user's live sessions, the most recently seen first, the current one marked. */
export const getSessions = async (call: Call = {}): Promise<SessionView[]> =>
  (await get<SessionsResponse>(apiPaths.sessions, call)).sessions;

export const revokeSession = (sessionId: number, call: Call = {}) =>
  post<null>(apiPaths.revokeSession, { sessionId }, call);

/**
 * The refused request, as it was sent: what the user is asked to confirm (pesewas; a security change in words), and
 * the options to sign.
 */
export const stepUpOptions = async (refused: StepUpOptionsRequest, call: Call = {}) => {
  const answer = await post<StepUpOptionsResponse>(apiPaths.stepUpOptions, refused, call);
  const { options, operation, change } = answer;
  return {
    options,
    operation: { amountMinor: apiAmountToMinor(operation.amount), beneficiary: operation.beneficiary },
    ...(change ? { change: securityChangeOf(change) } : {}),
  };
};

const securityChangeOf = (change: StepUpChange): SecurityChange =>
  change.kind === 'stepUpRaised'
    ? { kind: change.kind, amountMinor: apiAmountToMinor(change.amount) }
    : change;

/** The step-up setting as the browser holds it: pesewas; `amountMinor` null when step-up is off. */
export interface StepUpSettingInPesewas {
  amountMinor: MinorUnits | null;
  defaultAmountMinor: MinorUnits;
  hasPasskey: boolean;
}

const settingOf = (setting: StepUpSetting): StepUpSettingInPesewas => ({
  amountMinor: setting.amount === null ? null : apiAmountToMinor(setting.amount),
  defaultAmountMinor: apiAmountToMinor(setting.defaultAmount),
  hasPasskey: setting.hasPasskey,
});

export const getStepUpSetting = async (call: Call = {}): Promise<StepUpSettingInPesewas> =>
  settingOf(await get<StepUpSetting>(apiPaths.stepUpSetting, call));

/** A new amount, or null to turn step-up off; off, or above the amount in force, asks for a passkey. */
export const saveStepUpSetting = async (
  amountMinor: MinorUnits | null,
  call: Call = {},
): Promise<StepUpSettingInPesewas> => {
  const body = { amount: amountMinor === null ? null : minorToApiAmount(amountMinor) };
  return settingOf(
    await withStepUp(
      { path: apiPaths.stepUpSetting, body },
      (headers) => put<StepUpSetting>(apiPaths.stepUpSetting, body, { ...call, headers }),
      call.signal,
    ),
  );
};
