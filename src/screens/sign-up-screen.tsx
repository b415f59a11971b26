import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SignUpField } from '../domain/sign-up';
import type { Country } from '../contract/reference';
import type { SignUpMachine } from '../machines/sign-up.machine';
import type { SignUpContext } from '../machines/sign-up.form';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { UnreachableAlert } from './ui/unreachable-alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { PasswordField } from './ui/password-field';
import { SelectField, type SelectOption } from './ui/select-field';
import { TextField } from './ui/text-field';
import { EmailField } from './ui/email-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';
import { typedDigits, usePhoneFormat } from './phone-input';
import { useOptionalSelector } from './use-optional-selector';
import type { DeferredForm } from './deferred-form';

export type SignUpForm = DeferredForm<SignUpMachine, SignUpContext>;

/** Unique per country although dial codes are shared (+1): "+233 GH". */
const phoneCountryValue = (country: Country) => `${country.dialCode} ${country.isoCode}`;

export function SignUpScreen({ form: signUp }: { form: SignUpForm }) {
  const { t } = useI18n();
  const id = useId();
  const actor = signUp.started?.actor ?? null;
  const context = useOptionalSelector(actor, (s) => s.context, signUp.draft);
  const submitting = useOptionalSelector(actor, (s) => s.matches('submitting'), false);
  // The machine starts by loading the countries: before it runs, that is what the page says.
  const loading = useOptionalSelector(actor, (s) => s.matches('loadingCountries'), true);
  const failed = useOptionalSelector(actor, (s) => s.matches('countriesFailed'), false);
  const { form, countries, violations, error, visiblePasswords } = context;

  const fieldId = (field: SignUpField) => `${id}-${field}`;
  const fieldError = (field: SignUpField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const change = (field: SignUpField) => (value: string) => signUp.send({ type: 'CHANGE', field, value });

  // Several countries share a dial code (+1): remember which one was picked, as long as its code is the form's.
  const [pickedIso, setPickedIso] = useState<string | null>(null);
  const phoneCountry =
    countries.find((country) => country.isoCode === pickedIso && country.dialCode === form.phoneCode) ??
    countries.find((country) => country.dialCode === form.phoneCode) ??
    null;
  const phoneCountryOptions = useMemo<SelectOption[]>(
    () =>
      countries.map((country) => ({
        value: phoneCountryValue(country),
        label: `${country.name} (${country.dialCode})`,
      })),
    [countries],
  );
  const phoneFormat = usePhoneFormat();
  const phoneDisplay = phoneFormat.format(phoneCountry?.isoCode ?? null, form.phoneNumber);

  const countryOptions = useMemo<SelectOption[]>(
    () => [
      { value: '', label: t('signUp.selectCountry') },
      ...countries.map((country) => ({ value: String(country.id), label: country.name })),
    ],
    [countries, t],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    void signUp
      .send({ type: 'SUBMIT' })
      .then((snapshot) => focusFirstInvalid(snapshot.context.violations, fieldId));
  };

  return (
    <div className="auth-page">
      <form className="card form" noValidate onSubmit={onSubmit}>
        <FocusHeading>{t('signUp.title')}</FocusHeading>
        <p className="lead">{t('signUp.slogan')}</p>
        {/* Always there, so the form does not jump up when the countries arrive (the page is prerendered loading). */}
        <p role="status" className="form-status">
          {loading ? t('signUp.loadingCountries') : null}
        </p>
        {failed && error ? (
          <Alert>
            {t(error)}{' '}
            <Button variant="link" onClick={() => signUp.send({ type: 'RETRY' })}>
              {t('signUp.retry')}
            </Button>
          </Alert>
        ) : null}
        {!failed && error ? <Alert>{t(error)}</Alert> : null}
        {signUp.unreachable ? <UnreachableAlert reload={signUp.reload} /> : null}
        <EmailField
          id={fieldId('email')}
          label={t('signUp.email')}
          value={form.email}
          error={fieldError('email')}
          onValueChange={change('email')}
        />
        <div className="field-row phone-row">
          <SelectField
            id={fieldId('phoneCode')}
            className="phone-country"
            label={t('signUp.phoneCountry')}
            autoComplete="tel-country-code"
            value={phoneCountry ? phoneCountryValue(phoneCountry) : ''}
            options={
              phoneCountry
                ? phoneCountryOptions
                : [{ value: '', label: form.phoneCode }, ...phoneCountryOptions]
            }
            error={fieldError('phoneCode')}
            onValueChange={(value) => {
              const country = countries.find((candidate) => phoneCountryValue(candidate) === value);
              if (!country) return;
              setPickedIso(country.isoCode);
              signUp.send({ type: 'PHONE_COUNTRY_CHANGED', dialCode: country.dialCode });
            }}
          />
          <TextField
            id={fieldId('phoneNumber')}
            className="phone-number"
            label={t('signUp.phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('signUp.phonePlaceholder')}
            required
            value={phoneDisplay}
            onFocus={phoneFormat.load}
            error={fieldError('phoneNumber')}
            onValueChange={(typed) =>
              change('phoneNumber')(typedDigits(phoneDisplay, form.phoneNumber, typed))
            }
          />
        </div>
        <TextField
          id={fieldId('firstName')}
          label={t('signUp.firstName')}
          autoComplete="given-name"
          required
          value={form.firstName}
          error={fieldError('firstName')}
          onValueChange={change('firstName')}
        />
        <TextField
          id={fieldId('middleName')}
          label={t('signUp.middleName')}
          autoComplete="additional-name"
          value={form.middleName}
          error={fieldError('middleName')}
          onValueChange={change('middleName')}
        />
        <TextField
          id={fieldId('lastName')}
          label={t('signUp.lastName')}
          autoComplete="family-name"
          required
          value={form.lastName}
          error={fieldError('lastName')}
          onValueChange={change('lastName')}
        />
        <PasswordField
          id={fieldId('createPassword')}
          label={t('signUp.createPassword')}
          autoComplete="new-password"
          required
          hint={t('signUp.passwordHint')}
          value={form.createPassword}
          visible={visiblePasswords.createPassword}
          error={fieldError('createPassword')}
          onToggleVisibility={() =>
            signUp.send({ type: 'TOGGLE_PASSWORD_VISIBILITY', field: 'createPassword' })
          }
          onValueChange={change('createPassword')}
        />
        <PasswordField
          id={fieldId('confirmPassword')}
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          visible={visiblePasswords.confirmPassword}
          error={fieldError('confirmPassword')}
          onToggleVisibility={() =>
            signUp.send({ type: 'TOGGLE_PASSWORD_VISIBILITY', field: 'confirmPassword' })
          }
          onValueChange={change('confirmPassword')}
        />
        <SelectField
          id={fieldId('countryId')}
          label={t('signUp.country')}
          autoComplete="country-name"
          required
          value={form.countryId > 0 ? String(form.countryId) : ''}
          options={countryOptions}
          error={fieldError('countryId')}
          onValueChange={change('countryId')}
        />
        <p className="form-aside">
          <Link to="/TermsAndConditions">{t('signUp.readTerms')}</Link>
        </p>
        <Button type="submit" busy={submitting} busyLabel={t('signUp.submitting')} className="button-block">
          {t('signUp.submit')}
        </Button>
        <p className="form-footer">
          {t('signUp.haveAccount')} <Link to="/LogIn">{t('signUp.logIn')}</Link>
        </p>
      </form>
    </div>
  );
}
