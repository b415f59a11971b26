/** What the visitor asked of moving pictures: read after hydration only, so prerendered HTML and the first render match. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const prefersReducedMotion = (): boolean => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;

interface NetworkInformationLike {
  saveData?: boolean;
}

/** The browser's Data Saver (Save-Data): Chrome on Android sets it for users who pay for every megabyte. */
export const savesData = (): boolean =>
  (navigator as Navigator & { connection?: NetworkInformationLike }).connection?.saveData === true;

/** Videos that play by themselves (even on hover) are for visitors who asked for neither reduced motion nor less data. */
export const movingPicturesWelcome = (): boolean => !prefersReducedMotion() && !savesData();
