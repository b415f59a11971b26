import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';

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
        {snapshot.matches('loading') ? <p role="status">{t('receiptDetails.loading')}</p> : null}
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
