import { useActorRef } from '@xstate/react';
import { withdrawalMachine } from '../../machines/withdrawal.machine';
import { WithdrawalScreen } from '../../screens/withdrawal-screen';
import { useLiveActors } from '../live-actors';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';
import type { MinorUnits } from '../../domain/money';

function WithdrawalFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const actorRef = useActorRef(withdrawalMachine.provide(useLiveActors().withdrawal), {
    input: { walletAmount },
  });
  return <WithdrawalScreen actorRef={actorRef} />;
}

/** /Withdrawal: the withdrawal wizard, behind the identity gate. */
export default gatedFlowRoute('withdrawalScreen.title', withWalletBalance(WithdrawalFlow));
