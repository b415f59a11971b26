import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** The dialog's heading; without one the dialog is named by its content (a one-message alert). */
  title?: string;
  /** alertdialog for messages that need the user's attention now; dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  /** Escape calls it; without it Escape does nothing (a dialog that cannot be dismissed). */
  onClose?: () => void;
}

/**
 * A modal dialog: focus moves into it, Tab and Shift+Tab stay inside it, and focus returns where it was when it
 * closes. The rest of the page is hidden from assistive technology while it is open (aria-modal).
 */
export function Modal({ title, role = 'dialog', children, onClose }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : bodyId}
        aria-describedby={title ? bodyId : undefined}
        tabIndex={-1}
        className="modal"
        onKeyDown={onKeyDown}
      >
        {title ? (
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
        ) : null}
        <div id={bodyId}>{children}</div>
      </div>
    </div>
  );
}
