import { useId, useRef, type FormEvent, type JSX, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Beneficiary } from '../contract/beneficiary';
import type { BeneficiaryField } from '../domain/beneficiary';
import { BENEFICIARY_ACCOUNT_MAX_DIGITS } from '../domain/beneficiary';
import {
  fieldsOfFormMessage,
  type BeneficiaryFormField,
  type BeneficiaryTab,
} from '../machines/beneficiary-add.form';
import { beneficiaryAddMachine } from '../machines/beneficiary-add.machine';
import {
  BENEFICIARY_NAME_INPUT_MAX,
  BENEFICIARY_PHONE_CODE,
  BENEFICIARY_RELATIONSHIP_MAX,
  nationalPart,
} from '../machines/beneficiary-fields';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { useBeneficiaryActors } from './beneficiary-actors';
import { BeneficiaryPhoneField, phoneText, StepFocus } from './beneficiary-parts';
import { Alert } from './ui/alert';
import { BankSelectField } from './ui/bank-select-field';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { TextField } from './ui/text-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

const TABS: readonly { tab: BeneficiaryTab; label: MessageId }[] = [
  { tab: 'mobile', label: 'addBeneficiary.mobile' },
  { tab: 'bank', label: 'addBeneficiary.bank' },
];

/**
 * The Add Beneficiary dialog (the manager's Add Beneficiary button, the /SendMoney wizard's '+'): a MoMo or bank
 * beneficiary, its holder's name confirmed before it is saved, then the success message; it closes by itself 3 s
 * later. `onSaved` gets the new beneficiary as soon as it is saved; `onClose` when the dialog closes.
 */
export function AddBeneficiaryDialog(props: {
  open: boolean;
  onClose: () => void;
  onSaved: (beneficiary: Beneficiary) => void;
}): JSX.Element | null {
  // Each opening starts afresh: the form lives as long as the dialog is open.
  return props.open ? <AddBeneficiaryForm onClose={props.onClose} onSaved={props.onSaved} /> : null;
}

function AddBeneficiaryForm({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (beneficiary: Beneficiary) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const actors = useBeneficiaryActors();
  const actorRef = useActorRef(
    beneficiaryAddMachine.provide({
      ...actors.add,
      actions: {
        beneficiarySaved: (_, params) => onSaved(params.beneficiary),
        closeDialog: () => onClose(),
      },
    }),
  );
  const snapshot = useSelector(actorRef, (s) => s);
  const { tab, mobile, bank, banks, violations, error, accountName } = snapshot.context;
  const tabRefs = useRef<Record<BeneficiaryTab, HTMLButtonElement | null>>({ mobile: null, bank: null });

  const close = () => actorRef.send({ type: 'CLOSE' });
  const fieldId = (field: BeneficiaryFormField | BeneficiaryField) =>
    `${id}-${field === 'form' ? 'firstName' : field}`;
  // A form-wide message ('All fields are required!') shows beside each field it is about, marked (issue 23).
  const formMessage = firstViolationOf(violations, 'form');
  const markedFields = formMessage ? fieldsOfFormMessage(snapshot.context, formMessage) : [];
  const fieldError = (field: BeneficiaryFormField) => {
    const messageId =
      firstViolationOf(violations, field as BeneficiaryField) ??
      (markedFields.includes(field) ? formMessage : null);
    return messageId ? t(messageId) : null;
  };
  const change = (field: BeneficiaryFormField) => (value: string) =>
    actorRef.send({ type: 'CHANGE', field, value });

  const chooseTab = (next: BeneficiaryTab) => {
    if (next !== tab) actorRef.send({ type: 'TAB_CHOSEN', tab: next });
  };
  // Tabs: the arrow keys (and Home / End) move between them and choose at once.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((entry) => entry.tab === tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[target]!.tab;
    chooseTab(next);
    tabRefs.current[next]?.focus();
  };

  // Back to the form as it was, the focus on its first field.
  const back = () => {
    actorRef.send({ type: 'BACK' });
    setTimeout(() => document.getElementById(fieldId('firstName'))?.focus(), 0);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (snapshot.matches('lookingUp')) return;
    actorRef.send({ type: 'SUBMIT' });
    const after = actorRef.getSnapshot().context;
    const message = firstViolationOf(after.violations, 'form');
    const marked = message ? fieldsOfFormMessage(after, message) : [];
    focusFirstInvalid(
      marked.length > 0 && message ? [{ field: marked[0]!, messageId: message }] : after.violations,
      fieldId,
    );
  };

  // Once closed (the caller then unmounts it), a saved beneficiary's message stays until then.
  const saved = snapshot.context.saved !== null;
  const closed = snapshot.status === 'done';
  const mismatch = snapshot.matches('mismatch');
  const confirming = snapshot.matches('confirming') || snapshot.matches('creating');
  const creating = snapshot.matches('creating');
  const lookingUp = snapshot.matches('lookingUp');
  const form = tab === 'mobile' ? mobile : bank;
  const nameField = (
    field: 'firstName' | 'middleName' | 'lastName' | 'motherMaidenName',
    label: MessageId,
  ) => (
    <TextField
      id={fieldId(field)}
      label={t(label)}
      value={form[field]}
      maxLength={BENEFICIARY_NAME_INPUT_MAX}
      autoComplete="off"
      required={field === 'firstName' || field === 'lastName'}
      error={fieldError(field)}
      onValueChange={change(field)}
    />
  );

  const body = () => {
    if (closed && !saved) return null;
    if (saved) {
      return (
        <StepFocus key="saved">
          <Alert tone="success">{t('addBeneficiary.saved')}</Alert>
          <p className="muted">{t('addBeneficiary.closing')}</p>
          <div className="form-actions">
            <Button onClick={close}>{t('addBeneficiary.close')}</Button>
          </div>
        </StepFocus>
      );
    }
    if (mismatch) {
      const typed = [form.firstName, form.lastName].map((name) => name.trim()).join(' ');
      return (
        // Another name than the one typed: save the holder's name, or go back to the form (issue 23).
        <StepFocus key="mismatch" className="beneficiary-confirm">
          <p className="modal-message">{t('addBeneficiary.confirm', { name: accountName ?? '' })}</p>
          <p className="beneficiary-detail">
            {t('addBeneficiary.mismatch', { typed, name: accountName ?? '' })}
          </p>
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'USE_HOLDER_NAME' })}>
              {t('addBeneficiary.useHolderName', { name: accountName ?? '' })}
            </Button>
            <Button variant="secondary" onClick={back}>
              {t('addBeneficiary.back')}
            </Button>
          </div>
        </StepFocus>
      );
    }
    if (confirming) {
      return (
        // The question takes the focus (and is read out); Tab goes on to Confirm.
        <StepFocus key="confirm" className="beneficiary-confirm">
          <p className="modal-message">{t('addBeneficiary.confirm', { name: accountName ?? '' })}</p>
          <p className="beneficiary-detail">
            {tab === 'mobile'
              ? t('beneficiaries.mobileDetail', {
                  network: 'none',
                  phone: phoneText(BENEFICIARY_PHONE_CODE, nationalPart(mobile.phoneNumber)),
                })
              : t('addBeneficiary.bankAccount', {
                  bank: banks.find((entry) => entry.id === bank.bankId)?.name ?? '',
                  account: bank.accountNo,
                })}
          </p>
          <div className="form-actions">
            <Button
              busy={creating}
              busyLabel={t('addBeneficiary.saving')}
              onClick={() => actorRef.send({ type: 'CONFIRM' })}
            >
              {t('addBeneficiary.confirmButton')}
            </Button>
            {creating ? null : (
              <Button variant="secondary" onClick={back}>
                {t('addBeneficiary.back')}
              </Button>
            )}
          </div>
        </StepFocus>
      );
    }
    const panelId = `${id}-panel`;
    const loadingBanks = snapshot.matches('loadingBanks');
    const banksFailed = snapshot.matches('banksFailed');
    // A form-wide message with no field to stand beside stays on top.
    const formError = formMessage && markedFields.length === 0 ? t(formMessage) : null;
    return (
      <>
        <div role="tablist" aria-label={t('addBeneficiary.kind')} className="beneficiary-tabs">
          {TABS.map((entry) => (
            <button
              key={entry.tab}
              ref={(element) => {
                tabRefs.current[entry.tab] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${entry.tab}`}
              className="beneficiary-tab"
              aria-selected={tab === entry.tab}
              aria-controls={panelId}
              tabIndex={tab === entry.tab ? 0 : -1}
              onClick={() => chooseTab(entry.tab)}
              onKeyDown={onTabKey}
            >
              {t(entry.label)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={panelId} aria-labelledby={`${id}-tab-${tab}`}>
          {loadingBanks ? <p role="status">{t('addBeneficiary.loadingBanks')}</p> : null}
          {banksFailed && error ? (
            <Alert>
              {t(error)}{' '}
              <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
                {t('addBeneficiary.retry')}
              </Button>
            </Alert>
          ) : null}
          {loadingBanks || banksFailed ? null : (
            <form className="form beneficiary-form" noValidate onSubmit={onSubmit}>
              {/* On top: after Save the focus goes to the first field, and the long form scrolls. */}
              {formError ? <Alert>{formError}</Alert> : null}
              {error ? <Alert>{t(error)}</Alert> : null}
              {nameField('firstName', 'beneficiaryForm.firstName')}
              {nameField('middleName', 'beneficiaryForm.middleName')}
              {nameField('lastName', 'beneficiaryForm.lastName')}
              {nameField('motherMaidenName', 'beneficiaryForm.motherMaidenName')}
              {tab === 'mobile' ? (
                <>
                  <BeneficiaryPhoneField
                    id={fieldId('phoneNumber')}
                    value={mobile.phoneNumber}
                    error={fieldError('phoneNumber')}
                    onValueChange={change('phoneNumber')}
                  />
                  <TextField
                    id={fieldId('relationship')}
                    label={t('beneficiaryForm.relationship')}
                    value={mobile.relationship}
                    maxLength={BENEFICIARY_RELATIONSHIP_MAX}
                    error={fieldError('relationship')}
                    onValueChange={change('relationship')}
                  />
                </>
              ) : (
                <>
                  <BankSelectField
                    id={fieldId('bankId')}
                    label={t('beneficiaryForm.bank')}
                    placeholder={t('beneficiaryForm.selectBank')}
                    banks={banks}
                    bankId={bank.bankId}
                    error={fieldError('bankId')}
                    onValueChange={change('bankId')}
                  />
                  <TextField
                    id={fieldId('accountNo')}
                    label={t('beneficiaryForm.account')}
                    inputMode="numeric"
                    autoComplete="off"
                    required
                    maxLength={BENEFICIARY_ACCOUNT_MAX_DIGITS}
                    value={bank.accountNo}
                    error={fieldError('accountNo')}
                    onValueChange={change('accountNo')}
                  />
                </>
              )}
              <div className="form-actions">
                <Button type="submit" busy={lookingUp} busyLabel={t('addBeneficiary.checking')}>
                  {t('addBeneficiary.save')}
                </Button>
                <Button variant="secondary" onClick={close}>
                  {t('beneficiaryForm.cancel')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </>
    );
  };

  return (
    // Escape closes it, except while the beneficiary is being saved (the machine ignores CLOSE then).
    <Modal title={t('addBeneficiary.title')} onClose={close}>
      <div className="dialog-scroll">{body()}</div>
    </Modal>
  );
}
