/**
 * Issue 26's account pages, one chunk: Passkeys (/Dashboard/passkeys: the passkeys and the step-up setting) and
 * Devices (/Dashboard/devices). The machines get the live services here; the screens only see their actors.
 */
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { devicesMachine } from '../../machines/devices.machine';
import { passkeysMachine } from '../../machines/passkeys.machine';
import { stepUpSettingMachine } from '../../machines/step-up-setting.machine';
import { DevicesScreen } from '../../screens/devices-screen';
import { PasskeysScreen } from '../../screens/passkeys-screen';
import {
  deletePasskey,
  getPasskeys,
  getSessions,
  getStepUpSetting,
  passkeyRegistrationOptions,
  registerPasskey,
  revokeSession,
  saveStepUpSetting,
} from '../../services/passkeys';
import { createPasskey, webAuthnSupported } from '../../services/webauthn';

/** A new passkey: the server's options, this device's prompt, and the answer registered under the name. */
export const addPasskey = async (name: string, call: { signal?: AbortSignal } = {}) => {
  const options = await passkeyRegistrationOptions(call);
  const response = await createPasskey(options);
  return registerPasskey({ name, response }, call);
};

const livePasskeys = passkeysMachine.provide({
  actors: {
    loadPasskeys: fromPromise(({ signal }) => getPasskeys({ signal })),
    addPasskey: fromPromise(({ input, signal }) => addPasskey(input.name, { signal })),
    removePasskey: fromPromise(({ input, signal }) => deletePasskey(input.id, { signal })),
  },
});

const liveStepUpSetting = stepUpSettingMachine.provide({
  actors: {
    loadSetting: fromPromise(({ signal }) => getStepUpSetting({ signal })),
    saveSetting: fromPromise(({ input, signal }) => saveStepUpSetting(input.amountMinor, { signal })),
  },
});

const liveDevices = devicesMachine.provide({
  actors: {
    loadSessions: fromPromise(({ signal }) => getSessions({ signal })),
    revokeSession: fromPromise(({ input, signal }) => revokeSession(input.id, { signal })),
  },
});

export function PasskeysRoute() {
  const stepUpSetting = useActorRef(liveStepUpSetting);
  const passkeys = useActorRef(livePasskeys, {}, (snapshot) => {
    // The setting says whether step-up applies (the user has a passkey): read again once the list changed.
    if (
      snapshot.matches('loading') &&
      snapshot.context.notice &&
      stepUpSetting.getSnapshot().matches('ready')
    )
      stepUpSetting.send({ type: 'REFRESH' });
  });
  return <PasskeysScreen passkeys={passkeys} stepUpSetting={stepUpSetting} supported={webAuthnSupported()} />;
}

export function DevicesRoute() {
  return <DevicesScreen actorRef={useActorRef(liveDevices)} />;
}
