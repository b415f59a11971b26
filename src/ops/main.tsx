// The operations console's entry (/ops): a separate Parcel build (dist/ops/, see scripts/build-ops.mjs), never
// loaded by the customers' app, never precached by its service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider, loadEnglish, storedLanguage } from '../i18n/i18n';
import { OpsApp } from './ops-app';

const container = document.getElementById('root');
if (!container) throw new Error('ops/index.html has no #root');

const start = async () => {
  await loadEnglish().catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <I18nProvider initialLanguage={storedLanguage()}>
        <OpsApp />
      </I18nProvider>
    </StrictMode>,
  );
};

void start();
