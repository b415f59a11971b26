import { useEffect } from 'react';

/** The attribute on <html> saying how the user last moved: 'keyboard' or 'pointer' (absent before either). */
export const INPUT_MODALITY_ATTRIBUTE = 'data-input';

const NAVIGATION_KEYS = new Set([
  'Tab',
  'Enter',
  ' ',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Escape',
]);

/**
 * Tells the stylesheet whether the user is on the keyboard. A page's heading takes focus when it opens (so a
 * screen reader announces it), and browsers count a focus moved by script on a fresh page as ':focus-visible':
 * the heading's ring is drawn only once a key was pressed (styles.css), never on a page load or after a tap.
 */
export const useInputModality = (): void => {
  useEffect(() => {
    const root = document.documentElement;
    const onKey = (event: KeyboardEvent) => {
      if (NAVIGATION_KEYS.has(event.key)) root.setAttribute(INPUT_MODALITY_ATTRIBUTE, 'keyboard');
    };
    const onPointer = () => root.setAttribute(INPUT_MODALITY_ATTRIBUTE, 'pointer');
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
};
