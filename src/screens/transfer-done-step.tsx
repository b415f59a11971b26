import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TransferMachine } from '../machines/transfer.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { ReceiptSummary } from './ui/receipt-summary';
import { stepHeading } from './wizard-parts';

/**
 * The success screen (spec section 2): 'Thank you!', "Wasn't that easy?", the reference number, View Receipt,
 * Send Another and the way to the dashboard. A payout still on its way says so.
 */
export function TransferDoneStep({
  actorRef,
  onViewReceipt,
  heading,
  onItsWayNote,
  children,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  onViewReceipt: (referenceNumber: string) => void;
  /** The page's own title ('Transaction Completed' on /CrossBorderPayment), above 'Thank you!'. */
  heading?: string;
  /** What a transfer still pending at the end of the wait says (the payout on its way by default). */
  onItsWayNote?: string;
  /** Shown under the summary (the cash pick-up collection code). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const { quote, operation, onItsWay, walletAmount } = useSelector(actorRef, (s) => s.context);
  return (
    <>
      {stepHeading('done', heading ?? t('sendMoney.thankYou'))}
      {heading ? <p className="lead">{t('sendMoney.thankYou')}</p> : null}
      <p className="lead">{t('sendMoney.easy')}</p>
      {onItsWay ? <Alert tone="info">{onItsWayNote ?? t('sendMoney.onItsWay')}</Alert> : null}
      <ReceiptSummary
        reference={operation?.referenceNumber ?? null}
        amountMinor={quote?.sendAmount ?? null}
        feeMinor={quote?.processingFee ?? null}
        totalMinor={quote?.totalPay ?? null}
        status={operation?.status ?? null}
        balanceMinor={walletAmount}
      />
      {children}
      <div className="form-actions">
        {operation ? (
          <Button onClick={() => onViewReceipt(operation.referenceNumber)}>
            {t('sendMoney.viewReceipt')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'AGAIN' })}>
          {t('sendMoney.sendAnother')}
        </Button>
        <Link className="button button-secondary" to="/Dashboard">
          {t('sendMoney.toDashboard')}
        </Link>
      </div>
    </>
  );
}
