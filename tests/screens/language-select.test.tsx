/** The header's compact language switcher: short on screen, complete for screen readers and the keyboard. */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '../../src/i18n/i18n';
import { languageNames, languages } from '../../src/domain/language';
import { LanguageSelect } from '../../src/screens/language-select';

const renderSwitcher = () => {
  localStorage.clear();
  return render(
    <I18nProvider>
      <LanguageSelect />
    </I18nProvider>,
  );
};

describe('LanguageSelect', () => {
  it('shows the current language short beside a globe, and names it in full for screen readers', () => {
    const { container } = renderSwitcher();
    const select = screen.getByRole('combobox', { name: 'Language: English' });
    expect(select).toHaveValue('en');
    const face = container.querySelector('.language-select-face');
    expect(face).toHaveAttribute('aria-hidden', 'true');
    expect(face).toHaveTextContent(/^EN$/);
    expect(face?.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('label')).toBeNull();
  });

  it('lists every shipped language named in itself, each option marked with its own language', () => {
    renderSwitcher();
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.lang, option.textContent])).toEqual(
      languages.map((code) => [code, code, languageNames[code]]),
    );
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['English', 'Français', 'Twi', 'Hausa', 'Kiswahili', 'isiZulu']),
    );
  });

  it('switches from the keyboard alone, and then speaks in the chosen language with Twi shown as TW', async () => {
    const { container } = renderSwitcher();
    await userEvent.tab();
    const select = screen.getByRole('combobox', { name: 'Language: English' });
    expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'Twi');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Kasa: Twi' })).toHaveValue('ak'));
    expect(container.querySelector('.language-select-face')).toHaveTextContent(/^TW$/);
    expect(document.documentElement).toHaveAttribute('lang', 'ak');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBe('ak');
  });
});
