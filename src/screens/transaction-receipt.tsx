import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { TransactionReceipt } from '../contract/transfer';
import { formatCollectionCode } from '../domain/cross-border';
import { WALLET_CURRENCY } from '../domain/money';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { isMessageId, useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { ReceiptSummary } from './ui/receipt-summary';
import { useCurrencyFormat } from './transfer-summary';
import { StatusBadge } from './wallet-movements';

/** While a receipt is open the body carries this class: the print stylesheet then prints the receipt alone. */
export const RECEIPT_OPEN_CLASS = 'receipt-open';

/**
 * The detail fields of a transfer (spec section 3): date, sender, receiver (phone and account), country, the
 * transfer amount, fee and pay amount, what was received in which currency at which rate, purpose, delivery
 * method and the status in its colour, under the reference number.
 */
export function TransactionReceiptDetails({ receipt }: { receipt: TransactionReceipt }) {
  const { t, formatDate, formatMoney } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const date = new Date(receipt.sendDateTime);
  const rows: [label: string, value: string][] = [
    [
      t('receiptDetails.date'),
      Number.isNaN(date.getTime())
        ? receipt.sendDateTime
        : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
    [t('receiptDetails.direction'), t(`receiptDetails.${receipt.direction}`)],
    [t('receiptDetails.senderName'), receipt.senderName],
    [t('receiptDetails.senderPhone'), receipt.senderPhone],
    [t('receiptDetails.receiverName'), receipt.receiverName],
    [t('receiptDetails.receiverPhone'), receipt.receiverPhone],
    [t('receiptDetails.receiverAccount'), receipt.receiverAccount],
    [t('receiptDetails.country'), receipt.receiverCountry],
    [t('receiptDetails.receiveAmount'), currencyFormat(receipt.receiveAmount, receipt.currency)],
    [
      t('receiptDetails.rate'),
      t('transferSummary.rateLine', {
        from: WALLET_CURRENCY,
        rate: receipt.rate,
        currency: receipt.currency,
      }),
    ],
    [t('receiptDetails.purpose'), receipt.purpose],
    [t('receiptDetails.deliveryMethod'), receipt.deliveryMethod],
    [t('receiptDetails.paymentType'), receipt.paymentType],
    [t('transferSummary.discount'), receipt.couponDiscount > 0 ? formatMoney(receipt.couponDiscount) : ''],
    [
      t('crossBorder.collectionCode'),
      receipt.collectionCode ? formatCollectionCode(receipt.collectionCode) : '',
    ],
  ];
  return (
    <div className="receipt-details">
      <p className="receipt-reference">
        {t('receiptDetails.referenceHeading', { reference: receipt.referenceNumber })}
      </p>
      <ReceiptSummary
        amountMinor={receipt.transferAmount}
        amountLabel={t('receiptDetails.transferAmount')}
        feeMinor={receipt.processingFee}
        totalMinor={receipt.payAmount}
      />
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
            <StatusBadge status={receipt.status} />
          </dd>
        </div>
      </dl>
      {receipt.status === 'Failed' && isMessageId(receipt.failureMessageId) ? (
        <p className="muted">{t(receipt.failureMessageId)}</p>
      ) : null}
    </div>
  );
}

/**
 * The receipt modal 'Transaction Details': it loads the transfer by its reference number (a failed load says why
 * and offers Try again), shows its details, and prints or saves them as a PDF (the browser's print dialog; the
 * print stylesheet keeps the receipt alone on one page). Drawn at the end of the body, so printing can leave the
 * rest of the page out.
 */
export function TransactionReceiptModal({
  machine,
  referenceNumber,
  onClose,
}: {
  /** The receipt machine, its loader provided by the app. */
  machine: TransactionReceiptMachine;
  referenceNumber: string;
  onClose: () => void;
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
      <Modal title={t('receiptDetails.title')} onClose={onClose}>
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
        {snapshot.matches('ready') && receipt ? <TransactionReceiptDetails receipt={receipt} /> : null}
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
