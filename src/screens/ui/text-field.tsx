import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id' | 'children'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Translated error text; ties itself to the input (aria-describedby, aria-invalid) and is announced. */
  error?: string | null;
  hint?: string | null;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Something drawn after the input inside the same box (a show/hide toggle). */
  adornment?: ReactNode;
}

/** A labelled input with its hint and error tied to it. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  inputRef,
  adornment,
  className,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-control">
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {adornment}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
