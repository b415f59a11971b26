/**
 * Path-test models (see machine-paths.ts) of issue 26's machines: the Passkeys page, the step-up setting, the
 * Devices page, the dashboard's passkey offer, the passkey log-in and the step-up before a large payment. The
 * domain's rules (src/domain/passkey.ts) are the oracle for the forms; a prompt the user closed is the browser's
 * NotAllowedError; the server's refusals come back as their own message ids.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AuthenticationOptions, Passkey, SessionView } from '../../src/contract/passkeys';
import { amountInput } from '../../src/domain/amount';
import { minorToDecimalString } from '../../src/domain/money';
import { passkeyNameViolations, stepUpAmountOf, stepUpAmountViolations } from '../../src/domain/passkey';
import { serverMessageId } from '../../src/machines/failure-messages';
import { devicesMachine, type DevicesContext } from '../../src/machines/devices.machine';
import { passkeyLogInMachine } from '../../src/machines/passkey-log-in.machine';
import { passkeyOfferMachine } from '../../src/machines/passkey-offer.machine';
import {
  initialPasskeysContext,
  passkeysMachine,
  type PasskeysContext,
} from '../../src/machines/passkeys.machine';
import {
  stepUpSettingMachine,
  type StepUpSettingContext,
  type StepUpSettingData,
} from '../../src/machines/step-up-setting.machine';
import { stepUpMachine, type StepUpChallenge, type StepUpContext } from '../../src/machines/step-up.machine';
import {
  doneEvent,
  errorEvent,
  errorOf,
  expectUnchanged,
  httpError,
  logInResponse,
  named,
  networkError,
  outputOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

/** The browser's answer when the user closes the passkey prompt (src/services/webauthn.ts). */
export const declinedPrompt = (): Error => Object.assign(new Error('closed'), { name: 'NotAllowedError' });

const json = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.context);

/* ------------------------------------------------------------------------------------------- Passkeys page */

export const phonePasskey: Passkey = {
  id: 3,
  name: 'My phone',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

const passkeysCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as PasskeysContext;
  expect(actions).toEqual([]);
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual(initialPasskeysContext);
    return;
  }
  const before = previous.context as PasskeysContext;
  switch (event.type) {
    case 'xstate.done.actor.loadPasskeys':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ ...before, passkeys: outputOf<Passkey[]>(event), error: null });
      return;
    case 'xstate.error.actor.loadPasskeys':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: 'passkeys.loadFailed', notice: null });
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    case 'CHANGE_NAME': {
      if (!previous.matches('ready')) return expectUnchanged(step);
      const { name } = event as unknown as { name: string };
      expect(context).toEqual({ ...before, name, violations: [] });
      return;
    }
    case 'ADD': {
      if (!previous.matches('ready')) return expectUnchanged(step);
      const violations = passkeyNameViolations(before.name);
      if (violations.length > 0) {
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({ ...before, violations, notice: null });
      } else {
        expect(snapshot.value).toBe('adding');
        expect(context).toEqual({ ...before, error: null, notice: null });
      }
      return;
    }
    case 'REMOVE': {
      const { id } = event as unknown as { id: number };
      const listed = before.passkeys?.some((passkey) => passkey.id === id) ?? false;
      if (!previous.matches('ready') || !listed) return expectUnchanged(step);
      expect(snapshot.value).toBe('removing');
      expect(context).toEqual({ ...before, removingId: id, error: null, notice: null });
      return;
    }
    case 'xstate.done.actor.addPasskey':
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, name: '', notice: 'added' });
      return;
    case 'xstate.error.actor.addPasskey': {
      const error = errorOf(event);
      expect(snapshot.value).toBe('ready');
      const expected =
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'passkey.declined'
          : (serverMessageId(error) ?? 'passkey.failed');
      expect(context).toEqual({ ...before, error: expected });
      return;
    }
    case 'xstate.done.actor.removePasskey':
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, removingId: null, notice: 'removed' });
      return;
    case 'xstate.error.actor.removePasskey':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({
        ...before,
        removingId: null,
        error: serverMessageId(errorOf(event)) ?? 'passkeys.removeFailed',
      });
      return;
    default:
      throw new Error(`passkeys model: unexpected event ${event.type}`);
  }
};

export const passkeysModel: MachineModel<typeof passkeysMachine> = {
  name: 'passkeys',
  machine: passkeysMachine,
  inputs: [{ label: 'the page opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'RETRY' },
    { type: 'CHANGE_NAME', name: 'My phone' },
    { type: 'CHANGE_NAME', name: '  ' },
    { type: 'ADD' },
    { type: 'REMOVE', id: phonePasskey.id },
    { type: 'REMOVE', id: 99 },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadPasskeys', [phonePasskey]),
          doneEvent('loadPasskeys', []),
          errorEvent('loadPasskeys', networkError()),
        ]
      : []),
    ...(snapshot.matches('adding')
      ? [
          doneEvent('addPasskey', phonePasskey),
          errorEvent('addPasskey', declinedPrompt()),
          errorEvent('addPasskey', httpError(400, 'passkey.alreadyRegistered')),
          errorEvent('addPasskey', networkError()),
        ]
      : []),
    ...(snapshot.matches('removing')
      ? [
          doneEvent('removePasskey', null),
          errorEvent('removePasskey', httpError(404, 'passkey.notFound')),
          errorEvent('removePasskey', networkError()),
        ]
      : []),
  ],
  key: json,
  simpleKey: (snapshot) => {
    const context = snapshot.context as PasskeysContext;
    // What decides the next transitions: whether ADD passes the name's rule, and whether REMOVE finds the passkey.
    return [passkeyNameViolations(context.name).length === 0, context.passkeys?.length ?? null];
  },
  check: passkeysCheck,
};

/* ------------------------------------------------------------------------------------------ step-up setting */

const settingOn: StepUpSettingData = { amountMinor: 100_000, defaultAmountMinor: 100_000, hasPasskey: true };
const settingOff: StepUpSettingData = { amountMinor: null, defaultAmountMinor: 100_000, hasPasskey: true };
const settingLower: StepUpSettingData = {
  amountMinor: 50_000,
  defaultAmountMinor: 100_000,
  hasPasskey: false,
};

const settingCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as StepUpSettingContext;
  expect(actions).toEqual([]);
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({
      setting: null,
      amount: '',
      violations: [],
      saving: null,
      error: null,
      notice: null,
    });
    return;
  }
  const before = previous.context as StepUpSettingContext;
  const loaded = (setting: StepUpSettingData) => ({
    setting,
    amount: setting.amountMinor === null ? '' : minorToDecimalString(setting.amountMinor),
    error: null,
  });
  switch (event.type) {
    case 'xstate.done.actor.loadSetting':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ ...before, ...loaded(outputOf<StepUpSettingData>(event)) });
      return;
    case 'xstate.error.actor.loadSetting':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: 'stepUpSetting.loadFailed', notice: null });
      return;
    case 'RETRY':
    case 'REFRESH':
      if (!previous.matches(event.type === 'RETRY' ? 'failed' : 'ready')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    case 'CHANGE': {
      if (!previous.matches('ready')) return expectUnchanged(step);
      const { amount } = event as unknown as { amount: string };
      expect(context).toEqual({ ...before, amount: amountInput(amount), violations: [] });
      return;
    }
    case 'SAVE': {
      if (!previous.matches('ready')) return expectUnchanged(step);
      const violations = stepUpAmountViolations(before.amount);
      if (violations.length > 0) {
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({ ...before, violations, notice: null });
      } else {
        expect(snapshot.value).toBe('saving');
        expect(context).toEqual({
          ...before,
          saving: stepUpAmountOf(before.amount),
          error: null,
          notice: null,
        });
      }
      return;
    }
    case 'TURN_OFF':
      if (!previous.matches('ready') || before.setting?.amountMinor === null) return expectUnchanged(step);
      expect(snapshot.value).toBe('saving');
      expect(context).toEqual({ ...before, saving: null, violations: [], error: null, notice: null });
      return;
    case 'DEFAULT':
      if (!previous.matches('ready')) return expectUnchanged(step);
      expect(snapshot.value).toBe('saving');
      expect(context).toEqual({
        ...before,
        saving: before.setting!.defaultAmountMinor,
        violations: [],
        error: null,
        notice: null,
      });
      return;
    case 'xstate.done.actor.saveSetting':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ ...before, ...loaded(outputOf<StepUpSettingData>(event)), notice: 'saved' });
      return;
    case 'xstate.error.actor.saveSetting':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({
        ...before,
        error: serverMessageId(errorOf(event)) ?? 'stepUpSetting.saveFailed',
      });
      return;
    default:
      throw new Error(`step-up setting model: unexpected event ${event.type}`);
  }
};

export const stepUpSettingModel: MachineModel<typeof stepUpSettingMachine> = {
  name: 'step-up-setting',
  machine: stepUpSettingMachine,
  inputs: [{ label: 'the page opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'RETRY' },
    { type: 'REFRESH' },
    { type: 'CHANGE', amount: '500' },
    { type: 'CHANGE', amount: '0' },
    { type: 'SAVE' },
    { type: 'TURN_OFF' },
    { type: 'DEFAULT' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadSetting', settingOn),
          doneEvent('loadSetting', settingOff),
          errorEvent('loadSetting', networkError()),
        ]
      : []),
    ...(snapshot.matches('saving')
      ? [doneEvent('saveSetting', settingLower), errorEvent('saveSetting', networkError())]
      : []),
  ],
  key: json,
  simpleKey: (snapshot) => (snapshot.context as StepUpSettingContext).setting?.amountMinor ?? 'none',
  check: settingCheck,
};

/* --------------------------------------------------------------------------------------------- Devices page */

const thisPhone: SessionView = {
  id: 1,
  device: { browser: 'Chrome', os: 'Android', mobile: true },
  createdAt: '2026-11-27T09:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  current: true,
  method: 'passkey',
};
const lostPhone: SessionView = { ...thisPhone, id: 2, current: false, method: 'password' };

const devicesCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as DevicesContext;
  expect(actions).toEqual([]);
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({ sessions: null, signingOutId: null, error: null, notice: null });
    return;
  }
  const before = previous.context as DevicesContext;
  switch (event.type) {
    case 'xstate.done.actor.loadSessions':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ ...before, sessions: outputOf<SessionView[]>(event), error: null });
      return;
    case 'xstate.error.actor.loadSessions':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: 'devices.loadFailed', notice: null });
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    case 'SIGN_OUT': {
      const { id } = event as unknown as { id: number };
      // Only another session: this one signs out with Log Out.
      const other = before.sessions?.some((session) => session.id === id && !session.current) ?? false;
      if (!previous.matches('ready') || !other) return expectUnchanged(step);
      expect(snapshot.value).toBe('signingOut');
      expect(context).toEqual({ ...before, signingOutId: id, error: null, notice: null });
      return;
    }
    case 'xstate.done.actor.revokeSession':
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, signingOutId: null, notice: 'signedOut' });
      return;
    case 'xstate.error.actor.revokeSession':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({
        ...before,
        signingOutId: null,
        error: serverMessageId(errorOf(event)) ?? 'devices.revokeFailed',
      });
      return;
    default:
      throw new Error(`devices model: unexpected event ${event.type}`);
  }
};

export const devicesModel: MachineModel<typeof devicesMachine> = {
  name: 'devices',
  machine: devicesMachine,
  inputs: [{ label: 'the page opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'RETRY' },
    { type: 'SIGN_OUT', id: lostPhone.id },
    { type: 'SIGN_OUT', id: thisPhone.id },
    ...(snapshot.matches('loading')
      ? [doneEvent('loadSessions', [thisPhone, lostPhone]), errorEvent('loadSessions', networkError())]
      : []),
    ...(snapshot.matches('signingOut')
      ? [
          doneEvent('revokeSession', null),
          errorEvent('revokeSession', httpError(404, 'session.notFound')),
          errorEvent('revokeSession', networkError()),
        ]
      : []),
  ],
  key: json,
  check: devicesCheck,
};

/* -------------------------------------------------------------------------------------------- passkey offer */

const offerCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  if (previous === null) {
    expect(snapshot.value).toBe('checking');
    return expect(actions).toEqual([]);
  }
  switch (event.type) {
    case 'xstate.done.actor.shouldOffer':
      expect(snapshot.value).toBe(outputOf<boolean>(event) ? 'offered' : 'hidden');
      return expect(actions).toEqual([]);
    case 'xstate.error.actor.shouldOffer':
      expect(snapshot.value).toBe('hidden');
      return expect(actions).toEqual([]);
    case 'DISMISS':
      if (!previous.matches('offered')) return expectUnchanged(step);
      expect(snapshot.value).toBe('hidden');
      expect(snapshot.status).toBe('done');
      return expect(named(actions)).toEqual([['rememberDismissed', undefined]]);
    default:
      throw new Error(`passkey offer model: unexpected event ${event.type}`);
  }
};

export const passkeyOfferModel: MachineModel<typeof passkeyOfferMachine> = {
  name: 'passkey-offer',
  machine: passkeyOfferMachine,
  inputs: [{ label: 'the dashboard opens', input: undefined as never }],
  events: (snapshot) => [
    { type: 'DISMISS' },
    ...(snapshot.matches('checking')
      ? [
          doneEvent('shouldOffer', true),
          doneEvent('shouldOffer', false),
          errorEvent('shouldOffer', networkError()),
        ]
      : []),
  ],
  check: offerCheck,
};

/* ------------------------------------------------------------------------------------------ passkey log-in */

const loggedInAction = [
  ['loggedIn', { auth: { token: logInResponse.token, user: logInResponse.userDetails } }],
];

const passkeyLogInCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as { error: string | null };
  if (previous === null) {
    expect(snapshot.value).toBe('checking');
    expect(context).toEqual({ error: null });
    return expect(actions).toEqual([]);
  }
  const before = previous.context as { error: string | null };
  switch (event.type) {
    case 'USE_PASSKEY':
      if (previous.matches('asking')) return expectUnchanged(step);
      expect(snapshot.value).toBe('asking');
      expect(context).toEqual({ error: null });
      return expect(actions).toEqual([]);
    case 'xstate.done.actor.autofillAvailable':
      expect(snapshot.value).toBe(outputOf<boolean>(event) ? 'autofill' : 'idle');
      return expect(context).toEqual(before);
    case 'xstate.error.actor.autofillAvailable':
      expect(snapshot.value).toBe('idle');
      return expect(context).toEqual(before);
    case 'xstate.done.actor.logInByAutofill':
    case 'xstate.done.actor.logInWithPasskey':
      expect(snapshot.value).toBe('loggedIn');
      expect(snapshot.status).toBe('done');
      return expect(named(actions)).toEqual(loggedInAction);
    case 'xstate.error.actor.logInByAutofill':
    case 'xstate.error.actor.logInWithPasskey': {
      const error = errorOf(event);
      const declined = error instanceof Error && error.name === 'NotAllowedError';
      expect(snapshot.value).toBe('idle');
      expect(actions).toEqual([]);
      // A dismissed autofill says nothing: the button still works.
      if (declined && event.type === 'xstate.error.actor.logInByAutofill')
        return expect(context).toEqual(before);
      const status = (error as { failure?: { status?: number } }).failure?.status;
      expect(context.error).toBe(
        declined
          ? 'passkey.declined'
          : status === 429
            ? (serverMessageId(error) ?? 'request.tooMany')
            : (serverMessageId(error) ?? 'passkey.failed'),
      );
      return;
    }
    default:
      throw new Error(`passkey log-in model: unexpected event ${event.type}`);
  }
};

const answers = (id: string): AnyEventObject[] => [
  doneEvent(id, logInResponse),
  errorEvent(id, declinedPrompt()),
  errorEvent(id, httpError(401, 'passkey.verificationFailed')),
  errorEvent(id, httpError(429, 'passkey.tooManyFailures')),
  errorEvent(id, networkError()),
];

export const passkeyLogInModel: MachineModel<typeof passkeyLogInMachine> = {
  name: 'passkey-log-in',
  machine: passkeyLogInMachine,
  inputs: [{ label: '/LogIn after the first interaction', input: undefined as never }],
  events: (snapshot) => [
    { type: 'USE_PASSKEY' },
    ...(snapshot.matches('checking')
      ? [
          doneEvent('autofillAvailable', true),
          doneEvent('autofillAvailable', false),
          errorEvent('autofillAvailable', new Error('no')),
        ]
      : []),
    ...(snapshot.matches('autofill') ? answers('logInByAutofill') : []),
    ...(snapshot.matches('asking') ? answers('logInWithPasskey') : []),
  ],
  key: json,
  check: passkeyLogInCheck,
};

/* ---------------------------------------------------------------------------------------------- step-up */

const refused = { path: '/api/Transaction/PayNow', body: { cartId: 'cart-1', userId: 7 } };
const options: AuthenticationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  userVerification: 'required',
};
const challenge: StepUpChallenge = {
  options,
  operation: { amountMinor: 150_000, beneficiary: 'Kofi Mensah' },
};
/** A security change's challenge (DELETE Passkey): not confirming it says that nothing was changed. */
const changeChallenge: StepUpChallenge = {
  options,
  operation: { amountMinor: 0, beneficiary: 'passkey:3' },
  change: { kind: 'passkeyRemoved', name: 'Laptop' },
};
const cancelledMessage = (context: StepUpContext) =>
  context.challenge?.change ? 'stepUp.changeCancelled' : 'stepUp.cancelled';

const stepUpCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as StepUpContext;
  expect(actions).toEqual([]);
  if (previous === null) {
    expect(snapshot.value).toBe('loadingOptions');
    expect(context).toEqual({ refused, challenge: null, proof: null, error: null });
    return;
  }
  const before = previous.context as StepUpContext;
  switch (event.type) {
    case 'xstate.done.actor.stepUpOptions':
      expect(snapshot.value).toBe('confirming');
      expect(context).toEqual({ ...before, challenge: outputOf<StepUpChallenge>(event) });
      return;
    case 'xstate.error.actor.stepUpOptions':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: serverMessageId(errorOf(event)) ?? 'stepUp.failed' });
      expect(snapshot.output).toEqual({ messageId: context.error });
      return;
    case 'CONFIRM':
      if (!previous.matches('confirming')) return expectUnchanged(step);
      expect(snapshot.value).toBe('askingPasskey');
      expect(context).toEqual(before);
      return;
    case 'CANCEL':
      if (!previous.matches('confirming')) return expectUnchanged(step);
      expect(snapshot.value).toBe('cancelled');
      expect(snapshot.output).toEqual({ messageId: cancelledMessage(before) });
      return;
    case 'xstate.done.actor.signStepUp':
      expect(snapshot.value).toBe('proved');
      expect(snapshot.output).toEqual({ proof: outputOf<string>(event) });
      return;
    case 'xstate.error.actor.signStepUp': {
      const error = errorOf(event);
      if (error instanceof Error && error.name === 'NotAllowedError') {
        // The fingerprint prompt closed: back to the review, nothing moved.
        expect(snapshot.value).toBe('cancelled');
        expect(snapshot.output).toEqual({ messageId: cancelledMessage(before) });
      } else {
        expect(snapshot.value).toBe('failed');
        expect(snapshot.output).toEqual({ messageId: serverMessageId(error) ?? 'stepUp.failed' });
      }
      return;
    }
    default:
      throw new Error(`step-up model: unexpected event ${event.type}`);
  }
};

export const stepUpModel: MachineModel<typeof stepUpMachine> = {
  name: 'step-up',
  machine: stepUpMachine,
  inputs: [{ label: 'PayNow answered auth.stepUpRequired', input: { refused } }],
  events: (snapshot) => [
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    ...(snapshot.matches('loadingOptions')
      ? [
          doneEvent('stepUpOptions', challenge),
          doneEvent('stepUpOptions', changeChallenge),
          errorEvent('stepUpOptions', httpError(400, 'stepUp.notMoneyMoving')),
          errorEvent('stepUpOptions', networkError()),
        ]
      : []),
    ...(snapshot.matches('askingPasskey')
      ? [
          doneEvent('signStepUp', 'proof-of-kofi'),
          errorEvent('signStepUp', declinedPrompt()),
          errorEvent('signStepUp', new Error('The authenticator failed')),
        ]
      : []),
  ],
  key: json,
  check: stepUpCheck,
};

export const passkeyMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'passkeys', models: [passkeysModel as MachineModel] },
  { file: 'step-up-setting', models: [stepUpSettingModel as MachineModel] },
  { file: 'devices', models: [devicesModel as MachineModel] },
  { file: 'passkey-offer', models: [passkeyOfferModel as MachineModel] },
  { file: 'passkey-log-in', models: [passkeyLogInModel as MachineModel] },
  { file: 'step-up', models: [stepUpModel as MachineModel] },
];
