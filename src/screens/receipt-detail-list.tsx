import type { WalletOperationStatus } from '../contract/wallet';
import { isMessageId, useI18n } from '../i18n/i18n';
import { StatusBadge } from './wallet-movements';

/**
 * A receipt's labelled details (rows with no value left out), its status in its colour, and why it failed when it
 * did: the end of every receipt (a transfer's, a bill payment's).
 */
export function ReceiptDetailList({
  rows,
  status,
  failureMessageId,
}: {
  rows: readonly (readonly [label: string, value: string])[];
  status: WalletOperationStatus;
  failureMessageId: string | null;
}) {
  const { t } = useI18n();
  return (
    <>
      <dl className="summary">
        {rows.map(([label, value]) =>
          value === '' ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
        <div>
          <dt>{t('receipt.status')}</dt>
          <dd>
            <StatusBadge status={status} />
          </dd>
        </div>
      </dl>
      {status === 'Failed' && isMessageId(failureMessageId) ? (
        <p className="muted">{t(failureMessageId)}</p>
      ) : null}
    </>
  );
}
