import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { walletHistoryMachine } from '../../machines/wallet-history.machine';
import { getWalletHistoryPage } from '../../services/wallet';
import { WalletHistoryPanel } from '../../screens/wallet-history-panel';
import { useUserId } from '../use-user-id';

/** /Dashboard/walletHistory. */
export default function WalletHistoryRoute() {
  const userId = useUserId();
  const actorRef = useActorRef(
    walletHistoryMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => getWalletHistoryPage(userId, input, { signal })),
      },
    }),
  );
  return <WalletHistoryPanel actorRef={actorRef} />;
}
