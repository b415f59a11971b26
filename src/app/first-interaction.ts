/** What a visitor does first on a page: a touch, a key, a click or a focus. */
const FIRST_INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Calls `run` at the visitor's next interaction with the page (each time: the caller stops listening). */
export const onInteraction = (run: () => void): (() => void) => {
  for (const type of FIRST_INTERACTIONS)
    document.addEventListener(type, run, { capture: true, passive: true });
  return () => {
    for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, run, { capture: true });
  };
};
