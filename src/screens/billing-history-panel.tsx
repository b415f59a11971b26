import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BillingMovement, BillingReceipt } from '../contract/billing';
import type { BillingHistoryMachine } from '../machines/billing-history.machine';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { BillingReceiptModal } from './billing-receipt';
import { PagedHistory, ReferenceButton } from './paged-history';
import { FocusHeading } from './ui/focus-heading';
import { StatusBadge } from './wallet-movements';

/**
 * The billing history (/Dashboard/billHistory; spec section 2 "Histories"): titled 'Billing History' as its menu
 * entry is (issue 23: the spec's 'Transaction History' gave two pages one heading), the Filter menu, 'Search By Reference Number', five payments a page (Sender, Reference #, Total Payment, Status),
 * 'Loading Billing history...', 'No Billing History Found'; a row opens its receipt (with a prepaid token).
 */
export function BillingHistoryPanel({
  actorRef,
  receiptMachine,
}: {
  actorRef: ActorRefFrom<BillingHistoryMachine>;
  receiptMachine: ReceiptMachine<BillingReceipt>;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <PagedHistory<BillingMovement>
      screen="billingHistory"
      className="billing-history"
      actorRef={actorRef}
      heading={<FocusHeading>{t('billingHistory.title')}</FocusHeading>}
      rowProps={(row) => ({ className: 'history-row', onClick: () => setReceipt(row.referenceNumber) })}
      card={(row) => ({
        direction: 'out',
        amount: formatMoney(row.sendAmount),
        counterparty: row.subCompanyName || row.companyName,
        date: row.date,
        status: row.status,
      })}
      columns={[
        { header: t('billingHistory.sender'), cell: (row) => row.senderName },
        {
          header: t('billingHistory.reference'),
          cell: (row) => (
            <ReferenceButton
              reference={row.referenceNumber}
              label={t('billingHistory.openReceipt', { reference: row.referenceNumber })}
              onOpen={setReceipt}
            />
          ),
        },
        { header: t('billingHistory.total'), cell: (row) => formatMoney(row.sendAmount) },
        { header: t('billingHistory.status'), cell: (row) => <StatusBadge status={row.status} /> },
      ]}
    >
      {receipt !== null ? (
        <BillingReceiptModal
          key={receipt}
          machine={receiptMachine}
          referenceNumber={receipt}
          onClose={() => setReceipt(null)}
        />
      ) : null}
    </PagedHistory>
  );
}
