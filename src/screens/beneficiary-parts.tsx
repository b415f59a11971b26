/**
 * The parts the beneficiary screens share: the MoMo number field, a beneficiary's number or account, and the
 * focus moving into a dialog's new step.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { Beneficiary } from '../contract/beneficiary';
import { MOMO_PHONE_MAX_DIGITS } from '../domain/momo';
import { BENEFICIARY_PHONE_CODE, nationalPart, phoneFieldFromNational } from '../machines/beneficiary-fields';
import { useI18n } from '../i18n/i18n';
import { TextField } from './ui/text-field';

/**
 * The MoMo number: a fixed '+233' before an input of the national number. The form holds the whole number with
 * its dial code digits ('233241234567'); what is typed goes through `phoneFieldFromNational`.
 */
export function BeneficiaryPhoneField({
  id,
  value,
  error,
  onValueChange,
}: {
  id: string;
  /** The form's value, '233' first. */
  value: string;
  error: string | null;
  onValueChange: (value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <TextField
      id={id}
      className="beneficiary-phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      // Room for a trunk 0 and spaces: '024 123 4567'.
      maxLength={MOMO_PHONE_MAX_DIGITS + 4}
      required
      label={t('beneficiaryForm.phone')}
      hint={t('beneficiaryForm.phoneHint')}
      value={nationalPart(value)}
      error={error}
      onValueChange={(typed) => onValueChange(phoneFieldFromNational(typed))}
      adornment={
        <span className="phone-prefix" aria-hidden="true">
          {BENEFICIARY_PHONE_CODE}
        </span>
      }
    />
  );
}

/** '+233 24 123 4567' (a 9-digit national number in Ghana's groups; other lengths as they are). */
export const phoneText = (phoneCode: string, national: string): string => {
  const grouped =
    national.length === 9 ? `${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}` : national;
  return `${phoneCode} ${grouped}`;
};

/** A beneficiary's MoMo number, or bank and masked account (read out as 'GCB Bank, account ending 0005'). */
export function BeneficiaryDetail({ beneficiary, id }: { beneficiary: Beneficiary; id?: string }) {
  const { t } = useI18n();
  if (beneficiary.type === 'mobile') {
    return (
      <span id={id} className="beneficiary-detail">
        {t('beneficiaries.mobileDetail', {
          network: beneficiary.network ?? 'none',
          phone: phoneText(beneficiary.phoneCode, beneficiary.phoneNumber),
        })}
      </span>
    );
  }
  const values = { bank: beneficiary.bankName ?? '', last4: (beneficiary.accountNo ?? '').slice(-4) };
  return (
    <span id={id} className="beneficiary-detail">
      <span aria-hidden="true">{t('beneficiaries.bankMasked', values)}</span>
      <span className="visually-hidden">{t('beneficiaries.bankSpoken', values)}</span>
    </span>
  );
}

/**
 * A dialog step's content: when it appears, the focus moves to it and its text is read out, so a keyboard or
 * screen reader user follows the step change; Tab goes on to its buttons. Give each step its own `key`.
 */
export function StepFocus({ children, className }: { children: ReactNode; className?: string }) {
  const step = useRef<HTMLDivElement>(null);
  useEffect(() => {
    step.current?.focus();
  }, []);
  return (
    <div ref={step} tabIndex={-1} className={['dialog-step', className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}
