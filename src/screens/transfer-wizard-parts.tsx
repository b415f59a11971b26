/**
 * What both transfer screens (/SendMoney and /CrossBorderPayment) draw around their steps: the page while its
 * lists load or failed to, and the dialogs (add a beneficiary from '+', the beneficiary manager to choose one, the
 * receipt from View Receipt).
 */
import { useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { formSummary, quoteSummary } from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import type { Translate } from '../i18n/core';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog';
import { BeneficiaryManager } from './beneficiary-manager';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { Stepper } from './ui/stepper';
import { TransferSummaryPanel } from './transfer-summary';
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

export interface TransferDialogActions {
  addBeneficiary: () => void;
  chooseBeneficiary: () => void;
  viewReceipt: (referenceNumber: string) => void;
}

/**
 * A transfer screen's frame: the title, the step indicator at `step` (`page`'s), the step (while loading, the load step under
 * `heading`; else `renderStep`), the summary beside every page but the last, and the dialogs.
 */
export function TransferWizard({
  actorRef,
  receiptMachine,
  title,
  heading,
  steps,
  page,
  step = page,
  renderStep,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  receiptMachine: TransactionReceiptMachine;
  title: string;
  heading: string;
  steps: string[];
  page: number;
  /** The indicator's step for `page`, when a page is not the step of its position. */
  step?: number;
  renderStep: (actions: TransferDialogActions) => ReactNode;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { dialogs, ...actions } = useTransferDialogs(actorRef, receiptMachine);
  const { quote } = snapshot.context;
  const summary = quote ? quoteSummary(quote) : formSummary(snapshot.context);
  const last = page === steps.length - 1;
  return (
    <div className="wizard transfer-wizard">
      <h1 className="page-title">{title}</h1>
      <Stepper steps={steps} current={step} />
      <div className={last ? undefined : 'transfer-layout'}>
        <section className="card">
          {transferLoadStep(actorRef, snapshot, heading, t) ?? renderStep(actions)}
        </section>
        {last ? null : <TransferSummaryPanel summary={summary} />}
      </div>
      {dialogs}
    </div>
  );
}
