import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TransferMachine } from '../machines/transfer.machine';
import { useI18n } from '../i18n/i18n';
import { SuccessStep } from './success-step';

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
    <SuccessStep
      heading={heading}
      notice={onItsWay ? (onItsWayNote ?? t('sendMoney.onItsWay')) : null}
      summary={{
        reference: operation?.referenceNumber ?? null,
        amountMinor: quote?.sendAmount ?? null,
        feeMinor: quote?.processingFee ?? null,
        totalMinor: quote?.totalPay ?? null,
        status: operation?.status ?? null,
        balanceMinor: walletAmount,
      }}
      onViewReceipt={onViewReceipt}
      againLabel={t('sendMoney.sendAnother')}
      onAgain={() => actorRef.send({ type: 'AGAIN' })}
    >
      {children}
    </SuccessStep>
  );
}
