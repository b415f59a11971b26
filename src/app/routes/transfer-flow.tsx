import { useMemo, type ComponentType } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '../../i18n/en';
import type { MinorUnits } from '../../domain/money';
import {
  transactionReceiptMachine,
  type TransactionReceiptMachine,
} from '../../machines/transaction-receipt.machine';
import { transferMachine, type TransferMachine } from '../../machines/transfer.machine';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { BeneficiaryActorsProvider } from './beneficiary-actors-provider';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';

export type TransferScreen = ComponentType<{
  actorRef: ActorRefFrom<TransferMachine>;
  receiptMachine: TransactionReceiptMachine;
}>;

/**
 * A transfer page's route (its default export): one transfer machine, in the presentation `crossBorder` says, on
 * the live services, behind the identity gate, started once the balance is read; `Screen` draws it.
 */
export const transferFlowRoute = (title: MessageId, Screen: TransferScreen, crossBorder: boolean) => {
  function TransferFlow({ walletAmount }: { walletAmount: MinorUnits }) {
    const { session } = useAppActors();
    const live = useLiveActors();
    const user = session.getSnapshot().context.auth?.user;
    const actorRef = useActorRef(transferMachine.provide(live.transfer), {
      input: {
        walletAmount,
        hasIdentification: user?.hasIdentification ?? false,
        crossBorder,
        ...(user ? { sendingCountryId: user.countryId } : {}),
      },
    });
    const receiptMachine = useMemo(() => transactionReceiptMachine.provide(live.transactionReceipt), [live]);
    return (
      <BeneficiaryActorsProvider>
        <Screen actorRef={actorRef} receiptMachine={receiptMachine} />
      </BeneficiaryActorsProvider>
    );
  }
  return gatedFlowRoute(title, withWalletBalance(TransferFlow));
};
