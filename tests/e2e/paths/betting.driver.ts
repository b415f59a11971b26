/**
 * The betting machine (src/machines/betting.machine.ts) on /deposit and a partner's link /deposit/{token}: each
 * event an action on the page, each state a check of the page. The server decides the outcomes:
 * - the sandbox operator answers every credit pending and decides it after SANDBOX_DECISION_MS: a betting number
 *   ending 000001 is refused (the money comes back), any other credited;
 * - a deposit answered at once is one a monitoring rule holds for review (largeAmount: above 80% of the Minimum
 *   tier's GH₵ 3,000 daily limit), answered 200 'review', which the machine takes as done (isSuccessful);
 * - a deposit over the daily limit is refused 400 limit.daily;
 * - a link is made by the operator's server (AuthenticateUser, tests/e2e/support/partner-link.ts): forged (404),
 *   malformed (400), made for another email (403) or paid already (409, paid through the API meanwhile).
 * So the driver types those amounts and numbers where the path's answer needs them.
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiPaths } from '../../../src/contract/paths';
import { expect, logIn, newUser, signUpThroughApi } from '../support/app';
import { askForPaymentLink } from '../support/partner-link';
import { addGhanaCardThroughApi, apiLogIn, cardTopUpThroughApi, type ApiSession } from '../support-wallet';
import { LIMIT_REFUSAL } from './betting.reach';
import type { BrowserDriver, BrowserPath, BrowserStep } from './run-paths';
import { shownText } from './shown-text';

const DECISION_TIMEOUT = 30_000;
/** The model's wallet (its input 'GH₵ 1,000 in the wallet'). */
const WALLET = 1000;
/** The Minimum tier's maximum balance: room for the large amounts below. */
const LARGE_WALLET = 5000;
/** Above 80% of the GH₵ 3,000 daily limit, within it: held for review, answered at once. */
const HELD_AMOUNT = '2500';
/** Over the GH₵ 3,000 daily limit: refused 400 limit.daily. */
const OVER_LIMIT_AMOUNT = '3100';
/** The model's link names GH₵ 50. */
const LINK_AMOUNT = 50;
const CREDITED_NUMBER = '7730001234';
const REFUSED_NUMBER = '7730000001';

interface Run {
  session: ApiSession;
  token: string | null;
  /** The answer to the last PAY's InitiateBettingTransaction. */
  answer: Promise<Response> | null;
}

/** By path: two paths may share a name. */
const runs = new WeakMap<BrowserPath, Run>();

const runOf = (path: BrowserPath): Run => {
  const run = runs.get(path);
  if (!run) throw new Error(`no run for ${path.name}`);
  return run;
};

/** The steps after `index` up to the next new deposit (AGAIN). */
const ahead = (path: BrowserPath, index: number): BrowserStep[] => {
  const rest = path.steps.slice(index + 1);
  const again = rest.findIndex((step) => step.event === 'AGAIN');
  return again === -1 ? rest : rest.slice(0, again);
};

/** The amount the next deposit needs for its answer: held at once, over the limit, or as typed. */
const amountFor = (path: BrowserPath, index: number, typed: string): string => {
  for (const step of ahead(path, index)) {
    if (step.event === 'xstate.done.actor.initiateBetting' && step.data?.status === 'Successful')
      return HELD_AMOUNT;
    if (step.event === 'xstate.error.actor.initiateBetting' && step.shows.includes(LIMIT_REFUSAL))
      return OVER_LIMIT_AMOUNT;
  }
  return typed;
};

/** Whether the next deposit is refused by the operator (the betting number ending 000001 then). */
const operatorRefuses = (path: BrowserPath, index: number): boolean =>
  ahead(path, index).some(
    (step) => step.event === 'xstate.done.actor.getOperation' && step.data?.status === 'Failed',
  );

const needsLargeWallet = (path: BrowserPath) =>
  [HELD_AMOUNT, OVER_LIMIT_AMOUNT].includes(amountFor(path, 0, ''));

/** Pays the link through the API (as in another tab), so the page's own payment finds it paid. */
async function payLinkThroughApi(request: APIRequestContext, session: ApiSession, token: string) {
  const response = await request.post(apiPaths.initiateBetting, {
    headers: { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': randomUUID() },
    data: { userId: session.userId, sendAmount: LINK_AMOUNT, paymentMethodId: 1, paymentToken: token },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The /deposit/{token} the path's first answer needs. */
async function linkPath(request: APIRequestContext, session: ApiSession, path: BrowserPath, email: string) {
  const first = path.steps[1]!;
  if (first.event === 'xstate.error.actor.loadPaymentRequest') {
    const failure = String(first.data?.failure);
    if (failure === 'HTTP 404') return { token: null, url: '/deposit/forged-token-0000' };
    // A token longer than any the contract takes.
    if (failure === 'HTTP 400') return { token: null, url: `/deposit/${'x'.repeat(200)}` };
    if (failure === 'HTTP 403') {
      const link = await askForPaymentLink(request, newUser('someone-else').email);
      return { token: link.token, url: link.paymentPath };
    }
    if (failure === 'HTTP 409') {
      const link = await askForPaymentLink(request, email, { battingNo: CREDITED_NUMBER });
      await payLinkThroughApi(request, session, link.token);
      return { token: link.token, url: link.paymentPath };
    }
    throw new Error(`betting driver: no link answers ${failure}`);
  }
  const amount = amountFor(path, 1, String(LINK_AMOUNT));
  const link = await askForPaymentLink(request, email, {
    battingNo: operatorRefuses(path, 1) ? REFUSED_NUMBER : CREDITED_NUMBER,
    sendAmount: first.state === 'linkAmount' ? undefined : Number(amount),
  });
  return { token: link.token, url: link.paymentPath };
}

const headingOf = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** The first of the step's messages: the screen shows the first broken rule. */
async function expectFirstMessage(page: Page, step: BrowserStep) {
  const [first] = step.shows;
  if (first) await expect(page.getByText(shownText(first)).first()).toBeVisible();
}

/** An alert saying `message` (its placeholders the answer's figures). */
async function expectAlert(page: Page, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: shownText(message) })).toBeVisible();
}

/** The answer of the PAY before this step: its HTTP status and, for a 200, the status the path's event carries. */
async function expectAnswer(run: Run, step: BrowserStep) {
  if (!run.answer) throw new Error('no deposit was sent');
  const response = await run.answer;
  if (step.event === 'xstate.error.actor.initiateBetting') {
    expect(`HTTP ${response.status()}`).toBe(step.data?.failure);
    return;
  }
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { status: string } };
  // Answered at once 'Successful' in the model: the host's answer at once is a hold for review.
  expect(data.status).toBe(step.data?.status === 'Successful' ? 'review' : step.data?.status);
}

export const driver: BrowserDriver = {
  async start(page, request, path) {
    const user = newUser('betting-paths');
    await signUpThroughApi(request, user);
    const session = await apiLogIn(request, user);
    await addGhanaCardThroughApi(request, session);
    await cardTopUpThroughApi(request, session, needsLargeWallet(path) ? LARGE_WALLET : WALLET);
    const onLink = path.steps[0]!.state === 'linkLoading';
    const target = onLink ? await linkPath(request, session, path, user.email) : null;
    runs.set(path, { session, token: target?.token ?? null, answer: null });
    await logIn(page, user);
    await page.goto(target?.url ?? '/deposit');
  },

  async act(page: Page, step: BrowserStep, index: number, path: BrowserPath) {
    const before = path.steps[index - 1]?.state ?? '';
    const data = step.data ?? {};
    switch (step.event) {
      case 'CHANGE': {
        const value = String(data.value ?? '');
        if (data.field === 'operatorId') {
          const select = page.getByLabel('Betting operator');
          const known = (await select.locator(`option[value="${value}"]`).count()) > 0;
          await select.selectOption(known ? value : '');
        } else if (data.field === 'bettingNo')
          await page
            .getByLabel('Betting number', { exact: true })
            .fill(
              /\d{6}/.test(value.replace(/\D/g, '')) && operatorRefuses(path, index) ? REFUSED_NUMBER : value,
            );
        else if (data.field === 'receiverPhoneNo')
          await page.getByLabel('Phone number of the betting account').fill(value);
        else {
          const valid = Number(value) > 0;
          await page.getByLabel('Amount (GH₵)').fill(valid ? amountFor(path, index, value) : value);
        }
        return;
      }
      case 'SUBMIT':
      case 'NEXT':
        await page.getByRole('button', { name: 'Next' }).click();
        return;
      case 'SELECT_WALLET':
        await page.getByRole('button', { name: 'Pay from your wallet' }).click();
        return;
      case 'PAY': {
        const run = runOf(path);
        const next = path.steps[index + 1];
        if (next?.event === 'xstate.error.actor.initiateBetting' && next.data?.failure === 'HTTP 409')
          await payLinkThroughApi(page.request, run.session, run.token ?? '');
        run.answer = page.waitForResponse(
          (response) =>
            response.url().endsWith(apiPaths.initiateBetting) && response.request().method() === 'POST',
        );
        await page.getByRole('button', { name: 'Click to pay' }).click();
        return;
      }
      case 'BACK':
        await page
          .getByRole('button', { name: before === 'refused' ? 'Change the details' : 'Back', exact: true })
          .click();
        return;
      case 'AGAIN':
        await page
          .getByRole('button', { name: before === 'linkClosed' ? 'Make a new payment' : 'Pay again' })
          .click();
        return;
      default:
        // An answer or a timer: the server and the screen's own polling decide; the check waits for the state.
        return;
    }
  },

  async check(page, step, _index, path) {
    const state = step.state;
    if (
      step.event === 'xstate.done.actor.initiateBetting' ||
      step.event === 'xstate.error.actor.initiateBetting'
    )
      await expectAnswer(runOf(path), step);
    if (state === 'loadingOperators' || state === 'editing') {
      // Loading the operators shows the Details heading already.
      await expect(headingOf(page, 'Pay into your betting account')).toBeVisible();
      if (state === 'editing') {
        await expect(page.getByLabel('Betting operator')).toBeVisible();
        await expectFirstMessage(page, step);
      }
    } else if (state === 'linkLoading')
      await expect(page.getByRole('heading', { level: 1, name: 'Betting & Games' })).toBeVisible();
    else if (state === 'linkClosed') {
      await expect(headingOf(page, 'Payment request')).toBeVisible();
      await expectAlert(page, step.shows[0] ?? '');
    } else if (state === 'linkAmount') {
      await expect(headingOf(page, 'How much do you want to pay?')).toBeVisible();
      await expectFirstMessage(page, step);
    } else if (state === 'linkPayment') {
      await expect(headingOf(page, 'Confirm and pay')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay from your wallet' })).toBeVisible();
    } else if (state === 'linkPurpose')
      await expect(headingOf(page, 'What this payment is for')).toBeVisible();
    else if (state === 'payment') {
      await expect(page.getByRole('button', { name: 'Click to pay' })).toBeVisible();
      for (const message of step.shows) await expectAlert(page, message);
    } else if (state === 'done') {
      await expect(headingOf(page, 'Thank you!')).toBeVisible({ timeout: DECISION_TIMEOUT });
      // Answered at once: the hold for review says so; a followed deposit was credited.
      const held = page.getByText('This payment is being reviewed.', { exact: false });
      if (step.event === 'xstate.done.actor.initiateBetting') await expect(held).toBeVisible();
      else await expect(held).toHaveCount(0);
    } else if (state === 'refused') {
      await expect(headingOf(page, 'Payment not completed')).toBeVisible({ timeout: DECISION_TIMEOUT });
      for (const message of step.shows) await expectAlert(page, message);
    }
    // paying, following: passing states (the answer checked above); the next step's check waits for where they lead.
  },
};
