/**
 * The parts every payment wizard's screen is made of (top-up and withdrawal today; send money, bills and betting
 * next): the page frame with its stepper, the gateway step, the form's submit row, the way back to the gateways
 * and the closing row. Each takes already translated text, so a flow keeps its own message ids.
 */
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Bank } from '../contract/reference';
import { useI18n } from '../i18n/i18n';
import { BankAccountField } from './ui/bank-account-field';
import { BankSelectField } from './ui/bank-select-field';
import { FocusHeading } from './ui/focus-heading';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { RadioCards, type RadioCardOption } from './ui/radio-cards';
import { Stepper } from './ui/stepper';
import { UpgradeLink } from './ui/upgrade-link';
import { firstViolationWithValues, focusFirstInvalid } from './ui/violations';
import type { RuleViolation } from '../domain/rule';
import type { Translate } from '../i18n/core';

/** The page: its title, the stepper, the current step in a card, and what shows over it (dialogs). */
export function WizardFrame({
  title,
  steps,
  current,
  children,
  over,
}: {
  title: string;
  steps: string[];
  current: number;
  children: ReactNode;
  over?: ReactNode;
}) {
  return (
    <div className="wizard">
      <h1 className="page-title">{title}</h1>
      <Stepper steps={steps} current={current} />
      <section className="card">{children}</section>
      {over}
    </div>
  );
}

/** Choosing how to pay or be paid, as radio cards under the step's heading. */
export function GatewayStep<Gateway extends string>({
  heading,
  hint,
  options,
  value,
  onChoose,
  children,
}: {
  heading: string;
  hint: string;
  options: RadioCardOption<Gateway>[];
  value: Gateway | null;
  onChoose: (gateway: Gateway) => void;
  /** Shown between the heading and the choices (the available balance). */
  children?: ReactNode;
}) {
  return (
    <>
      <FocusHeading key="gateway" level={2}>
        {heading}
      </FocusHeading>
      {children}
      <RadioCards<Gateway>
        legend={heading}
        legendHidden
        hint={hint}
        options={options}
        value={value}
        onChoose={onChoose}
      />
    </>
  );
}

/** The form's submit button ('Processing...' while busy) and, unless busy, the way back. */
export function SubmitRow({
  busy,
  busyLabel,
  label,
  back,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  back: ReactNode;
}) {
  return (
    <div className="form-actions">
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {label}
      </Button>
      {busy ? null : back}
    </div>
  );
}

/** The closing row of a finished flow: start another one, or go to the dashboard. */
export function AgainRow({
  again,
  onAgain,
  toDashboard,
}: {
  again: string;
  onAgain: () => void;
  toDashboard: string;
}) {
  return (
    <div className="form-actions">
      <Button onClick={onAgain}>{again}</Button>
      <Link className="button button-secondary" to="/Dashboard">
        {toDashboard}
      </Link>
    </div>
  );
}

/** What a wizard's form sends: a field's new value, the submit, and BACK to the gateways. */
export type WizardFormEvent<Field extends string> =
  { type: 'CHANGE'; field: Field; value: string } | { type: 'SUBMIT' } | { type: 'BACK' };

interface WizardFormActor<Field extends string, ViolationField extends string> {
  send: (event: WizardFormEvent<Field>) => void;
  getSnapshot: () => { context: { violations: readonly RuleViolation<ViolationField>[] } };
}

/**
 * The form's wiring: `fieldError(field)` (its first violation, translated), `change(field)` for a field's
 * onValueChange, `onSubmit` (SUBMIT, then the first invalid field takes the focus) and `back` (the link to the
 * gateways, labelled `backLabel`).
 */
export const wizardForm = <Field extends string, ViolationField extends string>(
  actorRef: WizardFormActor<Field, ViolationField>,
  options: {
    busy: boolean;
    violations: readonly RuleViolation<ViolationField>[];
    fieldId: (field: ViolationField) => string;
    backLabel: string;
    /** The submit button's label and its label while busy. */
    submit: { label: string; busyLabel: string };
    t: Translate;
    /** Whether a field is empty: while 'All fields are required!' shows, each empty field is marked 'Required'. */
    isEmpty?: (field: ViolationField) => boolean;
  },
) => {
  // Every wizard's form names its whole-form violation 'form' ('All fields are required!').
  const formMissing = firstViolationWithValues(options.violations, 'form' as ViolationField) !== null;
  const fieldError = (field: ViolationField) => {
    const violation = firstViolationWithValues(options.violations, field);
    if (violation) return options.t(violation.messageId, violation.values);
    return formMissing && options.isEmpty?.(field) ? options.t('form.fieldRequired') : null;
  };
  const back = (
    <Button variant="link" onClick={() => actorRef.send({ type: 'BACK' })}>
      {options.backLabel}
    </Button>
  );
  const formError = fieldError('form' as ViolationField);
  return {
    fieldError,
    /** A field's id, error and changes, to spread into its primitive. */
    field: (name: Field & ViolationField): FieldWiring => ({
      id: options.fieldId(name),
      error: fieldError(name),
      onValueChange: (value: string) => actorRef.send({ type: 'CHANGE', field: name, value }),
    }),
    change: (field: Field) => (value: string) => actorRef.send({ type: 'CHANGE', field, value }),
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (options.busy) return;
      actorRef.send({ type: 'SUBMIT' });
      focusFirstInvalid(actorRef.getSnapshot().context.violations, options.fieldId);
    },
    back,
    /** The form's end: its whole-form violation, `alerts` (the flow's own), then the submit row. */
    submitRow: (alerts?: ReactNode) => (
      <>
        {formError ? <Alert>{formError}</Alert> : null}
        <UpgradeLink violations={options.violations} t={options.t} />
        {alerts}
        <SubmitRow busy={options.busy} back={back} {...options.submit} />
      </>
    ),
  };
};

/** A step's heading, which takes the focus when the step shows (its `key` makes each step's heading new). */
export const stepHeading = (key: string, text: string) => (
  <FocusHeading key={key} level={2}>
    {text}
  </FocusHeading>
);

/** A field's wiring from its form: its element id, its error (translated) and where its changes go. */
export interface FieldWiring {
  id: string;
  error?: string | null;
  onValueChange: (value: string) => void;
}

/** The bank gateway's fields, the bank and the account number, labelled by the flow's screen (`screen`.bank...). */
export function BankFields({
  screen,
  banks,
  form,
  field,
}: {
  screen: 'topUpScreen' | 'withdrawalScreen';
  banks: readonly Bank[];
  form: { bankId: number; bankAccountNumber: string };
  field: (name: 'bankId' | 'bankAccountNumber') => FieldWiring;
}) {
  const { t } = useI18n();
  return (
    <>
      <BankSelectField
        label={t(`${screen}.bank`)}
        placeholder={t(`${screen}.selectBank`)}
        banks={banks}
        bankId={form.bankId}
        {...field('bankId')}
      />
      <BankAccountField
        label={t(`${screen}.bankAccount`)}
        value={form.bankAccountNumber}
        {...field('bankAccountNumber')}
      />
    </>
  );
}
