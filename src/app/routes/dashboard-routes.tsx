import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { walletMachine } from '../../machines/wallet.machine';
import { DashboardLayout } from '../../screens/dashboard-layout';
import { DashboardHomeScreen } from '../../screens/dashboard-home-screen';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { usePhoneVerificationActor } from './phone-verification-actor';

export function DashboardRoute() {
  const { session } = useAppActors();
  return (
    <DashboardLayout session={session}>
      <Outlet />
    </DashboardLayout>
  );
}

/**
 * The home panel: the wallet machine reads the balance and the latest movements when it opens (and again when the
 * tab comes back into view, e.g. after approving a MoMo payment on the phone), and hands the balance to the
 * session, which the balance card shows.
 */
export function DashboardHomeRoute() {
  const { session } = useAppActors();
  const wallet = useActorRef(walletMachine.provide(useLiveActors().wallet));
  const phoneVerification = usePhoneVerificationActor();
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wallet.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [wallet]);
  return <DashboardHomeScreen session={session} wallet={wallet} phoneVerification={phoneVerification} />;
}
