import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { BettingField } from '../domain/betting';
import type { BettingReceipt } from '../contract/betting';
import { bettingAccountOf, bettingFigures, type BettingFormField } from '../machines/betting.form';
import { bettingPage, type BettingMachine } from '../machines/betting.machine';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { BettingReceiptModal } from './betting-receipt';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { SummaryList } from './ui/summary-list';
import { SelectField } from './ui/select-field';
import { Stepper } from './ui/stepper';
import { TextField } from './ui/text-field';
import { focusFirstInvalid } from './ui/violations';
import { SuccessStep } from './success-step';
import { UpgradeLink } from './ui/upgrade-link';
import { WalletPaymentCard } from './wallet-payment-card';
import { stepHeading } from './wizard-parts';

type BettingActor = ActorRefFrom<BettingMachine>;

/** The fields drawn as inputs: their rule shows under them; the identification's above Next. */
const INPUT_FIELDS: readonly BettingField[] = ['operatorId', 'bettingNo', 'receiverPhoneNo', 'sendAmount'];

/** The wiring of the form now shown: each field's id and first error, its changes, and the submit. */
const useBettingForm = (actorRef: BettingActor) => {
  const { t } = useI18n();
  const id = useId();
  const violations = useSelector(actorRef, (s) => s.context.violations);
  const first = violations[0] ?? null;
  const fieldId = (field: BettingField) => `${id}-${field}`;
  return {
    fieldId,
    fieldError: (field: BettingField) =>
      first && first.field === field ? t(first.messageId, first.values) : null,
    violations,
    formAlert: first && !INPUT_FIELDS.includes(first.field) ? t(first.messageId) : null,
    change: (field: BettingFormField) => (value: string) => actorRef.send({ type: 'CHANGE', field, value }),
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      actorRef.send({ type: 'SUBMIT' });
      const shown = actorRef.getSnapshot().context.violations.slice(0, 1);
      focusFirstInvalid(
        shown.filter((violation) => INPUT_FIELDS.includes(violation.field)),
        fieldId,
      );
    },
  };
};

/** The amount, the 1% fee and the total, shown before paying (spec: fee and total first). */
function BettingFigures({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const figures = useSelector(actorRef, (s) => bettingFigures(s.context));
  return (
    <SummaryList
      className="betting-figures"
      live
      rows={[
        [t('betting.figureAmount'), formatMoney(figures.sendMinor)],
        [t('betting.figureFee'), formatMoney(figures.feeMinor)],
        [t('betting.figureTotal'), formatMoney(figures.totalMinor)],
      ]}
    />
  );
}

/** Whose betting account is paid: the operator, the betting number and the account's phone. */
function BettingAccount({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const account = useSelector(actorRef, (s) => bettingAccountOf(s.context));
  return (
    <SummaryList
      className="betting-account"
      rows={[
        [t('betting.operator'), account.operatorName],
        [t('betting.bettingNo'), account.bettingNo],
        [t('betting.receiverPhoneNo'), account.receiverPhoneNo],
      ]}
    />
  );
}

/** The amount, then the fee and total it makes, the form's own message, and Next. */
function AmountAndNext({
  actorRef,
  wiring,
}: {
  actorRef: BettingActor;
  wiring: ReturnType<typeof useBettingForm>;
}) {
  const { t } = useI18n();
  const sendAmount = useSelector(actorRef, (s) => s.context.form.sendAmount);
  return (
    <>
      <AmountField
        id={wiring.fieldId('sendAmount')}
        label={t('betting.amount')}
        value={sendAmount}
        error={wiring.fieldError('sendAmount')}
        onValueChange={wiring.change('sendAmount')}
      />
      <BettingFigures actorRef={actorRef} />
      <UpgradeLink violations={wiring.violations} t={t} />
      {wiring.formAlert ? <Alert>{wiring.formAlert}</Alert> : null}
      <div className="form-actions">
        <Button type="submit">{t('betting.next')}</Button>
      </div>
    </>
  );
}

/** Details: the operator, the betting number, the account's phone and the amount, with the fee and total. */
function BettingDetailsStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const { form, operators } = useSelector(actorRef, (s) => s.context);
  const wiring = useBettingForm(actorRef);
  return (
    <form className="form" noValidate onSubmit={wiring.onSubmit}>
      {stepHeading('details', t('betting.detailsHeading'))}
      <SelectField
        id={wiring.fieldId('operatorId')}
        label={t('betting.operator')}
        required
        value={form.operatorId > 0 ? String(form.operatorId) : ''}
        options={[
          { value: '', label: t('betting.selectOperator') },
          ...operators.map((operator) => ({ value: String(operator.id), label: operator.name })),
        ]}
        error={wiring.fieldError('operatorId')}
        onValueChange={wiring.change('operatorId')}
      />
      <TextField
        id={wiring.fieldId('bettingNo')}
        label={t('betting.bettingNo')}
        hint={t('betting.bettingNoHint')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={form.bettingNo}
        error={wiring.fieldError('bettingNo')}
        onValueChange={wiring.change('bettingNo')}
      />
      <TextField
        id={wiring.fieldId('receiverPhoneNo')}
        label={t('betting.receiverPhoneNo')}
        hint={t('betting.receiverPhoneHint')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        required
        value={form.receiverPhoneNo}
        error={wiring.fieldError('receiverPhoneNo')}
        onValueChange={wiring.change('receiverPhoneNo')}
      />
      <AmountAndNext actorRef={actorRef} wiring={wiring} />
    </form>
  );
}

/** The second flow's Amount page: the link names the account, the user chooses the amount. */
function LinkAmountStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const wiring = useBettingForm(actorRef);
  return (
    <form className="form" noValidate onSubmit={wiring.onSubmit}>
      {stepHeading('linkAmount', t('betting.amountHeading'))}
      <BettingAccount actorRef={actorRef} />
      <AmountAndNext actorRef={actorRef} wiring={wiring} />
    </form>
  );
}

function BackArrow({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  return (
    <Button variant="link" className="back-arrow" onClick={() => actorRef.send({ type: 'BACK' })}>
      <span aria-hidden="true">←</span> {t('betting.back')}
    </Button>
  );
}

/** The second flow's Payment page: the wallet is the way to pay ('Please select a mobile wallet'). */
function LinkPaymentStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const walletAmount = useSelector(actorRef, (s) => s.context.walletAmount);
  const figures = useSelector(actorRef, (s) => bettingFigures(s.context));
  return (
    <>
      <BackArrow actorRef={actorRef} />
      {stepHeading('linkPayment', t('betting.paymentHeading'))}
      <WalletPaymentCard
        balanceMinor={walletAmount}
        amountMinor={figures.sendMinor}
        mode="select"
        onSelect={() => actorRef.send({ type: 'SELECT_WALLET' })}
      />
    </>
  );
}

/** The second flow's Purpose page: what the payment is for, the deposit into the account the link names. */
function LinkPurposeStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const account = useSelector(actorRef, (s) => bettingAccountOf(s.context));
  return (
    <>
      <BackArrow actorRef={actorRef} />
      {stepHeading('linkPurpose', t('betting.purposeHeading'))}
      <p className="lead">
        {t('betting.purposeText', { operator: account.operatorName, bettingNo: account.bettingNo })}
      </p>
      <BettingAccount actorRef={actorRef} />
      <div className="form-actions">
        <Button onClick={() => actorRef.send({ type: 'NEXT' })}>{t('betting.next')}</Button>
      </div>
    </>
  );
}

/**
 * Payment (the second flow's Review): whose account is paid, the figures, then the wallet payment card ('Click to
 * pay', 'Processing...' while the deposit is sent and the operator's confirmation followed).
 */
function BettingPayStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { walletAmount, error, failure, link } = snapshot.context;
  const figures = bettingFigures(snapshot.context);
  const secondFlow = link !== null && link.sendAmount === null;
  const canGoBack = snapshot.matches('payment') && (link === null || secondFlow);
  return (
    <>
      {canGoBack ? <BackArrow actorRef={actorRef} /> : null}
      {stepHeading('pay', t(secondFlow ? 'betting.reviewHeading' : 'betting.paymentHeading'))}
      {link !== null && !secondFlow ? <p className="lead">{t('betting.linkConfirm')}</p> : null}
      <BettingAccount actorRef={actorRef} />
      {snapshot.matches('following') ? <p role="status">{t('betting.confirming')}</p> : null}
      <WalletPaymentCard
        balanceMinor={walletAmount}
        debited={snapshot.matches('following')}
        amountMinor={figures.sendMinor}
        mode="pay"
        processing={snapshot.matches('paying') || snapshot.matches('following')}
        error={error}
        failure={failure}
        onPay={() => actorRef.send({ type: 'PAY' })}
      />
    </>
  );
}

/** The operator refused the betting account: the money came back; change the number, or pay again. */
function RefusedStep({ actorRef }: { actorRef: BettingActor }) {
  const { t } = useI18n();
  const { error, link } = useSelector(actorRef, (s) => s.context);
  return (
    <>
      {stepHeading('refused', t('betting.refusedHeading'))}
      {error ? <Alert>{t(error)}</Alert> : null}
      <BettingAccount actorRef={actorRef} />
      <div className="form-actions">
        {link === null ? (
          <Button onClick={() => actorRef.send({ type: 'BACK' })}>{t('betting.changeDetails')}</Button>
        ) : null}
        <Button variant="secondary" onClick={() => actorRef.send({ type: 'AGAIN' })}>
          {t('betting.payAgain')}
        </Button>
      </div>
    </>
  );
}

/** The success screen (spec section 2): 'Thank you!', "Wasn't that easy?", the reference number, View Receipt. */
function BettingDoneStep({
  actorRef,
  onViewReceipt,
}: {
  actorRef: BettingActor;
  onViewReceipt: (referenceNumber: string) => void;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const { operation, onItsWay, walletAmount } = snapshot.context;
  const figures = bettingFigures(snapshot.context);
  return (
    <SuccessStep
      notice={onItsWay ? t('betting.pending') : null}
      summary={{
        reference: operation?.referenceNumber ?? null,
        amountMinor: figures.sendMinor,
        feeMinor: figures.feeMinor,
        totalMinor: figures.totalMinor,
        status: operation?.status ?? null,
        balanceMinor: walletAmount,
      }}
      onViewReceipt={onViewReceipt}
      againLabel={t('betting.payAgain')}
      onAgain={() => actorRef.send({ type: 'AGAIN' })}
    />
  );
}

/**
 * Betting and games payment (/deposit, /Dashboard/bettingDeposit, /deposit/{token}; spec section 2 "Betting
 * payment"): Details, Payment, Done; a partner's link without an amount: Amount, Payment, Purpose, Review, Done.
 * The steps' logic is the betting machine's; this screen draws its state.
 */
export function BettingScreen({
  actorRef,
  receiptMachine,
}: {
  actorRef: BettingActor;
  receiptMachine: ReceiptMachine<BettingReceipt>;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const [receipt, setReceipt] = useState<string | null>(null);
  const { error, link } = snapshot.context;
  const secondFlow = link !== null && link.sendAmount === null;
  const steps = secondFlow
    ? [
        t('betting.stepAmount'),
        t('betting.stepPayment'),
        t('betting.stepPurpose'),
        t('betting.stepReview'),
        t('betting.stepDone'),
      ]
    : [t('betting.stepDetails'), t('betting.stepPayment'), t('betting.stepDone')];

  const retry = (heading: string, status: string | null) => (
    <>
      {stepHeading('loading', heading)}
      {status !== null ? <p role="status">{status}</p> : null}
      {error && status === null ? (
        <Alert>
          {t(error)}{' '}
          <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
            {t('betting.retry')}
          </Button>
        </Alert>
      ) : null}
    </>
  );

  const step = () => {
    if (snapshot.matches('loadingOperators') || snapshot.matches('start'))
      return retry(t('betting.detailsHeading'), t('betting.loadingOperators'));
    if (snapshot.matches('loadFailed')) return retry(t('betting.detailsHeading'), null);
    if (snapshot.matches('linkLoading')) return retry(t('betting.linkHeading'), t('betting.loadingLink'));
    if (snapshot.matches('linkFailed')) return retry(t('betting.linkHeading'), null);
    if (snapshot.matches('linkClosed')) {
      return (
        <>
          {stepHeading('linkClosed', t('betting.linkHeading'))}
          {error ? <Alert>{t(error)}</Alert> : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'AGAIN' })}>{t('betting.newPayment')}</Button>
          </div>
        </>
      );
    }
    if (snapshot.matches('editing')) return <BettingDetailsStep actorRef={actorRef} />;
    if (snapshot.matches('linkAmount')) return <LinkAmountStep actorRef={actorRef} />;
    if (snapshot.matches('linkPayment')) return <LinkPaymentStep actorRef={actorRef} />;
    if (snapshot.matches('linkPurpose')) return <LinkPurposeStep actorRef={actorRef} />;
    if (snapshot.matches('refused')) return <RefusedStep actorRef={actorRef} />;
    if (snapshot.matches('done')) return <BettingDoneStep actorRef={actorRef} onViewReceipt={setReceipt} />;
    return <BettingPayStep actorRef={actorRef} />;
  };

  return (
    <div className="wizard betting-wizard">
      <h1 className="page-title">{t('betting.title')}</h1>
      <Stepper steps={steps} current={bettingPage(snapshot)} />
      <section className="card">{step()}</section>
      <BettingReceiptModal
        machine={receiptMachine}
        referenceNumber={receipt}
        onClose={() => setReceipt(null)}
      />
    </div>
  );
}
