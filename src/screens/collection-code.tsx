import { useActorRef, useSelector } from '@xstate/react';
import { formatCollectionCode } from '../domain/cross-border';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';

/**
 * A cash pick-up's collection code on 'Transaction Completed': read from the transfer's receipt (the contract puts
 * it there once the transfer is paid), with the message that tells the sender how the recipient collects.
 */
export function CollectionCode({
  machine,
  referenceNumber,
}: {
  machine: TransactionReceiptMachine;
  referenceNumber: string;
}) {
  const { t } = useI18n();
  const actorRef = useActorRef(machine, { input: { referenceNumber } });
  const code = useSelector(actorRef, (s) => s.context.receipt?.collectionCode ?? null);
  if (!code) return null;
  return (
    <div className="collection-code">
      <dl className="summary">
        <div>
          <dt>{t('crossBorder.collectionCode')}</dt>
          <dd>{formatCollectionCode(code)}</dd>
        </div>
      </dl>
      <p className="muted">{t('crossBorder.cashPickupReady', { code: formatCollectionCode(code) })}</p>
    </div>
  );
}
