import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { FocusHeading } from './ui/focus-heading';

/** The six sections of spec section 2, in order: each a heading and its paragraphs. */
const termsSections: readonly { id: string; heading: MessageId; paragraphs: readonly MessageId[] }[] = [
  {
    id: 'acceptance',
    heading: 'terms.acceptance.heading',
    paragraphs: ['terms.acceptance.p1', 'terms.acceptance.p2'],
  },
  {
    id: 'services',
    heading: 'terms.services.heading',
    paragraphs: ['terms.services.p1', 'terms.services.p2'],
  },
  {
    id: 'responsibilities',
    heading: 'terms.responsibilities.heading',
    paragraphs: ['terms.responsibilities.p1', 'terms.responsibilities.p2', 'terms.responsibilities.p3'],
  },
  {
    id: 'payments',
    heading: 'terms.payments.heading',
    paragraphs: ['terms.payments.p1', 'terms.payments.p2'],
  },
  { id: 'privacy', heading: 'terms.privacy.heading', paragraphs: ['terms.privacy.p1', 'terms.privacy.p2'] },
  {
    id: 'liability',
    heading: 'terms.liability.heading',
    paragraphs: ['terms.liability.p1', 'terms.liability.p2'],
  },
];

/** /TermsAndConditions: public, readable on a phone and printable (the print stylesheet hides the site's frame). */
export function TermsScreen() {
  const { t } = useI18n();
  return (
    <article className="terms">
      <FocusHeading>{t('feature.terms')}</FocusHeading>
      <p className="muted">{t('terms.intro')}</p>
      <nav aria-label={t('terms.contents')} className="terms-contents">
        <ol>
          {termsSections.map((section) => (
            <li key={section.id}>
              <a href={`#terms-${section.id}`}>{t(section.heading)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {termsSections.map((section, index) => (
        <section key={section.id} id={`terms-${section.id}`} aria-labelledby={`terms-${section.id}-heading`}>
          <h2 id={`terms-${section.id}-heading`}>
            {index + 1}. {t(section.heading)}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(paragraph)}</p>
          ))}
        </section>
      ))}
      <p className="terms-actions">
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {t('terms.print')}
        </button>{' '}
        <Link to="/">{t('terms.backHome')}</Link>
      </p>
    </article>
  );
}

export default TermsScreen;
