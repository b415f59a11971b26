import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { prefersReducedMotion } from './ui/motion';

/** Shown once the page has scrolled more than this (spec section 2). */
export const BACK_TO_TOP_AFTER_PX = 300;

/** 'Back to top': appears past 300 px of scrolling, scrolls up smoothly (at once for reduced motion), focus to the top. */
export function BackToTop() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑ </span>
      {t('landing.backToTop')}
    </button>
  );
}
