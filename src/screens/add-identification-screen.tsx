import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { expiryYearOptions, issueYearOptions, type IdentificationField } from '../domain/identification';
import {
  expiryEnabled,
  type IdentificationFormField,
  type IdentificationFormMachine,
} from '../machines/identification-form.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { DateSelects, type DatePart } from './ui/date-selects';
import { FocusHeading } from './ui/focus-heading';
import { SelectField } from './ui/select-field';
import { TextField } from './ui/text-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

const dateField = (date: 'issued' | 'expiry', part: DatePart): IdentificationFormField =>
  `${date}${part[0]!.toUpperCase()}${part.slice(1)}` as IdentificationFormField;

/** The Add Identification form: type, number, issue and expiry dates, the ID image with its upload, 'Add Now'. */
export function AddIdentificationScreen({
  actorRef,
  onCancel,
}: {
  actorRef: ActorRefFrom<IdentificationFormMachine>;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const snapshot = useSelector(actorRef, (s) => s);
  const { form, types, image, violations, error, notice, today } = snapshot.context;
  const loading = snapshot.matches('loadingTypes');
  const typesFailed = snapshot.matches('typesFailed');
  const uploading = snapshot.matches({ editing: 'uploading' });
  const adding = snapshot.matches('adding');
  const added = snapshot.matches('added') || snapshot.matches('done');
  const expiryOpen = expiryEnabled(form);
  // The number's hint names where it is printed: in a passport, on a card (issue 23).
  const passport =
    types.find((type) => type.id === form.identificationTypeId)?.identificationType === 'Passport';

  // The preview's blob: URL lives as long as the image is chosen: revoked when it is removed, replaced or left.
  const previewUrl = image?.previewUrl ?? null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const elementId = (field: IdentificationField) => {
    switch (field) {
      case 'identificationNumber':
        return `${id}-number`;
      case 'image':
        return `${id}-image`;
      case 'issuedDate':
        return `${id}-issued-day`;
      case 'expiryDate':
        return `${id}-expiry-day`;
      default:
        return `${id}-type`;
    }
  };
  const fieldError = (field: IdentificationField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const formError = fieldError('form');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (adding || uploading) return;
    actorRef.send({ type: 'SUBMIT' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, elementId);
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    actorRef.send({
      type: 'IMAGE_CHOSEN',
      file: { name: file.name, sizeBytes: file.size, type: file.type, blob: file },
      previewUrl: URL.createObjectURL(file),
    });
  };

  const removeImage = () => {
    actorRef.send({ type: 'IMAGE_REMOVED' });
    if (fileInput.current) {
      fileInput.current.value = '';
      fileInput.current.focus();
    }
  };

  if (added) {
    return (
      <section className="card">
        <FocusHeading level={2}>{t('addIdentification.title')}</FocusHeading>
        {notice ? <Alert tone="success">{t(notice)}</Alert> : null}
      </section>
    );
  }

  const imageError = fieldError('image');
  const imageDescribedBy = [`${id}-image-hint`, imageError ? `${id}-image-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section className="card">
      <form className="form" noValidate onSubmit={onSubmit}>
        <FocusHeading level={2}>{t('addIdentification.title')}</FocusHeading>
        <p className="lead">{t('addIdentification.intro')}</p>
        {loading ? <p role="status">{t('addIdentification.loadingTypes')}</p> : null}
        {typesFailed && error ? (
          <Alert>
            {t(error)}{' '}
            <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
              {t('addIdentification.retry')}
            </Button>
          </Alert>
        ) : null}
        {!typesFailed && error ? <Alert>{t(error)}</Alert> : null}
        <SelectField
          id={elementId('form')}
          label={t('addIdentification.type')}
          required
          value={form.identificationTypeId > 0 ? String(form.identificationTypeId) : ''}
          options={[
            { value: '', label: t('addIdentification.selectType') },
            ...types.map((type) => ({ value: String(type.id), label: type.identificationType })),
          ]}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE', field: 'identificationTypeId', value })}
        />
        <TextField
          id={elementId('identificationNumber')}
          label={t('addIdentification.number')}
          hint={t(passport ? 'addIdentification.passportNumberHint' : 'addIdentification.numberHint')}
          inputMode="numeric"
          autoComplete="off"
          required
          value={form.identificationNumber}
          error={fieldError('identificationNumber')}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE', field: 'identificationNumber', value })}
        />
        <DateSelects
          idPrefix={`${id}-issued`}
          legend={t('addIdentification.issueDate')}
          labels={{
            day: t('addIdentification.issueDay'),
            month: t('addIdentification.issueMonth'),
            year: t('addIdentification.issueYear'),
          }}
          value={form.issued}
          years={issueYearOptions(today)}
          error={fieldError('issuedDate')}
          onChange={(part, value) =>
            actorRef.send({ type: 'CHANGE', field: dateField('issued', part), value })
          }
        />
        <DateSelects
          idPrefix={`${id}-expiry`}
          legend={t('addIdentification.expiryDate')}
          labels={{
            day: t('addIdentification.expiryDay'),
            month: t('addIdentification.expiryMonth'),
            year: t('addIdentification.expiryYear'),
          }}
          value={form.expiry}
          years={form.issued.year > 0 ? expiryYearOptions(form.issued.year) : []}
          disabled={!expiryOpen}
          hint={expiryOpen ? null : t('addIdentification.expiryLocked')}
          error={fieldError('expiryDate')}
          onChange={(part, value) =>
            actorRef.send({ type: 'CHANGE', field: dateField('expiry', part), value })
          }
        />
        <div className="field">
          <label htmlFor={elementId('image')}>{t('addIdentification.image')}</label>
          <input
            ref={fileInput}
            id={elementId('image')}
            type="file"
            accept={IMAGE_TYPES}
            required
            aria-invalid={imageError ? true : undefined}
            aria-describedby={imageDescribedBy}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          <p id={`${id}-image-hint`} className="field-hint">
            {t('addIdentification.imageHint')}
          </p>
          <p id={`${id}-image-error`} className="field-error" aria-live="polite">
            {imageError ?? ''}
          </p>
        </div>
        {image ? (
          <div className="image-chosen">
            {image.previewUrl ? (
              <img
                className="image-preview"
                src={image.previewUrl}
                alt={t('addIdentification.preview', { name: image.name })}
              />
            ) : null}
            {uploading || image.imageId ? (
              <>
                <progress
                  className="upload-progress"
                  aria-label={t('addIdentification.progress')}
                  max={100}
                  value={image.progress}
                />
                <p className="field-hint" aria-live="polite">
                  {image.imageId
                    ? t('addIdentification.uploaded', { name: image.name })
                    : t('addIdentification.uploading', { name: image.name, percent: image.progress })}
                </p>
              </>
            ) : null}
            <Button variant="secondary" onClick={removeImage}>
              {t('addIdentification.remove')}
            </Button>
          </div>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="form-actions">
          <Button
            type="submit"
            busy={adding}
            busyLabel={t('addIdentification.submitting')}
            aria-disabled={uploading || undefined}
            disabled={loading || typesFailed}
          >
            {t('addIdentification.submit')}
          </Button>
          {onCancel ? (
            <Button variant="link" onClick={onCancel}>
              {t('addIdentification.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
