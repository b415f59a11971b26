import { useEffect, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { WalletOperationStatus } from '../contract/wallet';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { isMessageId, useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { useDateTime } from './ui/date-time';
import { ReceiptSummary, type ReceiptSummaryProps } from './ui/receipt-summary';
import { SummaryList, type SummaryRow } from './ui/summary-list';
import { StatusBadge } from './wallet-movements';
import { Skeleton } from './ui/skeleton';

/** While a receipt is open the body carries this class: the print stylesheet then prints the receipt alone. */
export const RECEIPT_OPEN_CLASS = 'receipt-open';

/**
 * A receipt modal ('Transaction Details', 'Betting Details'): it loads the operation by its reference number (a
 * failed load says why and offers Try again), shows its details, and prints or saves them as a PDF (the browser's
 * print dialog; the print stylesheet keeps the receipt alone on one page). Drawn at the end of the body, so
 * printing can leave the rest of the page out.
 */
export function ReceiptModal<Receipt>({
  machine,
  referenceNumber,
  title,
  onClose,
  details,
}: {
  /** The receipt machine, its loader provided by the app. */
  machine: ReceiptMachine<Receipt>;
  referenceNumber: string;
  title: string;
  onClose: () => void;
  details: (receipt: Receipt) => ReactNode;
}) {
  const { t } = useI18n();
  const actorRef = useActorRef(machine, { input: { referenceNumber } });
  const snapshot = useSelector(actorRef, (s) => s);
  const { receipt, error } = snapshot.context;

  useEffect(() => {
    document.body.classList.add(RECEIPT_OPEN_CLASS);
    return () => document.body.classList.remove(RECEIPT_OPEN_CLASS);
  }, []);

  return createPortal(
    <div className="receipt-portal">
      <Modal title={title} onClose={onClose}>
        <p className="receipt-brand">{t('app.name')}</p>
        {snapshot.matches('loading') ? <Skeleton label={t('receiptDetails.loading')} /> : null}
        {snapshot.matches('failed') && error ? (
          <Alert>
            {t(error)}{' '}
            <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
              {t('receiptDetails.retry')}
            </Button>
          </Alert>
        ) : null}
        {snapshot.matches('ready') && receipt ? details(receipt) : null}
        <div className="form-actions receipt-actions">
          {snapshot.matches('ready') ? (
            <Button onClick={() => window.print()}>{t('receiptDetails.print')}</Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t('receiptDetails.close')}
          </Button>
        </div>
      </Modal>
    </div>,
    document.body,
  );
}

/**
 * A receipt's body: the reference number, the figures (amount, fee, total), the detail rows, the status in its
 * colour and, when it failed, why.
 */
export function ReceiptDetails({
  referenceNumber,
  summary,
  rows,
  status,
  failureMessageId,
}: {
  referenceNumber: string;
  summary: ReceiptSummaryProps;
  rows: readonly SummaryRow[];
  status: WalletOperationStatus;
  failureMessageId: string | null;
}) {
  const { t } = useI18n();
  return (
    <div className="receipt-details">
      <p className="receipt-reference">
        {t('receiptDetails.referenceHeading', { reference: referenceNumber })}
      </p>
      <ReceiptSummary {...summary} />
      <SummaryList rows={[...rows, [t('receipt.status'), <StatusBadge key="status" status={status} />]]} />
      {status === 'Failed' && isMessageId(failureMessageId) ? (
        <p className="muted">{t(failureMessageId)}</p>
      ) : null}
    </div>
  );
}

/**
 * The modal of one kind of receipt, titled `title` and drawn by `Details`; nothing while no reference is open
 * (a new reference is a new modal, loading its own receipt).
 */
export const receiptModalOf = <Receipt,>(title: MessageId, Details: ComponentType<{ receipt: Receipt }>) =>
  function KindOfReceiptModal({
    machine,
    referenceNumber,
    onClose,
  }: {
    /** The receipt machine, its loader provided by the app. */
    machine: ReceiptMachine<Receipt>;
    /** The receipt open, else null. */
    referenceNumber: string | null;
    onClose: () => void;
  }) {
    const { t } = useI18n();
    if (referenceNumber === null) return null;
    return (
      <ReceiptModal
        key={referenceNumber}
        machine={machine}
        referenceNumber={referenceNumber}
        title={t(title)}
        onClose={onClose}
        details={(receipt) => <Details receipt={receipt} />}
      />
    );
  };

/** When a receipt's date cannot be read, it is shown as it came. */
export const useReceiptDate = useDateTime;
