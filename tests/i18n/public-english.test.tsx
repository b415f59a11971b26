/** English in two parts (src/i18n/english.ts): the public pages' messages first, the rest with the other routes. */
import { readFileSync } from 'node:fs';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import {
  compileDomainMessageIds,
  compiledFile,
  compilePublicEnglish,
  domainMessageIdsFile,
  publicEnglishFile,
  publicEnglishFiles,
} from '../../scripts/i18n-catalogs';
import { publicModules } from '../../scripts/i18n-public-ids';

const read = (file: string) => readFileSync(file, 'utf8');
const messagesIn = (file: string) =>
  (JSON.parse(read(file)) as { messages: Record<string, unknown> }).messages;

describe('the public English', () => {
  test('is what `npm run i18n` makes of the compiled English, and so are the domain ids', () => {
    const parts = compilePublicEnglish(read(compiledFile('en')));
    expect([...parts.keys()]).toEqual(publicEnglishFiles);
    for (const [file, content] of parts) expect(read(file), file).toBe(content);
    expect(read(domainMessageIdsFile)).toBe(compileDomainMessageIds());
  });

  test('has the public pages’ messages as in the full catalog, and none of the signed-in screens’', () => {
    const full = messagesIn(compiledFile('en'));
    const part = messagesIn(publicEnglishFile);
    for (const [id, message] of Object.entries(part)) expect(full[id], id).toEqual(message);
    for (const id of ['cookies.accept', 'app.skipToContent']) expect(part, id).toHaveProperty([id]);
    for (const id of ['dashboard.logOut', 'otp.codeSentTo', 'terms.contents']) {
      expect(full, id).toHaveProperty([id]);
      expect(part, id).not.toHaveProperty([id]);
    }
    expect(Object.keys(part).length).toBeLessThan(Object.keys(full).length / 3);
  });

  test('the landing, log-in and sign-up pages carry the English only they show, which the first part leaves out', () => {
    const first = messagesIn(publicEnglishFile);
    const part = (name: string) => messagesIn(publicEnglishFiles.find((file) => file.endsWith(name))!);
    const [landing, logIn, signUp] = ['public-landing.json', 'public-log-in.json', 'public-sign-up.json'].map(
      part,
    );
    expect(landing).toHaveProperty(['landing.title']);
    expect(logIn).toHaveProperty(['logIn.title']);
    expect(logIn).toHaveProperty(['logIn.invalidCredentials']);
    expect(signUp).toHaveProperty(['signUp.title']);
    // What only the sign-up form's actors say comes with their chunk, not with /SignUp's first route.
    const signUpActors = part('public-sign-up-actors.json');
    expect(signUpActors).toHaveProperty(['signUp.emailTaken']);
    expect(signUp).not.toHaveProperty(['signUp.emailTaken']);
    for (const id of Object.keys(signUpActors)) expect(signUp, id).not.toHaveProperty([id]);
    for (const id of Object.keys({ ...landing, ...logIn, ...signUp, ...signUpActors }))
      expect(first, id).not.toHaveProperty([id]);
    // The signed-in user's bottom bar and session popup come with the rest of English (src/app/layout.tsx).
    expect(first).not.toHaveProperty(['bottomNav.home']);
  });

  test('a route’s own English is added in place: a provider made before it shows its text at once', async () => {
    vi.resetModules();
    const english = await import('../../src/i18n/english');
    const catalog = english.englishNow();
    expect(catalog).not.toHaveProperty(['logIn.title']);
    english.addEnglish({ messages: { 'logIn.title': 'Log In' } });
    expect(english.englishNow()).toBe(catalog);
    expect(english.isMessageId('logIn.title')).toBe(true);
  });

  test('is taken from the modules the public routes import statically, not from the lazy routes', () => {
    const modules = publicModules();
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/screens/landing-screen.tsx',
        'src/screens/log-in-screen.tsx',
        'src/screens/sign-up-screen.tsx',
      ]),
    );
    expect(modules).not.toContain('src/app/routes/dashboard-routes.tsx');
    expect(modules).not.toContain('src/screens/phone-format.ts');
  });

  test('an id the public part lacks fetches the rest of English, and the text replaces the id', async () => {
    vi.resetModules();
    const english = await import('../../src/i18n/english');
    const { I18nProvider, useI18n } = await import('../../src/i18n/i18n');
    expect(english.englishNow()).not.toHaveProperty(['otp.codeSentTo']);
    expect(english.isMessageId('otp.codeSentTo')).toBe(false);
    function Sample() {
      const { t } = useI18n();
      return <p>{t('otp.codeSentTo', { maskedEmail: 'a***@example.com' })}</p>;
    }
    render(
      <I18nProvider initialLanguage="en">
        <Sample />
      </I18nProvider>,
    );
    expect(await screen.findByText('We sent a 6-digit code to a***@example.com')).toBeInTheDocument();
    expect(english.isMessageId('otp.codeSentTo')).toBe(true);
    await act(() => english.loadEnglish());
  });
});
