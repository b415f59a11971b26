import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BettingMovement } from '../contract/betting';
import type { BettingHistoryMachine } from '../machines/betting-history.machine';
import type { BettingReceiptMachine } from '../machines/betting-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { BettingReceiptModal } from './betting-receipt';
import { FocusHeading } from './ui/focus-heading';
import { PagedHistory, ReferenceButton } from './paged-history';
import { StatusBadge } from './wallet-movements';

/**
 * The betting history (/Dashboard/bettingHistory; spec section 2 "Histories"): the Filter menu of the four
 * histories, a search by reference number (asked once typing pauses), five bets a page with 'Showing x-y of n'
 * and Previous / Next, the columns sender, payment method, reference number, amount and status in its colour; a
 * row opens its 'Betting Details'.
 */
export function BettingHistoryPanel({
  actorRef,
  receiptMachine,
}: {
  actorRef: ActorRefFrom<BettingHistoryMachine>;
  receiptMachine: BettingReceiptMachine;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <PagedHistory<BettingMovement>
      screen="bettingHistory"
      className="betting-history"
      actorRef={actorRef}
      heading={<FocusHeading>{t('bettingHistory.title')}</FocusHeading>}
      rowProps={(row) => ({ className: 'history-row', onClick: () => setReceipt(row.referenceNumber) })}
      card={(row) => ({
        direction: 'out',
        amount: formatMoney(row.sendAmount),
        counterparty: row.operatorName,
        date: row.date,
        status: row.status,
      })}
      columns={[
        { header: t('bettingHistory.sender'), cell: (row) => row.senderName },
        { header: t('bettingHistory.paymentMethod'), cell: (row) => row.paymentMethod },
        {
          header: t('bettingHistory.reference'),
          cell: (row) => (
            <ReferenceButton
              reference={row.referenceNumber}
              label={t('bettingHistory.openDetails', { reference: row.referenceNumber })}
              onOpen={setReceipt}
            />
          ),
        },
        { header: t('bettingHistory.amount'), cell: (row) => formatMoney(row.sendAmount) },
        { header: t('bettingHistory.status'), cell: (row) => <StatusBadge status={row.status} /> },
      ]}
    >
      <BettingReceiptModal
        machine={receiptMachine}
        referenceNumber={receipt}
        onClose={() => setReceipt(null)}
      />
    </PagedHistory>
  );
}
