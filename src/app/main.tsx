import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { currentToken } from '../services/http';
import { I18nProvider, isLanguage, loadCatalog, storedLanguage, type CatalogLocale } from '../i18n/i18n';
import { saveLanguage } from '../services/user';
import { CompositionRoot } from './composition-root';
import { AppRoutes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

/** A signed-in user's choice is kept on the account too, so the server mails them in it. */
const keepOnAccount = (language: CatalogLocale) => {
  if (currentToken() && isLanguage(language)) void saveLanguage(language).catch(() => undefined);
};

const start = async () => {
  const language = storedLanguage();
  // A returning French reader gets French on the first paint (English is in the bundle already).
  const catalog = await loadCatalog(language).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <I18nProvider
        initialLanguage={catalog ? language : 'en'}
        initialCatalog={catalog}
        onLanguageChosen={keepOnAccount}
      >
        <BrowserRouter>
          <CompositionRoot>
            <AppRoutes />
          </CompositionRoot>
        </BrowserRouter>
      </I18nProvider>
    </StrictMode>,
  );
};

void start();
