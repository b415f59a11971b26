// Helpers for the browser journeys: unique users, sign-up through the API (when the journey is not about sign-up),
// log-in through the screen, and the forgot-password code read from the server's development outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

let counter = 0;

/** A user nobody else has registered: unique per worker, test and run. */
export function newUser(label: string): TestUser {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `e2e-${label}-${unique}@example.com`,
    password: 'Passw0rd!',
    firstName: 'Ama',
    lastName: 'Mensah',
    phoneNumber: '241234567',
  };
}

/** Registers a user through the real API (Ghana, +233). */
export async function signUpThroughApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/User/UserRegistration', {
    data: {
      email: user.email,
      phoneCode: '+233',
      phoneNumber: user.phoneNumber,
      firstName: user.firstName,
      middleName: '',
      lastName: user.lastName,
      createPassword: user.password,
      confirmPassword: user.password,
      countryId: 1,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Waits until the app has taken over the page: a prerendered public page (/, /LogIn, /SignUp, /TermsAndConditions)
 * shows at once, inert until its code runs (src/app/boot.tsx).
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * The visitor's first move on a public page (here the mouse): a public form's machine, and sign-up's countries with
 * it, start then rather than with the page (src/app/deferred-actor.ts).
 */
export async function visitorMoves(page: Page): Promise<void> {
  await appReady(page);
  await page.mouse.move(24, 24);
}

/** Fills the log-in screen and submits it (does not wait for the outcome). */
export async function submitLogIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await appReady(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Logs in through the screen and waits for the dashboard. */
export async function logIn(page: Page, user: TestUser): Promise<void> {
  await submitLogIn(page, user.email, user.password);
  // A page of the dashboard: /dashboard itself redirects to its first page once its chunk is in, and a click made
  // before that would be overtaken by the redirect.
  await expect(page).toHaveURL(/\/dashboard\/\w+/i);
}

/**
 * The newest 6-digit code mailed to `email`, read from $E2E_DATA_DIR/outbox/*.json ({ to, subject, text }) as the
 * server writes it without SMTP. Waits for the mail to arrive; `after` skips older mails (a resend).
 */
export async function codeFromOutbox(email: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with `npm run test:e2e`');
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => {
          const file = path.join(outbox, name);
          try {
            const mail = JSON.parse(await readFile(file, 'utf8')) as { to?: unknown; text?: unknown };
            return { name, mail };
          } catch {
            return null; // still being written
          }
        }),
    );
    const mine = mails
      .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
      .filter(({ mail }) =>
        String(mail.to ?? '')
          .toLowerCase()
          .includes(email.toLowerCase()),
      )
      .sort((a, b) => (a.name < b.name ? 1 : -1));
    const newest = mine[0];
    if (newest && mine.length > after) {
      const code = /\b(\d{6})\b/.exec(String(newest.mail.text ?? ''))?.[1];
      if (code) return code;
      throw new Error(`the mail to ${email} (${newest.name}) has no 6-digit code`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email} in ${outbox} within ${timeoutMs} ms`);
}

/** How many mails the outbox holds for `email` (to tell a new one from older ones). */
export async function outboxCount(email: string): Promise<number> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return 0;
  const outbox = path.join(dataDir, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  let count = 0;
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8').catch(() => '{}')) as {
      to?: unknown;
    };
    if (
      String(mail.to ?? '')
        .toLowerCase()
        .includes(email.toLowerCase())
    )
      count += 1;
  }
  return count;
}

/**
 * The tests' `test`: by default the visitor has already answered the cookie banner (userConsent=true), so the
 * banner does not cover the screens; `withCookieBanner: true` starts without the cookie.
 */
/** True once the app has taken over the page (no prerendered page still inert): see appReady. */
const takenOver = () => !document.getElementById('root')?.hasAttribute('inert');

export const test = base.extend<{ withCookieBanner: boolean }>({
  withCookieBanner: [false, { option: true }],
  // A prerendered page shows before its code runs and stays inert until then: journeys start, as a user's first tap
  // would, once the app has taken over (page.goto and page.reload wait for it).
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.waitForFunction(takenOver);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await page.waitForFunction(takenOver);
        return response;
      };
    }
    await use(page);
  },
  context: async ({ context, baseURL, withCookieBanner }, use) => {
    if (!withCookieBanner) {
      await context.addCookies([
        { name: 'userConsent', value: 'true', url: baseURL ?? 'http://localhost:3000' },
      ]);
    }
    await use(context);
  },
});

export { expect };
