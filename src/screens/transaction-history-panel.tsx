import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { TransactionHistoryMachine } from '../machines/transaction-history.machine';
import type { TransactionMovement } from '../contract/transfer';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { PagedHistory, ReferenceButton } from './paged-history';
import { TransactionReceiptModal } from './transaction-receipt';
import { useCurrencyFormat } from './transfer-summary';
import { FeeNote, StatusBadge } from './wallet-movements';

/** A row's amount: what was sent (GHS), or for a transfer received what arrived, marked as received. */
function TransferAmount({ row }: { row: TransactionMovement }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const currencyFormat = useCurrencyFormat();
  if (row.direction === 'sent')
    return (
      <>
        {formatMoney(row.sendAmount + row.fee)} <FeeNote feeMinor={row.fee} />
      </>
    );
  return (
    <span className="movement-amount">
      <span className="direction direction-credit" aria-hidden="true">
        ↑
      </span>{' '}
      {currencyFormat(row.receiveAmount, row.currency)}{' '}
      <span className="received-tag">{t('transactionHistory.received')}</span>
    </span>
  );
}

/**
 * The transaction history (/Dashboard/transactionHistory, the dashboard's index; spec section 2 "Histories"): the
 * Filter menu of the four histories, a search on sender, receiver or reference (asked once typing pauses), five
 * transfers a page with 'Showing x-y of n' and Previous / Next, each row's status in its colour and transfers
 * received marked; a row opens its receipt, 'Transaction Details'.
 */
export function TransactionHistoryPanel({
  actorRef,
  receiptMachine,
}: {
  actorRef: ActorRefFrom<TransactionHistoryMachine>;
  receiptMachine: TransactionReceiptMachine;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const currencyFormat = useCurrencyFormat();
  const titleId = useId();
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <PagedHistory<TransactionMovement>
      screen="transactionHistory"
      className="transaction-history"
      actorRef={actorRef}
      labelledBy={titleId}
      heading={<h2 id={titleId}>{t('transactionHistory.title')}</h2>}
      rowProps={(row) => ({
        className: row.direction === 'received' ? 'history-row history-row-received' : 'history-row',
        onClick: () => setReceipt(row.referenceNumber),
      })}
      card={(row) =>
        row.direction === 'received'
          ? {
              direction: 'in',
              amount: currencyFormat(row.receiveAmount, row.currency),
              counterparty: row.senderName,
              date: row.date,
              status: row.status,
            }
          : {
              direction: 'out',
              amount: formatMoney(row.sendAmount + row.fee),
              feeMinor: row.fee,
              counterparty: row.receiverName,
              date: row.date,
              status: row.status,
            }
      }
      columns={[
        { header: t('transactionHistory.sender'), cell: (row) => row.senderName },
        { header: t('transactionHistory.receiver'), cell: (row) => row.receiverName },
        {
          header: t('transactionHistory.reference'),
          cell: (row) => (
            <ReferenceButton
              reference={row.referenceNumber}
              label={t('transactionHistory.openReceipt', { reference: row.referenceNumber })}
              onOpen={setReceipt}
            />
          ),
        },
        { header: t('transactionHistory.amount'), cell: (row) => <TransferAmount row={row} /> },
        { header: t('transactionHistory.status'), cell: (row) => <StatusBadge status={row.status} /> },
      ]}
    >
      <TransactionReceiptModal
        machine={receiptMachine}
        referenceNumber={receipt}
        onClose={() => setReceipt(null)}
      />
    </PagedHistory>
  );
}
