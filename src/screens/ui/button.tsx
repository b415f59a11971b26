import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While busy the button says `busyLabel`, is marked aria-busy and ignores clicks (it keeps focus). */
  busy?: boolean;
  busyLabel?: string;
  variant?: 'primary' | 'secondary' | 'link';
}

export function Button({
  busy = false,
  busyLabel,
  variant = 'primary',
  className,
  onClick,
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type="button"
      {...button}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      aria-disabled={busy || button['aria-disabled'] || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
