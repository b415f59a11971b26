/** The language kept on the account: sent at sign-up, set by the switcher, used for the password-reset mail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, codeIn, envelope, latestMailTo, logIn, outboxFiles } from '../support/server-helpers';
import { validSignUpInput } from '../support/sign-up-arbitraries';
import { languages } from '../../src/domain/language';
import { translatorFor } from '../../src/i18n/core';
import { sourceMessages } from '../../scripts/i18n-catalogs';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 30 });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const signUp = async (language?: string) => {
  const input = validSignUpInput();
  const response = await post(apiPaths.register, language ? { ...input, language } : input);
  expect(response.statusCode, response.body).toBe(201);
  return { input, ...(await logIn(t.app, input.email, input.createPassword)) };
};

const resetMail = async (email: string) => {
  const before = await outboxFiles(t.config.DATA_DIR);
  expect((await post(apiPaths.forgotPassword, { email })).statusCode).toBe(200);
  return latestMailTo(t.config.DATA_DIR, email, before);
};

describe('the language on the account', () => {
  it('is English when the sign-up does not say, and the reset mail is in English', async () => {
    const { input } = await signUp();
    const mail = await resetMail(input.email);
    const code = codeIn(mail.text);
    expect(mail.subject).toBe(`${code} is your Cedi Wallet password reset code`);
    expect(mail.text).toContain(`Your code is ${code}. It works once, for 10 minutes.`);
  });

  it('is the one sent at sign-up: French arrives in French', async () => {
    const { input } = await signUp('fr');
    const mail = await resetMail(input.email);
    const code = codeIn(mail.text);
    expect(mail.subject).toBe(`${code} est votre code de réinitialisation du mot de passe Cedi Wallet`);
    expect(mail.text).toContain(`Votre code est ${code}. Il fonctionne une seule fois, pendant 10 minutes.`);
    expect(mail.text).not.toMatch(/Your code|password reset/);
  });

  it('is changed by SetLanguage for the signed-in user only, and the next mail follows it', async () => {
    const { input, token } = await signUp();
    const other = await signUp();
    expect(envelope(await post(apiPaths.setLanguage, { language: 'fr' }, bearer(token)))).toMatchObject({
      code: 200,
      data: null,
    });
    expect((await resetMail(input.email)).text).toContain('Votre code est');
    expect((await resetMail(other.input.email)).text).toContain('Your code is');

    await post(apiPaths.setLanguage, { language: 'en' }, bearer(token));
    expect((await resetMail(input.email)).text).toContain('Your code is');
  });

  it.each(languages.filter((language) => language !== 'en'))(
    'is kept for every shipped language: %s mails arrive in it, none of them in English',
    async (language) => {
      const { input } = await signUp(language);
      const mail = await resetMail(input.email);
      const code = codeIn(mail.text);
      const t = await translatorFor(language);
      expect(mail.subject).toBe(t('mail.passwordReset.subject', { code }));
      expect(mail.text).toContain(t('mail.passwordReset.code', { code, minutes: 10 }));
      expect(mail.text).not.toContain(sourceMessages('en')['mail.passwordReset.intro']);
    },
  );

  it('refuses a language the app does not offer, and a caller without a session', async () => {
    const { token } = await signUp();
    expect((await post(apiPaths.setLanguage, { language: 'de' }, bearer(token))).statusCode).toBe(400);
    expect((await post(apiPaths.register, { ...validSignUpInput(), language: 'xx' })).statusCode).toBe(400);
    expect((await post(apiPaths.setLanguage, { language: 'fr' })).statusCode).toBe(401);
  });
});
