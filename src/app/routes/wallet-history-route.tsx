import { useActorRef } from '@xstate/react';
import { walletHistoryMachine } from '../../machines/wallet-history.machine';
import { WalletHistoryPanel } from '../../screens/wallet-history-panel';
import { useLiveActors } from '../live-actors';

/** /Dashboard/walletHistory. */
export default function WalletHistoryRoute() {
  const actorRef = useActorRef(walletHistoryMachine.provide(useLiveActors().walletHistory));
  return <WalletHistoryPanel actorRef={actorRef} />;
}
