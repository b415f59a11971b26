import { useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import {
  transactionHistoryPage,
  type TransactionHistoryMachine,
} from '../machines/transaction-history.machine';
import type { TransactionMovement } from '../contract/transfer';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { HistoryFilterMenu } from './history-filter-menu';
import { TransactionReceiptModal } from './transaction-receipt';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { HistoryTable } from './ui/history-table';
import { TextField } from './ui/text-field';
import { useCurrencyFormat } from './transfer-summary';
import { StatusBadge } from './wallet-movements';

/** A row's amount: what was sent (GHS), or for a transfer received what arrived, marked as received. */
function TransferAmount({ row }: { row: TransactionMovement }) {
  const { t, formatMoney } = useI18n();
  const currencyFormat = useCurrencyFormat();
  if (row.direction === 'sent') return <>{formatMoney(row.sendAmount)}</>;
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
  const titleId = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { rows, error, search } = snapshot.context;
  const [searchText, setSearchText] = useState(search ?? '');
  const [receipt, setReceipt] = useState<string | null>(null);
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failed');
  // While a neighbouring page loads, or a search waits for typing to pause, the current rows stay shown.
  const turning = snapshot.matches('loadingPage') || snapshot.matches('searching');
  const shownRows = snapshot.matches('ready') || turning;
  const shown = transactionHistoryPage(snapshot.context);

  return (
    <section className="card transaction-history" aria-labelledby={titleId}>
      <div className="history-header">
        <h2 id={titleId}>{t('transactionHistory.title')}</h2>
        <HistoryFilterMenu />
      </div>
      <TextField
        className="history-search"
        type="search"
        label={t('transactionHistory.search')}
        value={searchText}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoComplete="off"
        onValueChange={(text) => {
          setSearchText(text);
          actorRef.send({ type: 'SEARCH', text });
        }}
      />
      {loading ? <p role="status">{t('transactionHistory.loading')}</p> : null}
      {failed && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('transactionHistory.retry')}
          </Button>
        </Alert>
      ) : null}
      {snapshot.matches('ready') && rows.length === 0 ? (
        <p className="empty">
          {t(search === undefined ? 'transactionHistory.empty' : 'transactionHistory.noMatch')}
        </p>
      ) : null}
      {shownRows && rows.length > 0 ? (
        <>
          <HistoryTable
            caption={t('transactionHistory.caption')}
            columns={[
              t('transactionHistory.sender'),
              t('transactionHistory.receiver'),
              t('transactionHistory.reference'),
              t('transactionHistory.amount'),
              t('transactionHistory.status'),
            ]}
            busy={turning}
            window={shown.window}
            onPrevious={() => actorRef.send({ type: 'PREVIOUS' })}
            onNext={() => actorRef.send({ type: 'NEXT' })}
          >
            {shown.rows.map((row) => (
              <tr
                key={row.id}
                className={row.direction === 'received' ? 'history-row history-row-received' : 'history-row'}
                onClick={() => setReceipt(row.referenceNumber)}
              >
                <td>{row.senderName}</td>
                <td>{row.receiverName}</td>
                <td>
                  {/* The keyboard's way to the receipt; a click anywhere on the row opens it too. */}
                  <button
                    type="button"
                    className="button-link"
                    aria-label={t('transactionHistory.openReceipt', { reference: row.referenceNumber })}
                    onClick={(event) => {
                      event.stopPropagation();
                      setReceipt(row.referenceNumber);
                    }}
                  >
                    {row.referenceNumber}
                  </button>
                </td>
                <td>
                  <TransferAmount row={row} />
                </td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
              </tr>
            ))}
          </HistoryTable>
        </>
      ) : null}
      {snapshot.matches('ready') ? (
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'REFRESH' })}>
          {t('transactionHistory.refresh')}
        </Button>
      ) : null}
      {receipt !== null ? (
        <TransactionReceiptModal
          key={receipt}
          machine={receiptMachine}
          referenceNumber={receipt}
          onClose={() => setReceipt(null)}
        />
      ) : null}
    </section>
  );
}
