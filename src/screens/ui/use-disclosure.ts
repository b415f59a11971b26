import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A disclosure's state and wiring (a button that shows a panel): closes on a press outside `container` and with
 * Escape (focus back on `button`). Spread `containerProps` on the element around the button and the panel.
 */
export function useDisclosure<Container extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<Container>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    button,
    buttonProps: {
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((isOpen) => !isOpen),
    },
    panelId,
    containerProps: {
      ref: container,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      },
    },
  };
}
