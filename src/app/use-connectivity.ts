import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { connectivityMachine } from '../machines/connectivity.machine';
import { probe } from '../services/health';

/**
 * The connectivity actor, with the same-origin health probe and the browser's online/offline events. Created by the
 * screens that show the offline banner (log-in), so no other page pays for a probe.
 */
export const useConnectivity = () => {
  const connectivity = useActorRef(
    connectivityMachine.provide({
      actors: { probeHealth: fromPromise(({ signal }) => probe({ signal })) },
    }),
  );
  useEffect(() => {
    const online = () => connectivity.send({ type: 'WENT_ONLINE' });
    const offline = () => connectivity.send({ type: 'WENT_OFFLINE' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [connectivity]);
  return connectivity;
};
