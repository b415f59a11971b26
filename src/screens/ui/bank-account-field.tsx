import { BANK_ACCOUNT_MAX_DIGITS } from '../../domain/bank-account';
import { TextField, type TextFieldProps } from './text-field';

/** A bank account number input: digits keyboard, nothing remembered, at most the rule's digits. */
export function BankAccountField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      maxLength={BANK_ACCOUNT_MAX_DIGITS}
      required
      {...props}
    />
  );
}
