import { useActorRef } from '@xstate/react';
import { topUpMachine } from '../../machines/top-up.machine';
import { WalletTopUpScreen } from '../../screens/wallet-top-up-screen';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';

function TopUpFlow() {
  const actorRef = useActorRef(topUpMachine.provide(useLiveActors().topUp), { input: {} });
  return <WalletTopUpScreen actorRef={actorRef} />;
}

/** /WalletTopUp and /Dashboard/walletTopUp: the top-up wizard, behind the identity gate. */
export default gatedFlowRoute('topUpScreen.title', TopUpFlow);
