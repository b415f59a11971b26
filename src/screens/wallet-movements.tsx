import type { WalletMovement, WalletOperationStatus } from '../contract/wallet';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { useDateTime } from './ui/date-time';

/** Spec section 2: 'pending' amber, 'Failed' red, anything else green; held for review (issue 25) is amber too. */
const statusTone = (status: WalletOperationStatus | string): 'pending' | 'failed' | 'success' =>
  status === 'pending' || status === 'review' ? 'pending' : status === 'Failed' ? 'failed' : 'success';

export function StatusBadge({ status }: { status: WalletOperationStatus }) {
  const { t } = useI18n();
  return <span className={`status status-${statusTone(status)}`}>{t(`status.${status}`)}</span>;
}

/** Credit: an up arrow in green; anything else a down arrow in red; the word is there for screen readers. */
export function Direction({ actionType }: { actionType: WalletMovement['actionType'] }) {
  const { t } = useI18n();
  const credit = actionType === 'Credit';
  return (
    <span className={`direction ${credit ? 'direction-credit' : 'direction-debit'}`}>
      <span aria-hidden="true">{credit ? '↑' : '↓'}</span>
      <span className="visually-hidden">{credit ? t('walletHistory.credit') : t('walletHistory.debit')}</span>
    </span>
  );
}

/**
 * What a row moved: the amount and the fee that went with it (transfers and bets charge 1%), so the rows add up to
 * the balance and the month chart.
 */
export const movedMinor = (row: { amount: number; fee: number }): number => row.amount + row.fee;

/** 'incl. fee GH₵ 2.00' under a figure that includes a fee; nothing without one. */
export function FeeNote({ feeMinor }: { feeMinor: number }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  return feeMinor > 0 ? (
    <span className="movement-fee muted">{t('history.inclFee', { fee: formatMoney(feeMinor) })}</span>
  ) : null;
}

/** The movement's amount (with its fee) as GH₵ with its direction arrow. */
export function MovementAmount({ row }: { row: WalletMovement }) {
  const { formatMoney } = useFormat();
  return (
    <span className="movement-amount">
      <Direction actionType={row.actionType} /> {formatMoney(movedMinor(row))} <FeeNote feeMinor={row.fee} />
    </span>
  );
}

/** A description in the reader's language, from the kind of operation and what may be shown of the other side. */
export const useMovementText = () => {
  const { t } = useI18n();
  const dateTime = useDateTime();
  return {
    description: (row: WalletMovement) =>
      t(`operation.${row.kind}`, { counterparty: row.counterparty }).trim(),
    date: (row: WalletMovement) => dateTime(row.date),
  };
};

/** The dashboard's Recent Activity: the latest movements as a list (a table would be too wide on a phone). */
export function MovementList({ rows }: { rows: readonly WalletMovement[] }) {
  const text = useMovementText();
  return (
    <ul className="movement-list">
      {rows.map((row) => (
        <li key={row.id}>
          <span>
            <span className="movement-description">{text.description(row)}</span>
            <br />
            <time className="muted" dateTime={row.date}>
              {text.date(row)}
            </time>
          </span>
          <span className="movement-figures">
            <MovementAmount row={row} />
            <br />
            <StatusBadge status={row.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}
