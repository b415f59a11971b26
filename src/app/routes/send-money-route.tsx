import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { transactionReceiptMachine } from '../../machines/transaction-receipt.machine';
import { transferMachine } from '../../machines/transfer.machine';
import { SendMoneyScreen } from '../../screens/send-money-screen';
import { useAppActors } from '../app-actors';
import { useLiveActors } from '../live-actors';
import { BeneficiaryActorsProvider } from './beneficiary-actors-provider';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';

function SendMoneyFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const { session } = useAppActors();
  const live = useLiveActors();
  const user = session.getSnapshot().context.auth?.user;
  const actorRef = useActorRef(transferMachine.provide(live.transfer), {
    input: {
      walletAmount,
      hasIdentification: user?.hasIdentification ?? false,
      ...(user ? { sendingCountryId: user.countryId } : {}),
    },
  });
  const receiptMachine = useMemo(() => transactionReceiptMachine.provide(live.transactionReceipt), [live]);
  return (
    <BeneficiaryActorsProvider>
      <SendMoneyScreen actorRef={actorRef} receiptMachine={receiptMachine} />
    </BeneficiaryActorsProvider>
  );
}

/** /SendMoney (and /sendmoney, the menu's link): the transfer wizard, behind the identity gate. */
export default gatedFlowRoute('sendMoney.title', withWalletBalance(SendMoneyFlow));
