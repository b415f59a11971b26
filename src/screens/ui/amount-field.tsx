import { TextField, type TextFieldProps } from './text-field';

/**
 * A money amount input: a number keyboard on a phone (digits only for whole cedis, else with a decimal point),
 * nothing remembered, required. What it keeps of what is typed is the form's input filter (src/domain/amount).
 */
export function AmountField({ whole = false, ...props }: Omit<TextFieldProps, 'type'> & { whole?: boolean }) {
  return <TextField inputMode={whole ? 'numeric' : 'decimal'} autoComplete="off" required {...props} />;
}
