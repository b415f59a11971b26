import { useId, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value' | 'id' | 'children'
> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  error?: string | null;
  id?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

export function SelectField({
  label,
  value,
  options,
  onValueChange,
  error,
  id,
  selectRef,
  className,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? `select-${generated}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId}>{label}</label>
      <select
        {...select}
        id={selectId}
        ref={selectRef}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={`${option.value}:${option.label}`} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
