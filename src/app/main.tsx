import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setTokenSource } from '../services/http';
import { authStore } from './stores/auth-store';
import { I18nProvider, loadCatalog, storedLanguage } from '../i18n/i18n';
import { CompositionRoot } from './composition-root';
import { AppRoutes } from './routes';

setTokenSource(() => authStore.token);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const start = async () => {
  const language = storedLanguage();
  // A returning French reader gets French on the first paint (English is in the bundle already).
  const catalog = await loadCatalog(language).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <I18nProvider initialLanguage={catalog ? language : 'en'} initialCatalog={catalog}>
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
