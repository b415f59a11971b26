import { useId, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Beneficiary } from '../contract/beneficiary';
import type { BeneficiaryField } from '../domain/beneficiary';
import { BENEFICIARY_NAME_INPUT_MAX } from '../machines/beneficiary-fields';
import { beneficiaryEditMachine, type BeneficiaryEditField } from '../machines/beneficiary-edit.machine';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { useBeneficiaryActors } from './beneficiary-actors';
import { BeneficiaryDetail, BeneficiaryPhoneField } from './beneficiary-parts';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { TextField } from './ui/text-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

/**
 * The edit dialog of one beneficiary: its names and, for a MoMo beneficiary, its number; a bank beneficiary's
 * bank and account are shown, not changed. `onSaved` gets the saved beneficiary (the caller closes the dialog);
 * `onClose` when it is closed without saving (Cancel, Escape).
 */
export function EditBeneficiaryDialog({
  beneficiary,
  onClose,
  onSaved,
}: {
  beneficiary: Beneficiary;
  onClose: () => void;
  onSaved: (beneficiary: Beneficiary) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const actors = useBeneficiaryActors();
  const actorRef = useActorRef(
    beneficiaryEditMachine.provide({
      ...actors.edit,
      actions: {
        beneficiarySaved: (_, params) => onSaved(params.beneficiary),
        closeDialog: () => onClose(),
      },
    }),
    { input: { beneficiary } },
  );
  const snapshot = useSelector(actorRef, (s) => s);
  const { form, violations, error } = snapshot.context;
  const saving = snapshot.matches('saving');
  const mobile = beneficiary.type === 'mobile';

  const fieldId = (field: BeneficiaryEditField | BeneficiaryField) =>
    `${id}-${field === 'form' ? 'firstName' : field}`;
  const fieldError = (field: BeneficiaryField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const change = (field: BeneficiaryEditField) => (value: string) =>
    actorRef.send({ type: 'CHANGE', field, value });
  const close = () => actorRef.send({ type: 'CLOSE' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    actorRef.send({ type: 'SUBMIT' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, fieldId);
  };
  const nameField = (field: 'firstName' | 'middleName' | 'lastName', label: MessageId) => (
    <TextField
      id={fieldId(field)}
      label={t(label)}
      value={form[field]}
      maxLength={BENEFICIARY_NAME_INPUT_MAX}
      autoComplete="off"
      required={field !== 'middleName'}
      error={fieldError(field)}
      onValueChange={change(field)}
    />
  );

  return (
    <Modal title={t('editBeneficiary.title', { name: beneficiary.fullName })} onClose={close}>
      <div className="dialog-scroll">
        <form className="form beneficiary-form" noValidate onSubmit={onSubmit}>
          {nameField('firstName', 'beneficiaryForm.firstName')}
          {nameField('middleName', 'beneficiaryForm.middleName')}
          {nameField('lastName', 'beneficiaryForm.lastName')}
          {mobile ? (
            <BeneficiaryPhoneField
              id={fieldId('phoneNumber')}
              value={form.phoneNumber}
              error={fieldError('phoneNumber')}
              onValueChange={change('phoneNumber')}
            />
          ) : (
            <div className="beneficiary-fixed">
              <p className="beneficiary-fixed-account">
                <BeneficiaryDetail beneficiary={beneficiary} />
              </p>
              <p className="field-hint">{t('editBeneficiary.bankFixed')}</p>
            </div>
          )}
          {error ? <Alert>{t(error)}</Alert> : null}
          <div className="form-actions">
            <Button type="submit" busy={saving} busyLabel={t('editBeneficiary.saving')}>
              {t('editBeneficiary.save')}
            </Button>
            {saving ? null : (
              <Button variant="secondary" onClick={close}>
                {t('beneficiaryForm.cancel')}
              </Button>
            )}
          </div>
        </form>
      </div>
    </Modal>
  );
}
