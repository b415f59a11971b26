import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import type { MinorUnits } from '../../domain/money';
import { billPaymentMachine } from '../../machines/bill-payment.machine';
import { BillPaymentScreen } from '../../screens/bill-payment-screen';
import { useLiveActors } from '../live-actors';
import { billingReceiptMachine } from './billing-receipt-machine';
import { gatedFlowRoute } from './gated-flow';
import { withWalletBalance } from './with-wallet-balance';

function BillPaymentFlow({ walletAmount }: { walletAmount: MinorUnits }) {
  const live = useLiveActors();
  const actorRef = useActorRef(billPaymentMachine.provide(live.billPayment), { input: { walletAmount } });
  const receipt = useMemo(() => billingReceiptMachine.provide(live.billingReceipt), [live]);
  return <BillPaymentScreen actorRef={actorRef} receiptMachine={receipt} />;
}

/** /BillPayment: the bill payment wizard, behind the identity gate. */
export default gatedFlowRoute('billPayment.title', withWalletBalance(BillPaymentFlow));
