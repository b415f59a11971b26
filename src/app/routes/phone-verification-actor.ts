import { useActorRef } from '@xstate/react';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';

/** The phone-verification card's machine: known verified in the session, no call; otherwise it asks the server. */
export function usePhoneVerificationActor() {
  const { session } = useAppActors();
  return useActorRef(phoneVerificationMachine.provide(useLiveActors().phoneVerification), {
    input: { phoneVerified: session.getSnapshot().context.auth?.user.phoneVerified ?? false },
  });
}
