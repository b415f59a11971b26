import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Beneficiary } from '../contract/beneficiary';
import {
  currencyOptions,
  formSummary,
  PAYEE_NOTE_MAX_LENGTH,
  showsPayeeNote,
  type TransferFormField,
  type TransferViolationField,
} from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import { useI18n } from '../i18n/i18n';
import type { Translate } from '../i18n/core';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { SelectField } from './ui/select-field';
import { focusFirstInvalid } from './ui/violations';
import { rateLine, useCurrencyFormat } from './transfer-summary';
import { stepHeading } from './wizard-parts';
import { currencyName, purposeName } from './reference-names';

/** The fields drawn as inputs: their rule shows under them; the others' (identification...) above Next. */
export const INPUT_FIELDS: readonly TransferViolationField[] = [
  'sendAmount',
  'currency',
  'beneficiaryId',
  'transactionPurposeId',
];

const lastFour = (text: string | null) => (text ?? '').replace(/\D/g, '').slice(-4);

/** 'Ama Mensah (MTN •••• 4567)', 'Kofi Boateng (GCB Bank •••• 7890)'. */
export const beneficiaryLabel = (beneficiary: Beneficiary, t: Translate): string =>
  t('sendMoney.beneficiaryOption', {
    name: beneficiary.fullName,
    account:
      beneficiary.type === 'bank'
        ? `${beneficiary.bankName ?? ''} •••• ${lastFour(beneficiary.accountNo)}`.trim()
        : `${beneficiary.network ?? t('gateway.momo')} •••• ${lastFour(beneficiary.phone)}`,
  });

/**
 * Page 1's wiring (both presentations): a field's id and its rule (only the first broken one shows, under its
 * field when it is one of `inputFields`, else above Next as `formAlert`), CHANGE, and Next (SUBMIT, then the focus
 * on the field of the rule shown).
 */
export const useTransferForm = (
  actorRef: ActorRefFrom<TransferMachine>,
  id: string,
  inputFields: readonly TransferViolationField[],
) => {
  const { t } = useI18n();
  const violations = useSelector(actorRef, (s) => s.context.violations);
  const initiating = useSelector(actorRef, (s) => s.matches('initiating'));
  const first = violations[0] ?? null;
  const fieldId = (field: TransferViolationField) => `${id}-${field}`;
  return {
    fieldId,
    fieldError: (field: TransferViolationField) =>
      first && first.field === field ? t(first.messageId) : null,
    formAlert: first && !inputFields.includes(first.field) ? t(first.messageId) : null,
    change: (field: TransferFormField) => (value: string) => actorRef.send({ type: 'CHANGE', field, value }),
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (initiating) return;
      actorRef.send({ type: 'SUBMIT' });
      const shown = actorRef.getSnapshot().context.violations.slice(0, 1);
      focusFirstInvalid(
        shown.filter((violation) => inputFields.includes(violation.field)),
        fieldId,
      );
    },
  };
};

/**
 * Page 1 of the transfer (spec section 2): amount and currency with what the beneficiary receives and the rate,
 * the beneficiary (with '+' to add one), the purpose (purpose 4 reveals the notes), and Next. Only the first
 * broken rule shows, in the spec's order.
 */
export function TransferAmountStep({
  actorRef,
  onAddBeneficiary,
  onChooseBeneficiary,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  onAddBeneficiary: () => void;
  /** Opens the beneficiary manager: a row chosen there is selected here. */
  onChooseBeneficiary: () => void;
}) {
  const { t } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { form, rates, ratesFailed } = snapshot.context;
  const summary = formSummary(snapshot.context);

  const { fieldId, fieldError, formAlert, change, onSubmit } = useTransferForm(actorRef, id, INPUT_FIELDS);
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {stepHeading('amount', t('sendMoney.amountHeading'))}
      <AmountField
        id={fieldId('sendAmount')}
        label={t('sendMoney.amount')}
        value={form.sendAmount}
        error={fieldError('sendAmount')}
        onValueChange={change('sendAmount')}
      />
      <SelectField
        id={fieldId('currency')}
        label={t('sendMoney.currency')}
        value={form.currency}
        options={currencyOptions(rates).map((rate) => ({
          value: rate.code,
          label: t('sendMoney.currencyOption', {
            code: rate.code,
            name: currencyName(t, rate.code, rate.name),
          }),
        }))}
        error={fieldError('currency')}
        onValueChange={change('currency')}
      />
      {ratesFailed ? <p className="field-hint">{t('sendMoney.ratesUnavailable')}</p> : null}
      <p className="transfer-receives" aria-live="polite">
        {t('sendMoney.receives', { amount: currencyFormat(summary.receiveMinor, summary.currency) })}
        <br />
        <span className="muted">{rateLine(summary, t)}</span>
      </p>
      <RecipientFields
        actorRef={actorRef}
        fieldId={fieldId}
        fieldError={fieldError}
        onAddBeneficiary={onAddBeneficiary}
        onChooseBeneficiary={onChooseBeneficiary}
      />
      <NextRow actorRef={actorRef} formAlert={formAlert} />
    </form>
  );
}

/**
 * Whom and why (both presentations): the beneficiary select with '+' (add one) and 'Choose from your
 * beneficiaries' (the manager), the purpose, and the notes purpose 4 reveals.
 */
export function RecipientFields({
  actorRef,
  fieldId,
  fieldError,
  onAddBeneficiary,
  onChooseBeneficiary,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  fieldId: (field: TransferViolationField) => string;
  fieldError: (field: TransferViolationField) => string | null;
  onAddBeneficiary: () => void;
  onChooseBeneficiary: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const { form, beneficiaries, purposes } = useSelector(actorRef, (s) => s.context);
  const change = (field: TransferFormField) => (value: string) =>
    actorRef.send({ type: 'CHANGE', field, value });
  return (
    <>
      <div className="field-with-action">
        <SelectField
          id={fieldId('beneficiaryId')}
          label={t('sendMoney.beneficiary')}
          required
          value={form.beneficiaryId > 0 ? String(form.beneficiaryId) : ''}
          options={[
            { value: '', label: t('sendMoney.selectBeneficiary') },
            ...beneficiaries.map((beneficiary) => ({
              value: String(beneficiary.id),
              label: beneficiaryLabel(beneficiary, t),
            })),
          ]}
          error={fieldError('beneficiaryId')}
          onValueChange={change('beneficiaryId')}
        />
        <Button
          variant="secondary"
          className="field-action"
          aria-label={t('sendMoney.addBeneficiary')}
          title={t('sendMoney.addBeneficiary')}
          onClick={onAddBeneficiary}
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
      <p className="field-hint">
        <Button variant="link" onClick={onChooseBeneficiary}>
          {t('sendMoney.chooseBeneficiary')}
        </Button>
      </p>
      <SelectField
        id={fieldId('transactionPurposeId')}
        label={t('sendMoney.purpose')}
        required
        value={form.transactionPurposeId > 0 ? String(form.transactionPurposeId) : ''}
        options={[
          { value: '', label: t('sendMoney.selectPurpose') },
          ...purposes.map((purpose) => ({
            value: String(purpose.id),
            label: purposeName(t, purpose.purpose),
          })),
        ]}
        error={fieldError('transactionPurposeId')}
        onValueChange={change('transactionPurposeId')}
      />
      {showsPayeeNote(form) ? (
        <div className="field">
          <label htmlFor={`${id}-payeeNote`}>{t('sendMoney.notes')}</label>
          <textarea
            id={`${id}-payeeNote`}
            rows={3}
            maxLength={PAYEE_NOTE_MAX_LENGTH}
            value={form.payeeNote}
            onChange={(event) => change('payeeNote')(event.target.value)}
          />
        </div>
      ) : null}
    </>
  );
}

/** Page 1's end: the rule shown above Next (not under a field), the initiation's failure, and Next. */
export function NextRow({
  actorRef,
  formAlert,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  formAlert: string | null;
}) {
  const { t } = useI18n();
  const error = useSelector(actorRef, (s) => s.context.error);
  const initiating = useSelector(actorRef, (s) => s.matches('initiating'));
  return (
    <>
      {formAlert ? <Alert>{formAlert}</Alert> : null}
      {error ? <Alert>{t(error)}</Alert> : null}
      <div className="form-actions">
        <Button type="submit" busy={initiating} busyLabel={t('sendMoney.quoting')}>
          {t('sendMoney.next')}
        </Button>
      </div>
    </>
  );
}
