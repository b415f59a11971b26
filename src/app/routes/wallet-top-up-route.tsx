import { useActorRef } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { topUpMachine } from '../../machines/top-up.machine';
import { WalletTopUpScreen } from '../../screens/wallet-top-up-screen';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';

function TopUpFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const actorRef = useActorRef(topUpMachine.provide(useLiveActors().topUp), { input: { walletAmount } });
  return <WalletTopUpScreen actorRef={actorRef} />;
}

/** /WalletTopUp and /Dashboard/walletTopUp: the top-up wizard, behind the identity gate. */
export default gatedFlowRoute('topUpScreen.title', withWalletBalance(TopUpFlow));
