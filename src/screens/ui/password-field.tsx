import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'adornment'> {
  visible: boolean;
  onToggleVisibility: () => void;
}

/** A password input with a show/hide toggle (a pressed-state button that controls the input). */
export function PasswordField({ visible, onToggleVisibility, id, ...field }: PasswordFieldProps) {
  const { t } = useI18n();
  const generated = useId();
  const inputId = id ?? `password-${generated}`;
  return (
    <TextField
      {...field}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      adornment={
        <button
          type="button"
          className="field-toggle"
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={onToggleVisibility}
        >
          {visible ? t('password.hide') : t('password.show')}
        </button>
      }
    />
  );
}
