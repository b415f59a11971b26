import { MOMO_PHONE_MAX_DIGITS } from '../../domain/momo';
import { TextField, type TextFieldProps } from './text-field';

/** A mobile money number input: the phone keypad, the national number remembered, at most the rule's digits. */
export function MomoNumberField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={MOMO_PHONE_MAX_DIGITS}
      required
      {...props}
    />
  );
}
