import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { monthOf } from '../../domain/month';
import { monthSummaryMachine } from '../../machines/month-summary.machine';
import { passkeyOfferMachine } from '../../machines/passkey-offer.machine';
import { walletMachine } from '../../machines/wallet.machine';
import { AccountScreen, DashboardLayout } from '../../screens/dashboard-layout';
import { DashboardHomeScreen } from '../../screens/dashboard-home-screen';
import { getPasskeys } from '../../services/passkeys';
import { passkeyOfferStore } from '../stores/passkey-offer-store';
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

/** /Dashboard/account: the 'My Account' menu as a page. */
export function AccountRoute() {
  return <AccountScreen session={useAppActors().session} />;
}

/**
 * The home panel: the wallet machine reads the balance and the latest movements when it opens, the month-summary
 * machine the month's figures (both again when the tab comes back into view, e.g. after approving a MoMo payment
 * on the phone); the balance goes to the session, which the balance card shows.
 */
/**
 * The offer of a passkey (issue 26): shown when the browser can make one (what @simplewebauthn/browser checks, without
 * fetching it here), the user has none, and has not said 'Not now' on this browser.
 */
const livePasskeyOffer = passkeyOfferMachine.provide({
  actors: {
    shouldOffer: fromPromise(
      async ({ signal }) =>
        typeof window.PublicKeyCredential === 'function' &&
        !passkeyOfferStore.dismissed &&
        (await getPasskeys({ signal })).length === 0,
    ),
  },
  actions: {
    rememberDismissed: () => {
      passkeyOfferStore.dismissed = true;
    },
  },
});

export function DashboardHomeRoute() {
  const { session } = useAppActors();
  const wallet = useActorRef(walletMachine.provide(useLiveActors().wallet));
  const phoneVerification = usePhoneVerificationActor();
  const passkeyOffer = useActorRef(livePasskeyOffer);
  // The month of the day the panel opened (Ghana's time is UTC).
  const monthSummary = useActorRef(monthSummaryMachine.provide(useLiveActors().monthSummary), {
    input: { month: monthOf() },
  });
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      wallet.send({ type: 'REFRESH' });
      monthSummary.send({ type: 'REFRESH' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [wallet, monthSummary]);
  return (
    <DashboardHomeScreen
      session={session}
      wallet={wallet}
      phoneVerification={phoneVerification}
      monthSummary={monthSummary}
      passkeyOffer={passkeyOffer}
    />
  );
}
