/**
 * The session machine (src/machines/session.machine.ts) in the real app: logging in on /LogIn, a reload (the stored
 * session), Log Out, a token revoked on the server (the validation answers 401) and the browser going offline (the
 * validation cannot reach the host), each ending the session with the spec's popup, then /LogIn.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, submitLogIn, type TestUser } from '../support/app';
import type { BrowserDriver, BrowserPath } from './run-paths';

const ENDING_TIMEOUT = 10_000;
const users = new Map<string, TestUser>();
const tokens = new Map<string, string>();

const userOf = (path: BrowserPath): TestUser => {
  const user = users.get(path.name);
  if (!user) throw new Error(`no user for ${path.name}`);
  return user;
};

/** Logs in through the screen and keeps the bearer token the server answered, to revoke it later. */
const logInKeepingToken = async (page: Page, path: BrowserPath, submit: () => Promise<void>) => {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/User/UserLogin'));
  await submit();
  const body = (await (await answer).json()) as { data: { token: string } };
  tokens.set(path.name, body.data.token);
};

export const driver: BrowserDriver = {
  async start(page, request, path) {
    const user = newUser('session-paths');
    users.set(path.name, user);
    await signUpThroughApi(request, user);
    if (path.steps[0]!.state === 'loggedOut') {
      await page.goto('/LogIn');
      return;
    }
    // A stored session: signed in, then the page loaded again reads it back (loggedOut -> loggedIn at once).
    await logInKeepingToken(page, path, () => logIn(page, user));
    await page.reload();
  },

  async act(page, step, _index, path) {
    switch (step.event) {
      case 'LOGGED_IN':
        await logInKeepingToken(page, path, () =>
          submitLogIn(page, userOf(path).email, userOf(path).password),
        );
        return;
      case 'LOG_OUT':
        await page.getByRole('button', { name: 'Log Out' }).click();
        return;
      case 'xstate.error.actor.validateToken':
        if (step.data?.failure === 'network') {
          await page.context().setOffline(true);
          return;
        }
        // HTTP 401: the token revoked on the server (another device logs it out).
        expect(
          (
            await page.request.post('/api/User/Logout', {
              headers: { Authorization: `Bearer ${tokens.get(path.name)}` },
            })
          ).status(),
        ).toBe(200);
        return;
      default:
        // An answer or a timer: the page validates every second and the popup closes itself.
        return;
    }
  },

  async check(page, step, index, path) {
    const state = step.state;
    if (state === 'loggedOut') {
      const before = path.steps[index - 1]?.state ?? '';
      if (index === 0) await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      else if (before.startsWith('endingSession')) {
        await expect(page).toHaveURL(/\/LogIn$/i, { timeout: ENDING_TIMEOUT });
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        await page.context().setOffline(false);
      } else {
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
      }
    } else if (state.startsWith('loggedIn.validation.waiting') || state === 'loggedIn') {
      await expect(page).toHaveURL(/\/dashboard\/\w+/i);
      await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    } else if (state.startsWith('endingSession')) {
      const popup = page.getByRole('alertdialog');
      await expect(popup).toBeVisible({ timeout: ENDING_TIMEOUT });
      for (const message of step.shows) await expect(popup).toContainText(message);
    }
    // validating, loggingOut: passing states, the next step's check waits for where they lead.
  },
};
