import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nProvider, isLanguage, loadCatalog, storedLanguage, type CatalogLocale } from '../i18n/i18n';
import { CompositionRoot, preloadAppActors } from './composition-root';
import { PRERENDERED_ATTRIBUTE, shouldHydrate } from './hydration';
import { startOfflineSupport } from './offline/register';
import { AppRoutes } from './routes';
import { savedSession } from './stores/auth-fields';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/**
 * A signed-in user's choice is kept on the account too, so the server mails them in it. The API client is not in the
 * public pages' first script: it comes with the app's actors, which a signed-in user has already loaded.
 */
const keepOnAccount = (language: CatalogLocale) => {
  if (savedSession() === null || !isLanguage(language)) return;
  void import('../services/user')
    .then(({ saveLanguageWhenSignedIn }) => saveLanguageWhenSignedIn(language))
    .catch(() => undefined);
};

const app = (
  { live }: { live: boolean },
  language: CatalogLocale,
  catalog?: Awaited<ReturnType<typeof loadCatalog>>,
) => (
  <StrictMode>
    <I18nProvider initialLanguage={language} initialCatalog={catalog} onLanguageChosen={keepOnAccount}>
      <BrowserRouter>
        <CompositionRoot live={live}>
          <AppRoutes />
        </CompositionRoot>
      </BrowserRouter>
    </I18nProvider>
  </StrictMode>
);

const start = async () => {
  const language = storedLanguage();
  const hydrate = shouldHydrate({
    prerenderedPath: container.getAttribute(PRERENDERED_ATTRIBUTE),
    currentPath: window.location.pathname,
    signedIn: savedSession() !== null,
  });
  if (hydrate) {
    // The HTML is the English page: hydrate it as English; the I18nProvider then loads and shows the stored language.
    // In a transition, React hydrates in slices and the page stays responsive while it does (the page is already
    // painted, so nothing waits for it).
    startTransition(() => {
      hydrateRoot(container, app({ live: false }, language));
    });
    return;
  }
  // A returning French reader gets French on the first paint (English is in the bundle already). The actors' chunk
  // loads meanwhile: a page rendered afresh waits for them.
  void preloadAppActors();
  const catalog = await loadCatalog(language).catch(() => undefined);
  createRoot(container).render(app({ live: true }, catalog ? language : 'en', catalog));
};

startOfflineSupport();
void start();
