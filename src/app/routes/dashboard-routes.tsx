import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { RECENT_ACTIVITY_SIZE, walletMachine } from '../../machines/wallet.machine';
import { getWalletAmount, getWalletHistoryPage } from '../../services/wallet';
import { DashboardLayout } from '../../screens/dashboard-layout';
import { DashboardHomeScreen } from '../../screens/dashboard-home-screen';
import { useAppActors } from '../app-actors';
import { useUserId } from '../use-user-id';

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
  const userId = useUserId();
  const wallet = useActorRef(
    walletMachine.provide({
      actors: {
        loadWallet: fromPromise(async ({ signal }) => {
          // Only the first page of the latest movements, not the whole history.
          const [amount, latest] = await Promise.all([
            getWalletAmount(userId, { signal }),
            getWalletHistoryPage(userId, { page: 0, pageSize: RECENT_ACTIVITY_SIZE }, { signal }),
          ]);
          return { walletAmount: amount.walletAmount, recent: latest.rows };
        }),
      },
      actions: {
        walletChanged: (_, params) =>
          session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: params.walletAmount }),
      },
    }),
  );
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wallet.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [wallet]);
  return <DashboardHomeScreen session={session} wallet={wallet} />;
}
