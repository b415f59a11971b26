/**
 * What both transfer screens (/SendMoney and /CrossBorderPayment) draw around their steps: the page while its
 * lists load or failed to, and the dialogs (add a beneficiary from '+', the beneficiary manager to choose one, the
 * receipt from View Receipt).
 */
import { useState, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import type { Translate } from '../i18n/core';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog';
import { BeneficiaryManager } from './beneficiary-manager';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { TransactionReceiptModal } from './transaction-receipt';
import { stepHeading } from './wizard-parts';

/** The step while the page's lists load ('Loading...') or after one failed (its message and Try again); else null. */
export const transferLoadStep = (
  actorRef: ActorRefFrom<TransferMachine>,
  snapshot: SnapshotFrom<TransferMachine>,
  heading: string,
  t: Translate,
): ReactNode => {
  if (snapshot.matches('loading') || snapshot.matches('loadingMethods')) {
    return (
      <>
        {stepHeading('loading', heading)}
        <p role="status">{t('sendMoney.loading')}</p>
      </>
    );
  }
  if (snapshot.matches('loadFailed')) {
    const { error } = snapshot.context;
    return (
      <>
        {stepHeading('loadFailed', heading)}
        <Alert>
          {error ? t(error) : null}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('sendMoney.retry')}
          </Button>
        </Alert>
      </>
    );
  }
  return null;
};

/**
 * The transfer's dialogs: `addBeneficiary()` opens Add Beneficiary (a beneficiary saved there is selected),
 * `chooseBeneficiary()` the manager (a row chosen there is selected), `viewReceipt(reference)` the receipt;
 * `dialogs` draws whichever is open.
 */
export const useTransferDialogs = (
  actorRef: ActorRefFrom<TransferMachine>,
  receiptMachine: TransactionReceiptMachine,
) => {
  const { t } = useI18n();
  const [adding, setAdding] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  const dialogs = (
    <>
      <AddBeneficiaryDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(beneficiary) => actorRef.send({ type: 'BENEFICIARY_ADDED', beneficiary })}
      />
      {choosing ? (
        <Modal title={t('sendMoney.chooseBeneficiary')} onClose={() => setChoosing(false)}>
          <BeneficiaryManager
            headingLevel={2}
            onSelect={(beneficiary) => {
              // The manager's copy is the newest (it may have been edited there): it replaces the select's.
              actorRef.send({ type: 'BENEFICIARY_ADDED', beneficiary });
              setChoosing(false);
            }}
          />
        </Modal>
      ) : null}
      {receipt !== null ? (
        <TransactionReceiptModal
          key={receipt}
          machine={receiptMachine}
          referenceNumber={receipt}
          onClose={() => setReceipt(null)}
        />
      ) : null}
    </>
  );
  return {
    addBeneficiary: () => setAdding(true),
    chooseBeneficiary: () => setChoosing(true),
    viewReceipt: (referenceNumber: string) => setReceipt(referenceNumber),
    dialogs,
  };
};
