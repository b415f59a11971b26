import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { domainMessages } from '../../src/domain/messages';
import { enCatalog, translator } from '../../src/i18n/core';
import { I18nProvider, loadCatalog, useI18n } from '../../src/i18n/i18n';
import { useFormat } from '../../src/i18n/format';
import { messages as frCatalog } from '../../src/i18n/locales/fr/messages.json';
import { LanguageSelect } from '../../src/screens/language-select';
import { sourceMessages } from '../../scripts/i18n-catalogs';

// The catalogs as translators write them (PO files: id -> ICU text), and as the app loads them (compiled).
const en = sourceMessages('en');
const fr = sourceMessages('fr');

function Probe() {
  const { t, language } = useI18n();
  const { formatMoney } = useFormat();
  return (
    <div>
      <p>{t('otp.codeSentTo', { maskedEmail: 'a****@b.co' })}</p>
      <p data-testid="money">{formatMoney(123450)}</p>
      <p data-testid="language">{language}</p>
      <LanguageSelect />
    </div>
  );
}

describe('catalogs', () => {
  it('English carries every domain message with the same text', () => {
    for (const [id, text] of Object.entries(domainMessages)) expect(en[id as keyof typeof en]).toBe(text);
  });

  it('French has exactly the English ids, each translated to a non-empty text', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const text of Object.values(fr)) expect(text.trim()).not.toBe('');
  });

  it('keeps the same placeholders in every translation', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[])
      expect(argumentNames(fr[id]), id).toEqual(argumentNames(en[id]));
  });

  it('reads the arguments of a message, not the words of its select branches', () => {
    expect(argumentNames('Show: {history, select, wallet {Wallet} other {History}} of {name}')).toEqual([
      'history',
      'name',
    ]);
    expect(argumentNames('{count, plural, one {# gem for {who}} other {# gems}}')).toEqual(['count', 'who']);
  });

  it('loads French as a separate module', async () => {
    await expect(loadCatalog('fr')).resolves.toBe(frCatalog);
  });
});

describe('t', () => {
  it('fills {name} placeholders and leaves unknown ones visible', () => {
    expect(translator(enCatalog)('otp.codeSentTo')).toBe('We sent a 6-digit code to {maskedEmail}');
    expect(translator(enCatalog)('footer.copyright', { year: 2026 })).toBe('© 2026 Cedi Wallet');
    expect(translator(frCatalog as never, 'fr')('logIn.invalidCredentials')).toBe(
      'E-mail ou mot de passe incorrect',
    );
  });
});

describe('I18nProvider', () => {
  it('switches to French from the Language select, formats money for it, sets <html lang> and remembers it', async () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('We sent a 6-digit code to a****@b.co')).toBeInTheDocument();
    expect(screen.getByTestId('money')).toHaveTextContent('GH₵ 1,234.50');
    expect(document.documentElement.lang).toBe('en');

    await userEvent.selectOptions(screen.getByLabelText('Language: English'), 'Français');

    expect(
      await screen.findByText('Nous avons envoyé un code à 6 chiffres à a****@b.co'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Langue : Français')).toHaveValue('fr');
    expect(screen.getByTestId('money')).toHaveTextContent('1 234,50 GH₵');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('language')).toBe('fr');
  });

  it('starts in the language it is given once its catalog is loaded', async () => {
    render(
      <I18nProvider initialLanguage="fr">
        <Probe />
      </I18nProvider>,
    );
    await act(async () => {
      await loadCatalog('fr');
    });
    expect(await screen.findByTestId('language')).toHaveTextContent('fr');
    expect(screen.getByLabelText('Langue : Français')).toBeInTheDocument();
  });
});

/**
 * The ICU arguments a message names ('{name}', '{count, plural, ...}'), with those inside plural and select branches;
 * a branch's own words ('{Wallet}' in 'wallet {Wallet}') are text, translated like any other.
 */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const readMessage = (from: number, inBranch: boolean): number => {
    let at = from;
    while (at < message.length) {
      const char = message[at];
      if (char === '}' && inBranch) return at + 1;
      if (char === '{') at = readArgument(at + 1);
      else at += 1;
    }
    return at;
  };
  const readArgument = (from: number): number => {
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?/.exec(message.slice(from));
    const name = head?.[1] ?? '';
    names.add(name);
    let at = from + (head?.[0].length ?? 0);
    if (head?.[2] === 'plural' || head?.[2] === 'select' || head?.[2] === 'selectordinal') {
      at += 1; // the comma before the branches
      while (at < message.length && message[at] !== '}') {
        if (message[at] === '{') at = readMessage(at + 1, true);
        else at += 1;
      }
    } else {
      while (at < message.length && message[at] !== '}') at += 1;
    }
    return at + 1;
  };
  readMessage(0, false);
  return [...names].sort();
}
