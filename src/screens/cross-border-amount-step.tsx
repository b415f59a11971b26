import { useId, useState, type WheelEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  appliedCoupon,
  currencyOptions,
  formSummary,
  receivingCountries,
  receivingCountryIdOf,
  receivingCurrencyOf,
  type TransferViolationField,
} from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import { formatLanguage, useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { SelectField } from './ui/select-field';
import { TextField } from './ui/text-field';
import { countryName, currencyName } from './reference-names';
import { NextRow, RecipientFields, useTransferForm } from './transfer-amount-step';
import { rateLine, useCurrencyFormat } from './transfer-summary';
import { stepHeading } from './wizard-parts';

/** The fields drawn as inputs: their rule shows under them; the others' (identification...) above Next. */
const INPUT_FIELDS: readonly TransferViolationField[] = [
  'sendAmount',
  'fromCurrency',
  'currency',
  'receivingCountryId',
  'paymentMethodId',
  'deliveryMethodId',
  'couponCode',
  'beneficiaryId',
  'transactionPurposeId',
];

/** A number input the mouse wheel never changes (spec section 5): the wheel scrolls the page instead. */
const keepOnWheel = (event: WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

/**
 * Step 1 of /CrossBorderPayment (spec section 2): the converter (From / To from the rate table, 'You send:',
 * the read-only 'Recipient receives:', the swap button and the rate line, all figures from src/domain), the
 * payment and delivery methods (enabled, cross-border), the coupon toggle with its code (disabled unless on) and
 * Apply (the lower fee in the summary), then the beneficiary-bank block (the beneficiary with '+' and the manager,
 * the purpose) and Next.
 */
export function CrossBorderAmountStep({
  actorRef,
  onAddBeneficiary,
  onChooseBeneficiary,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  onAddBeneficiary: () => void;
  onChooseBeneficiary: () => void;
}) {
  const { t, language } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { form, rates, ratesFailed, paymentMethods, deliveryMethods, methodsFailed } = snapshot.context;
  const checking = snapshot.matches('checkingCoupon');
  const summary = formSummary(snapshot.context);
  const coupon = appliedCoupon(snapshot.context);
  const [swapNote, setSwapNote] = useState('');
  const { fieldId, fieldError, formAlert, change, onSubmit } = useTransferForm(actorRef, id, INPUT_FIELDS);

  const currencies = currencyOptions(rates).map((rate) => ({
    value: rate.code,
    // The server names currencies in English: shown in the reader's language (reference data, issue 23).
    label: t('sendMoney.currencyOption', { code: rate.code, name: currencyName(t, rate.code, rate.name) }),
  }));
  // To offers what the recipient's country is paid in, once it is known (and what is chosen, to show it).
  const countryCurrency = receivingCurrencyOf(snapshot.context);
  const toCurrencies =
    countryCurrency === null
      ? currencies
      : currencies.filter((option) => option.value === countryCurrency || option.value === form.currency);
  const countryId = receivingCountryIdOf(snapshot.context);
  const countries = receivingCountries(snapshot.context).map((country) => ({
    value: String(country.id),
    label: countryName(formatLanguage(language), country.isoCode, country.name),
  }));
  const swap = () => {
    actorRef.send({ type: 'SWAP' });
    const swapped = actorRef.getSnapshot().context.form;
    setSwapNote(t('crossBorder.swapped', { from: swapped.fromCurrency, to: swapped.currency }));
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {stepHeading('amount', t('crossBorder.amountHeading'))}
      <fieldset className="converter">
        <legend>{t('crossBorder.converter')}</legend>
        <div className="converter-currencies">
          <SelectField
            id={fieldId('fromCurrency')}
            label={t('crossBorder.from')}
            value={form.fromCurrency}
            options={currencies}
            error={fieldError('fromCurrency')}
            onValueChange={change('fromCurrency')}
          />
          <Button variant="secondary" className="converter-swap" onClick={swap}>
            <span aria-hidden="true">⇄</span>
            <span className="visually-hidden">{t('crossBorder.swap')}</span>
          </Button>
          <SelectField
            id={fieldId('currency')}
            label={t('crossBorder.to')}
            value={form.currency}
            options={toCurrencies}
            error={fieldError('currency')}
            onValueChange={change('currency')}
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {swapNote}
        </p>
        <SelectField
          id={fieldId('receivingCountryId')}
          label={t('crossBorder.receivingCountry')}
          required
          value={countryId > 0 ? String(countryId) : ''}
          options={[{ value: '', label: t('crossBorder.selectCountry') }, ...countries]}
          error={fieldError('receivingCountryId')}
          onValueChange={change('receivingCountryId')}
        />
        {ratesFailed ? <p className="field-hint">{t('sendMoney.ratesUnavailable')}</p> : null}
        <AmountField
          id={fieldId('sendAmount')}
          label={t('crossBorder.youSend')}
          value={form.sendAmount}
          error={fieldError('sendAmount')}
          onValueChange={change('sendAmount')}
          onWheel={keepOnWheel}
        />
        <TextField
          label={t('crossBorder.recipientReceives')}
          value={currencyFormat(summary.receiveMinor, summary.currency)}
          readOnly
          onValueChange={() => undefined}
        />
        <p className="muted" aria-live="polite">
          {rateLine(summary, t)}
        </p>
      </fieldset>
      <h3 className="form-section">{t('crossBorder.methods')}</h3>
      <SelectField
        id={fieldId('paymentMethodId')}
        label={t('crossBorder.paymentMethod')}
        required
        value={form.paymentMethodId > 0 ? String(form.paymentMethodId) : ''}
        options={[
          { value: '', label: t('crossBorder.selectPaymentMethod') },
          ...paymentMethods.map((method) => ({ value: String(method.id), label: method.name })),
        ]}
        error={fieldError('paymentMethodId')}
        onValueChange={change('paymentMethodId')}
      />
      <SelectField
        id={fieldId('deliveryMethodId')}
        label={t('crossBorder.deliveryMethod')}
        required
        value={form.deliveryMethodId > 0 ? String(form.deliveryMethodId) : ''}
        options={[
          { value: '', label: t('crossBorder.selectDeliveryMethod') },
          ...deliveryMethods.map((method) => ({ value: String(method.id), label: method.name })),
        ]}
        error={fieldError('deliveryMethodId')}
        onValueChange={change('deliveryMethodId')}
      />
      {methodsFailed ? <Alert>{t('crossBorder.methodsFailed')}</Alert> : null}
      <div className="field coupon-toggle">
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={form.applyCoupon}
            onChange={(event) => change('applyCoupon')(String(event.target.checked))}
          />{' '}
          {t('crossBorder.couponToggle')}
        </label>
      </div>
      <div className="field-with-action">
        <TextField
          id={fieldId('couponCode')}
          label={t('crossBorder.couponCode')}
          value={form.couponCode}
          disabled={!form.applyCoupon}
          autoComplete="off"
          autoCapitalize="characters"
          error={fieldError('couponCode')}
          onValueChange={change('couponCode')}
        />
        <Button
          variant="secondary"
          className="field-action coupon-apply"
          disabled={!form.applyCoupon}
          busy={checking}
          busyLabel={t('crossBorder.checkingCoupon')}
          onClick={() => actorRef.send({ type: 'APPLY_COUPON' })}
        >
          {t('crossBorder.applyCoupon')}
        </Button>
      </div>
      {coupon ? (
        <p role="status" className="field-hint">
          {t('crossBorder.couponApplied', {
            code: coupon.couponCode,
            amount: currencyFormat(coupon.couponDiscount, summary.sendCurrency),
          })}
        </p>
      ) : null}
      <h3 className="form-section">{t('crossBorder.beneficiaryBlock')}</h3>
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
