import { TextField, type TextFieldProps } from './text-field';

/** An email address input: the right keyboard on a phone, no auto-capitalising or spell-checking, required. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
