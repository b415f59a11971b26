/** The React binding's extras: the callback the app uses to keep the choice on the account, and currentLanguage. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLanguage, I18nProvider, languages, useI18n } from '../../src/i18n/i18n';
import { LanguageSelect } from '../../src/screens/language-select';

function Probe() {
  const { t } = useI18n();
  return (
    <div>
      <p>{t('pager.showing', { from: 1, to: 1, total: 1 })}</p>
      <LanguageSelect />
    </div>
  );
}

describe('I18nProvider', () => {
  it('tells the app which language the reader chose, once it shows, and currentLanguage follows', async () => {
    localStorage.clear();
    const chosen = vi.fn();
    render(
      <I18nProvider onLanguageChosen={chosen}>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(currentLanguage()).toBe('en');
    expect(chosen).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Language: English'), 'Français');

    expect(await screen.findByText('Affichage de 1 à 1 sur 1')).toBeInTheDocument();
    expect(chosen).toHaveBeenCalledExactlyOnceWith('fr');
    expect(currentLanguage()).toBe('fr');
  });

  it('offers only the shipped languages outside development (no pseudo-locale)', () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    const options = [...screen.getByRole('combobox').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual([...languages]);
  });
});
