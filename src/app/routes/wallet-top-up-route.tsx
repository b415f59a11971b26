import { useActorRef } from '@xstate/react';
import { topUpMachine } from '../../machines/top-up.machine';
import { IdentityGate } from '../../screens/identity-gate';
import { WalletTopUpScreen } from '../../screens/wallet-top-up-screen';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';

function TopUpFlow() {
  const actorRef = useActorRef(topUpMachine.provide(useLiveActors().topUp), { input: {} });
  return <WalletTopUpScreen actorRef={actorRef} />;
}

/** /WalletTopUp and /Dashboard/walletTopUp: the top-up wizard, behind the identity gate. */
export default function WalletTopUpRoute() {
  const { session } = useAppActors();
  return (
    <IdentityGate session={session} title="topUpScreen.title">
      <TopUpFlow />
    </IdentityGate>
  );
}
