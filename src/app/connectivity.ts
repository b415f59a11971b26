import { createActor, fromPromise } from 'xstate';
import { connectivityMachine } from '../machines/connectivity.machine';
import { probe } from '../services/health';

/**
 * The connectivity actor, with the same-origin health probe and the browser's online/offline events. Started by the
 * screens that show the offline banner (log-in), so no other page pays for a probe.
 */
export const startConnectivity = () => {
  const actor = createActor(
    connectivityMachine.provide({
      actors: { probeHealth: fromPromise(({ signal }) => probe({ signal })) },
    }),
  ).start();
  const online = () => actor.send({ type: 'WENT_ONLINE' });
  const offline = () => actor.send({ type: 'WENT_OFFLINE' });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  return {
    actor,
    stop: () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      actor.stop();
    },
  };
};
