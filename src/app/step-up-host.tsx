/**
 * The signed-in app's step-up (issue 26), loaded with the signed-in chrome (./signed-in-chrome.ts), so it is installed
 * before any page can move money: src/services/money-post.ts calls it when a money request is answered 401
 * 'auth.stepUpRequired'. It starts a step-up actor (its chunk fetched then), shows its dialog, and answers the proof, or
 * the message that says why there is none ('stepUp.cancelled'). The request's own cancellation (its flow stopped)
 * stops the actor and closes the dialog.
 */
import { useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { StepUpMachine } from '../machines/step-up.machine';
import { setStepUp, type StepUp } from '../services/money-post';
import { StepUpDialog } from '../screens/step-up-dialog';

type StepUpActor = ActorRefFrom<StepUpMachine>;

let current: StepUpActor | null = null;
const listeners = new Set<() => void>();
const show = (actor: StepUpActor | null) => {
  current = actor;
  for (const listener of listeners) listener();
};

const stepUp: StepUp = async (refused, signal) => {
  const { createStepUpActor } = await import('./step-up-actor');
  return new Promise<string>((resolve, reject) => {
    const actor = createStepUpActor(refused);
    const onAbort = () => {
      actor.stop();
      if (current === actor) show(null);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    actor.subscribe({
      complete: () => {
        signal?.removeEventListener('abort', onAbort);
        if (current === actor) show(null);
        const output = actor.getSnapshot().output;
        if (output && 'proof' in output) resolve(output.proof);
        else reject(output?.messageId ?? 'stepUp.failed');
      },
    });
    show(actor);
    actor.start();
  });
};

setStepUp(stepUp);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The step-up dialog, while a payment waits for it. */
export function StepUpHost() {
  const actor = useSyncExternalStore(subscribe, () => current);
  return actor ? <StepUpDialog key={actor.id} actorRef={actor} /> : null;
}
