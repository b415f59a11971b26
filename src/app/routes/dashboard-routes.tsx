import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { getWalletAmount } from '../../services/user';
import { DashboardLayout } from '../../screens/dashboard-layout';
import { DashboardHomeScreen } from '../../screens/dashboard-home-screen';
import { useAppActors } from '../app-actors';

export function DashboardRoute() {
  const { session } = useAppActors();
  return (
    <DashboardLayout session={session}>
      <Outlet />
    </DashboardLayout>
  );
}

/** The home panel; it refreshes the balance from the server when it opens. */
export function DashboardHomeRoute() {
  const { session } = useAppActors();
  const userId = useSelector(session, (s) => s.context.auth?.user.id ?? null);
  useEffect(() => {
    if (userId === null) return;
    const call = new AbortController();
    getWalletAmount(userId, { signal: call.signal })
      .then(({ walletAmount }) => session.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount }))
      // The stored balance stays; an expired token is the session machine's business.
      .catch(() => undefined);
    return () => call.abort();
  }, [session, userId]);
  return <DashboardHomeScreen session={session} />;
}
