import { useI18n } from '../i18n/i18n';

/** 'Install the app', where the browser offers to install the web app (beforeinstallprompt); nothing elsewhere. */
export function InstallAppButton({ install }: { install: (() => Promise<void>) | null }) {
  const { t } = useI18n();
  if (!install) return null;
  return (
    <button type="button" className="signup-bar-install" onClick={() => void install()}>
      {t('landing.bar.install')}
    </button>
  );
}
