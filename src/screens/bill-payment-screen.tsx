import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { BillingReceipt, BillInPesewas } from '../contract/billing';
import { BILL_PROCESSING_FEE_MINOR, isBillOverdue, referenceInputMode } from '../domain/billing';
import { todayIso } from '../domain/calendar';
import { debitedPaymentCheck, walletPaymentCheck } from '../domain/fees';
import {
  amountToPay,
  billPaymentStep,
  shownCompanies,
  type BillPaymentMachine,
} from '../machines/bill-payment.machine';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { BillingReceiptModal, useBillDay, useBillMonth } from './billing-receipt';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { ReceiptSummary } from './ui/receipt-summary';
import { TextField } from './ui/text-field';
import { firstViolationOf } from './ui/violations';
import { FailureMessage } from './ui/upgrade-link';
import { PaymentReview } from './ui/payment-review';
import { AgainRow, stepHeading, WizardFrame } from './wizard-parts';
import { Skeleton } from './ui/skeleton';

type BillActor = ActorRefFrom<BillPaymentMachine>;

/** Spec section 4: bill status 'Paid' is green, otherwise red. */
export function BillStatus({ status }: { status: string }) {
  return <span className={`status ${status === 'Paid' ? 'status-success' : 'status-failed'}`}>{status}</span>;
}

/** Step 1, 'Pay Bill': Back to the dashboard, 'Search companies', the companies opening their sub-companies. */
function MenuStep({ actorRef }: { actorRef: BillActor }) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { search, openCompanyId, subCompanies, error } = snapshot.context;
  const companies = shownCompanies(snapshot.context);
  const listId = useId();
  if (snapshot.matches({ menu: 'loadingCompanies' }))
    return (
      <>
        {stepHeading('menu', t('billPayment.payBill'))}
        <Skeleton label={t('billPayment.loadingCompanies')} shape="rows" />
      </>
    );
  return (
    <>
      <Link className="back-arrow" to="/Dashboard">
        <span aria-hidden="true">←</span> {t('billPayment.back')}
      </Link>
      {stepHeading('menu', t('billPayment.payBill'))}
      {snapshot.matches({ menu: 'companiesFailed' }) && error ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('billPayment.retry')}
          </Button>
        </Alert>
      ) : null}
      <TextField
        type="search"
        label={t('billPayment.search')}
        value={search}
        maxLength={64}
        autoComplete="off"
        aria-controls={listId}
        onValueChange={(text) => actorRef.send({ type: 'SEARCH', text })}
      />
      {snapshot.matches({ menu: 'browsing' }) && error ? <Alert>{t(error)}</Alert> : null}
      {snapshot.matches({ menu: 'companiesFailed' }) ? null : companies.length === 0 ? (
        <p className="empty" role="status">
          {t('billPayment.noResults')}
        </p>
      ) : (
        <ul id={listId} className="biller-list">
          {companies.map((company) => {
            const open = openCompanyId === company.id;
            const panelId = `${listId}-${company.id}`;
            const subs = subCompanies[company.id];
            return (
              <li key={company.id} className="biller">
                <button
                  type="button"
                  className="biller-company"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => actorRef.send({ type: 'TOGGLE_COMPANY', companyId: company.id })}
                >
                  {company.companyName}
                </button>
                {open ? (
                  <div id={panelId} className="biller-subcompanies">
                    {subs === undefined ? (
                      <p role="status">{t('billPayment.loading')}</p>
                    ) : subs.length === 0 ? (
                      <p className="empty">{t('billPayment.noSubCompanies')}</p>
                    ) : (
                      <ul>
                        {subs.map((subCompany) => (
                          <li key={subCompany.id}>
                            <Button
                              variant="secondary"
                              onClick={() => actorRef.send({ type: 'CHOOSE', subCompany })}
                            >
                              {subCompany.subCompanyName}
                            </Button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The Billing Details panel (spec section 2): Status, CustomerID, Customer Name, Bill Month, Due Date, Total Due. */
function BillingDetails({ bill, totalMinor }: { bill: BillInPesewas; totalMinor: number | null }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const month = useBillMonth();
  const day = useBillDay();
  const headingId = useId();
  return (
    <section className="billing-details" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('billPayment.details')}</h3>
      <dl className="summary">
        <div>
          <dt>{t('billPayment.status')}</dt>
          <dd>
            <BillStatus status={bill.status} />
          </dd>
        </div>
        <div>
          <dt>{t('billPayment.customerId')}</dt>
          <dd>{bill.customerId}</dd>
        </div>
        <div>
          <dt>{t('billPayment.customerName')}</dt>
          <dd>{bill.customerName}</dd>
        </div>
        <div>
          <dt>{t('billPayment.billMonth')}</dt>
          <dd>{month(bill.billMonth)}</dd>
        </div>
        <div>
          <dt>{t('billPayment.dueDate')}</dt>
          <dd>
            {day(bill.dueDate)}
            {/* Seen and read out: the words, not a colour alone (issue 23). */}
            {isBillOverdue(bill, todayIso()) ? (
              <>
                {' '}
                <strong className="status status-failed">{t('billPayment.overdue')}</strong>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('billPayment.totalDue')}</dt>
          <dd>{totalMinor === null ? '—' : formatMoney(totalMinor)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Step 2: the reference ('Enter {title}'), Next, then the Billing Details and Pay Bill. */
function CredentialsStep({ actorRef }: { actorRef: BillActor }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const snapshot = useSelector(actorRef, (s) => s);
  const { subCompany, reference, amount, violations, bill, error, failure, walletAmount } = snapshot.context;
  const referenceId = useId();
  const amountId = useId();
  if (!subCompany) return null;
  const lookingUp = snapshot.matches({ credentials: 'lookingUp' });
  const reviewing = snapshot.matches({ credentials: 'reviewing' });
  const paying =
    snapshot.matches({ credentials: 'paying' }) || snapshot.matches({ credentials: 'following' });
  const busy = lookingUp || paying;
  const referenceViolation = violations.find((violation) => violation.field === 'referenceNo');
  const amountError = firstViolationOf(violations, 'amount');
  const payable = bill !== null && (bill.prepaid || bill.totalBillDue > 0);
  const failureAlert = error ? (
    <Alert>
      <FailureMessage messageId={error} failure={failure} t={t} />
      {error === 'billing.insufficientFunds' ? (
        <>
          {' '}
          <Link to="/WalletTopUp">{t('billPayment.topUp')}</Link>
        </>
      ) : null}
    </Alert>
  ) : null;

  // The review (Pay Bill's next page) until the answer: Confirm pays.
  if (snapshot.hasTag('reviewPage') && bill) {
    const amountMinor = amountToPay(snapshot.context) ?? 0;
    // While the biller is followed the balance is the answer's, the total already held: derived from it once.
    const check = (snapshot.hasTag('debited') ? debitedPaymentCheck : walletPaymentCheck)(
      walletAmount,
      amountMinor,
      BILL_PROCESSING_FEE_MINOR,
    );
    return (
      <>
        <PaymentReview
          details={[
            [t('billingReceipt.biller'), subCompany.subCompanyName],
            [subCompany.title, reference],
            [t('billPayment.customerName'), bill.customerName],
          ]}
          check={check}
          amountMinor={amountMinor}
          busy={paying}
          busyLabel={t('billPayment.processing')}
          error={failureAlert}
          onConfirm={() => actorRef.send({ type: 'CONFIRM' })}
          onBack={() => actorRef.send({ type: 'BACK' })}
        />
        {snapshot.matches({ credentials: 'following' }) ? (
          <p role="status">{t('billPayment.waitingForBiller')}</p>
        ) : null}
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    actorRef.send({ type: bill ? 'PAY' : 'NEXT' });
    const first = actorRef.getSnapshot().context.violations[0];
    if (first)
      setTimeout(
        () => document.getElementById(first.field === 'amount' ? amountId : referenceId)?.focus(),
        0,
      );
  };

  return (
    <>
      {busy ? null : (
        <Button variant="link" className="back-arrow" onClick={() => actorRef.send({ type: 'BACK' })}>
          <span aria-hidden="true">←</span> {t('billPayment.backToMenu')}
        </Button>
      )}
      {stepHeading(
        'credentials',
        t('billPayment.credentialsHeading', {
          subCompany: subCompany.subCompanyName,
          company: subCompany.companyName,
        }),
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id={referenceId}
          label={t('billPayment.enter', { title: subCompany.title })}
          hint={t('billPayment.referenceHint', { min: subCompany.minLength, max: subCompany.maxLength })}
          value={reference}
          maxLength={subCompany.maxLength}
          inputMode={referenceInputMode(subCompany.regularExpression)}
          readOnly={bill !== null || busy}
          autoComplete="off"
          required
          error={referenceViolation ? t(referenceViolation.messageId, referenceViolation.values) : null}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE_REFERENCE', value })}
        />
        {bill ? (
          <>
            {bill.prepaid ? (
              <AmountField
                id={amountId}
                label={t('billPayment.amount')}
                value={amount}
                readOnly={paying}
                error={amountError ? t(amountError) : null}
                onValueChange={(value) => actorRef.send({ type: 'CHANGE_AMOUNT', value })}
              />
            ) : null}
            <BillingDetails bill={bill} totalMinor={amountToPay(snapshot.context)} />
            <p className="muted">{t('billPayment.balance', { balance: formatMoney(walletAmount) })}</p>
            {payable ? null : <Alert tone="info">{t('billing.alreadyPaid')}</Alert>}
          </>
        ) : null}
        {failureAlert}
        <div className="form-actions">
          {bill === null ? (
            <Button type="submit" busy={lookingUp} busyLabel={t('billPayment.loading')}>
              {t('billPayment.next')}
            </Button>
          ) : payable || paying ? (
            <Button
              type="submit"
              busy={paying}
              busyLabel={t('billPayment.processing')}
              disabled={!reviewing && !paying}
            >
              {t('billPayment.payBill')}
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** Step 3, 'Transaction Completed' (the send-money success parts): the payment summed up, View Receipt, again. */
function DoneStep({
  actorRef,
  onViewReceipt,
}: {
  actorRef: BillActor;
  onViewReceipt: (reference: string) => void;
}) {
  const { t } = useI18n();
  const { operation, onItsWay, walletAmount } = useSelector(actorRef, (s) => s.context);
  return (
    <>
      {stepHeading('done', t('billPayment.completed'))}
      <p className="lead">{t('sendMoney.easy')}</p>
      {onItsWay ? <Alert tone="info">{t('billPayment.onItsWay')}</Alert> : null}
      <ReceiptSummary
        reference={operation?.referenceNumber ?? null}
        amountMinor={operation?.amount ?? null}
        feeMinor={0}
        totalMinor={operation?.amount ?? null}
        status={operation?.status ?? null}
        balanceMinor={walletAmount}
      />
      {operation ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={() => onViewReceipt(operation.referenceNumber)}>
            {t('sendMoney.viewReceipt')}
          </Button>
        </div>
      ) : null}
      <AgainRow
        again={t('billPayment.again')}
        onAgain={() => actorRef.send({ type: 'AGAIN' })}
        toDashboard={t('sendMoney.toDashboard')}
      />
    </>
  );
}

/**
 * /BillPayment (spec section 2): the three steps Menu, Bill Credentials and Done under their indicator; the logic
 * is the bill payment machine's, this screen draws its state. View Receipt opens the payment's receipt.
 */
export function BillPaymentScreen({
  actorRef,
  receiptMachine,
}: {
  actorRef: BillActor;
  receiptMachine: ReceiptMachine<BillingReceipt>;
}) {
  const { t } = useI18n();
  const step = useSelector(actorRef, (s) => billPaymentStep(s));
  const [receipt, setReceipt] = useState<string | null>(null);
  return (
    <WizardFrame
      title={t('billPayment.title')}
      steps={[t('billPayment.stepMenu'), t('billPayment.stepCredentials'), t('billPayment.stepDone')]}
      current={step}
      over={
        receipt !== null ? (
          <BillingReceiptModal
            key={receipt}
            machine={receiptMachine}
            referenceNumber={receipt}
            onClose={() => setReceipt(null)}
          />
        ) : null
      }
    >
      {step === 0 ? <MenuStep actorRef={actorRef} /> : null}
      {step === 1 ? <CredentialsStep actorRef={actorRef} /> : null}
      {step === 2 ? <DoneStep actorRef={actorRef} onViewReceipt={setReceipt} /> : null}
    </WizardFrame>
  );
}
