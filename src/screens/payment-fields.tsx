/**
 * The card and MoMo payer fields, shared by the wallet top-up and the cross-border payment: the card's holder
 * names, number (groups of four), expiry (MM/YY) and CVC; the MoMo number and its network. Each field's id, error
 * and changes come from the flow's form wiring; the labels are the top-up screen's, so both read the same.
 */
import { MOMO_PROVIDERS } from '../domain/momo';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { MomoNumberField } from './ui/momo-number-field';
import { SelectField } from './ui/select-field';
import { TextField, type TextFieldProps } from './ui/text-field';
import type { FieldWiring } from './wizard-parts';

export type CardField = 'firstName' | 'lastName' | 'number' | 'expiry' | 'cvc';

export interface CardFieldValues {
  firstName: string;
  lastName: string;
  number: string;
  expiry: string;
  cvc: string;
}

/** The card's fields (the amount, where there is one, is the flow's own). */
export function CardFields({
  card,
  field,
}: {
  card: CardFieldValues;
  field: (name: CardField) => FieldWiring;
}) {
  const { t } = useI18n();
  const cardField = (name: CardField, label: MessageId, props: Partial<TextFieldProps> = {}) => (
    <TextField label={t(label)} required value={card[name]} {...field(name)} {...props} />
  );
  return (
    <>
      <div className="field-row">
        {cardField('firstName', 'topUpScreen.firstName', { autoComplete: 'cc-given-name' })}
        {cardField('lastName', 'topUpScreen.lastName', { autoComplete: 'cc-family-name' })}
      </div>
      {cardField('number', 'topUpScreen.cardNumber', {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        maxLength: 19,
        placeholder: '1234 5678 9012 3456',
      })}
      <div className="field-row">
        {cardField('expiry', 'topUpScreen.expiry', {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          maxLength: 5,
          placeholder: 'MM/YY',
        })}
        {cardField('cvc', 'topUpScreen.cvc', {
          hint: t('topUpScreen.cvcHint'),
          inputMode: 'numeric',
          autoComplete: 'cc-csc',
          maxLength: 3,
        })}
      </div>
    </>
  );
}

/** The MoMo payer's number and network (MTN by default). */
export function MomoFields({
  momo,
  field,
}: {
  momo: { phone: string; provider: string };
  field: (name: 'phone' | 'provider') => FieldWiring;
}) {
  const { t } = useI18n();
  return (
    <>
      <MomoNumberField label={t('topUpScreen.momoNumber')} value={momo.phone} {...field('phone')} />
      <SelectField
        label={t('topUpScreen.network')}
        value={momo.provider}
        options={MOMO_PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
        {...field('provider')}
      />
    </>
  );
}
