import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { billingHistoryMachine } from '../../machines/billing-history.machine';
import { BillingHistoryPanel } from '../../screens/billing-history-panel';
import { useLiveActors } from '../live-actors';
import { billingReceiptMachine } from './billing-receipt-machine';

/** /Dashboard/billHistory: the billing history, its pages and receipts read through the live services. */
export default function BillingHistoryRoute() {
  const live = useLiveActors();
  const actorRef = useActorRef(billingHistoryMachine.provide(live.billingHistory));
  const receipt = useMemo(() => billingReceiptMachine.provide(live.billingReceipt), [live]);
  return <BillingHistoryPanel actorRef={actorRef} receiptMachine={receipt} />;
}
