import type { ActorRefFrom } from 'xstate';
import type { WalletHistoryMachine } from '../machines/wallet-history.machine';
import type { WalletMovement } from '../contract/wallet';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { FocusHeading } from './ui/focus-heading';
import { PagedHistory } from './paged-history';
import { MovementAmount, movedMinor, StatusBadge, useMovementText } from './wallet-movements';

/**
 * /Dashboard/walletHistory: every movement of the wallet, five per page loaded from the server, with the Filter menu
 * of the histories and a search box (the machine asks the server once typing pauses).
 */
export function WalletHistoryPanel({ actorRef }: { actorRef: ActorRefFrom<WalletHistoryMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const text = useMovementText();
  return (
    <PagedHistory<WalletMovement>
      screen="walletHistory"
      className="wallet-history"
      actorRef={actorRef}
      heading={<FocusHeading>{t('walletHistory.title')}</FocusHeading>}
      card={(row) => ({
        direction: row.actionType === 'Credit' ? 'in' : 'out',
        amount: formatMoney(movedMinor(row)),
        feeMinor: row.fee,
        counterparty: text.description(row),
        date: row.date,
        status: row.status,
      })}
      columns={[
        { header: t('walletHistory.amount'), cell: (row) => <MovementAmount row={row} /> },
        { header: t('walletHistory.description'), cell: (row) => text.description(row) },
        { header: t('walletHistory.status'), cell: (row) => <StatusBadge status={row.status} /> },
        { header: t('walletHistory.reference'), cell: (row) => row.referenceNumber },
        {
          header: t('walletHistory.date'),
          cell: (row) => <time dateTime={row.date}>{text.date(row)}</time>,
        },
      ]}
    />
  );
}
