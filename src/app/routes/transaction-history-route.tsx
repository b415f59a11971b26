import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { transactionHistoryMachine } from '../../machines/transaction-history.machine';
import { transactionReceiptMachine } from '../../machines/transaction-receipt.machine';
import { TransactionHistoryPanel } from '../../screens/transaction-history-panel';
import { useLiveActors } from '../live-actors';
import { DashboardHomeRoute } from './dashboard-routes';

/** The transaction history panel, its pages and receipts read through the live services. */
export function TransactionHistory() {
  const live = useLiveActors();
  const actorRef = useActorRef(transactionHistoryMachine.provide(live.transactionHistory));
  const receiptMachine = useMemo(() => transactionReceiptMachine.provide(live.transactionReceipt), [live]);
  return <TransactionHistoryPanel actorRef={actorRef} receiptMachine={receiptMachine} />;
}

/**
 * /Dashboard/transactionHistory, where /Dashboard leads (spec section 2): the dashboard's home (balance card,
 * recent activity, quick links) with the transaction history under it.
 */
export default function TransactionHistoryRoute() {
  return (
    <>
      <DashboardHomeRoute />
      <TransactionHistory />
    </>
  );
}
