import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { MessageId } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { BackToTop } from './back-to-top';
import { AudienceCards, HowItWorksVideo } from './landing-videos';
import { InstallAppButton } from './install-app-button';
import { FocusHeading } from './ui/focus-heading';

interface Tile {
  title: MessageId;
  text: MessageId;
  /** Where the tile leads; a tile without a page yet is plain text. */
  to?: string;
}

const whatWeDo: readonly Tile[] = [
  { title: 'landing.do.processing', text: 'landing.do.processingText' },
  { title: 'landing.do.betting', text: 'landing.do.bettingText', to: '/deposit' },
  { title: 'landing.do.remittance', text: 'landing.do.remittanceText', to: '/SendMoney' },
  { title: 'landing.do.momo', text: 'landing.do.momoText', to: '/SendMoney' },
  { title: 'landing.do.crossBorder', text: 'landing.do.crossBorderText', to: '/CrossBorderPayment' },
  { title: 'landing.do.bills', text: 'landing.do.billsText', to: '/BillPayment' },
  { title: 'landing.do.government', text: 'landing.do.governmentText', to: '/BillPayment' },
];

const whyChooseUs: readonly Tile[] = [
  { title: 'landing.why.noHiddenCharges', text: 'landing.why.noHiddenChargesText' },
  { title: 'landing.why.instant', text: 'landing.why.instantText' },
  { title: 'landing.why.protected', text: 'landing.why.protectedText' },
  { title: 'landing.why.convenient', text: 'landing.why.convenientText' },
];

const languageSteps: readonly Tile[] = [
  { title: 'landing.language.signUp', text: 'landing.language.signUpText' },
  { title: 'landing.language.logIn', text: 'landing.language.logInText' },
  { title: 'landing.language.transfer', text: 'landing.language.transferText' },
];

const securityFeatures: readonly Tile[] = [
  { title: 'landing.security.encryption', text: 'landing.security.encryptionText' },
  { title: 'landing.security.ledger', text: 'landing.security.ledgerText' },
  { title: 'landing.security.identity', text: 'landing.security.identityText' },
  { title: 'landing.security.sessions', text: 'landing.security.sessionsText' },
];

const howItWorks: readonly Tile[] = [
  { title: 'landing.how.account', text: 'landing.how.accountText' },
  { title: 'landing.how.identify', text: 'landing.how.identifyText' },
  { title: 'landing.how.topUp', text: 'landing.how.topUpText' },
  { title: 'landing.how.send', text: 'landing.how.sendText' },
];

/** The products of the Products menu, each at the anchor the spec names. */
const products: readonly (Tile & { anchor: string })[] = [
  { anchor: 'proprietary-apis', title: 'landing.products.apis', text: 'landing.products.apisText' },
  { anchor: 'data-collection', title: 'landing.products.data', text: 'landing.products.dataText' },
  { anchor: 'database-solutions', title: 'landing.products.database', text: 'landing.products.databaseText' },
  { anchor: 'ai-solutions', title: 'landing.products.ai', text: 'landing.products.aiText' },
];

const coreValues: readonly Tile[] = [
  { title: 'landing.about.integrity', text: 'landing.about.integrityText' },
  { title: 'landing.about.inclusion', text: 'landing.about.inclusionText' },
  { title: 'landing.about.innovation', text: 'landing.about.innovationText' },
  { title: 'landing.about.care', text: 'landing.about.careText' },
];

function Tiles({ tiles, numbered = false }: { tiles: readonly Tile[]; numbered?: boolean }) {
  const { t } = useI18n();
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="landing-tiles">
      {tiles.map((tile) => (
        <li key={tile.title} className="landing-tile">
          <h3>{tile.to ? <Link to={tile.to}>{t(tile.title)}</Link> : t(tile.title)}</h3>
          <p>{t(tile.text)}</p>
        </li>
      ))}
    </List>
  );
}

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: MessageId;
  lead?: MessageId;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(title)}</h2>
      {lead ? <p className="lead">{t(lead)}</p> : null}
      {children}
    </section>
  );
}

/** Scrolls to the anchor of the address (#about-us...) when the page opens on it or a menu link changes it. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/**
 * The landing page of spec section 2: the hero and its actions (to the feature when signed in, to /LogIn when not),
 * the sign-up bar, what we do, why choose us, the language banner, security, audiences, how it works, products and
 * about us. Only what the product does is claimed (docs/decisions.md, issue 12).
 */
export function LandingScreen({
  signedIn,
  install = null,
}: {
  signedIn: boolean;
  /** The browser's install prompt, where it offers one (the DOWNLOAD APP bar shows 'Install the app'). */
  install?: (() => Promise<void>) | null;
}) {
  const { t } = useI18n();
  useScrollToHash();
  const feature = (to: string) => (signedIn ? to : '/LogIn');
  return (
    <div className="landing">
      <section className="hero">
        <FocusHeading>{t('landing.title')}</FocusHeading>
        <p className="lead">{t('landing.lead')}</p>
        <div className="hero-actions">
          <Link to={feature('/SendMoney')} className="button button-primary button-large">
            {t('landing.sendMoney')}
          </Link>
          <Link to={feature('/Dashboard/mobileWallet')} className="button button-secondary">
            {t('landing.mobileWallet')}
          </Link>
          <Link to={feature('/SendMoney')} className="button button-secondary">
            {t('landing.bankDeposit')}
          </Link>
          <Link to={feature('/SendMoney')} className="button button-secondary">
            {t('landing.momoTransfer')}
          </Link>
        </div>
      </section>
      <div className="signup-bar">
        {/* A signed-in visitor (unknown paths lead here too) is offered the dashboard, never sign-up. */}
        {signedIn ? (
          <Link to="/Dashboard" className="signup-bar-link">
            <span aria-hidden="true">→</span>
            <span className="signup-bar-text">{t('nav.dashboard')}</span>
          </Link>
        ) : (
          <Link to="/SignUp" className="signup-bar-link" aria-label={t('landing.bar.signUpLabel')}>
            <span aria-hidden="true">✚</span>
            <span className="signup-bar-text">{t('landing.bar.signUp')}</span>
          </Link>
        )}
        {/* Where the browser offers to install, its button takes DOWNLOAD APP's place (it comes after hydration:
            beside it, the bar would gain a row on a phone and push the page down, a layout shift). */}
        {install ? (
          <InstallAppButton install={install} />
        ) : (
          <p className="signup-bar-download">
            <span aria-hidden="true">⬇</span>
            <span className="signup-bar-text">{t('landing.bar.download')}</span>
            <span className="visually-hidden">{t('landing.bar.downloadHint')}</span>
          </p>
        )}
      </div>
      <Section id="what-we-do" title="landing.do.title">
        <Tiles tiles={whatWeDo} />
      </Section>
      <Section id="why-choose-us" title="landing.why.title">
        <Tiles tiles={whyChooseUs} />
      </Section>
      <Section id="speak-your-language" title="landing.language.title" lead="landing.language.lead">
        <Tiles tiles={languageSteps} numbered />
      </Section>
      <Section id="security" title="landing.security.title">
        <Tiles tiles={securityFeatures} />
      </Section>
      <Section id="audiences" title="landing.audience.title">
        <AudienceCards />
      </Section>
      <Section id="how-it-works" title="landing.how.title">
        <HowItWorksVideo />
        <Tiles tiles={howItWorks} numbered />
      </Section>
      <Section id="products" title="landing.products.title">
        <ul className="landing-tiles">
          {products.map((product) => (
            <li key={product.anchor} id={product.anchor} className="landing-tile">
              <h3>{t(product.title)}</h3>
              <p>{t(product.text)}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="about-us" title="landing.about.title">
        <div className="landing-about">
          <div>
            <h3>{t('landing.about.vision')}</h3>
            <p>{t('landing.about.visionText')}</p>
          </div>
          <div>
            <h3>{t('landing.about.mission')}</h3>
            <p>{t('landing.about.missionText')}</p>
          </div>
        </div>
        <h3>{t('landing.about.values')}</h3>
        <Tiles tiles={coreValues} />
      </Section>
      <BackToTop />
    </div>
  );
}
