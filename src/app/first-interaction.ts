/**
 * What a visitor does first on a page: a touch, a key, a click, a focus, or moving the mouse or its wheel (a desktop
 * visitor is there before clicking: a form's countries, say, are loaded by then).
 */
const FIRST_INTERACTIONS = [
  'pointerdown',
  'pointermove',
  'wheel',
  'touchstart',
  'keydown',
  'focusin',
] as const;

/** Calls `run` at the visitor's next interaction with the page (each time: the caller stops listening). */
export const onInteraction = (run: () => void): (() => void) => {
  for (const type of FIRST_INTERACTIONS)
    document.addEventListener(type, run, { capture: true, passive: true });
  return () => {
    for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, run, { capture: true });
  };
};
