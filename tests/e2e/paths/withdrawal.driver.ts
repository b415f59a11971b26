/**
 * The withdrawal machine (src/machines/withdrawal.machine.ts) on the /Withdrawal screen: each event an action on
 * the page, each state a check of the page. The sandbox decides the outcomes: a payout to a number or account
 * ending 000001 fails, any other succeeds after SANDBOX_DECISION_MS.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi } from '../support/app';
import { addGhanaCardThroughApi, apiLogIn, cardTopUpThroughApi } from '../support-wallet';
import type { BrowserDriver, BrowserPath, BrowserStep } from './run-paths';

const DECISION_TIMEOUT = 20_000;
const FAILING_MOMO = '0241000001';
const FAILING_ACCOUNT = '0123000001';

/** The GH₵ the model's input starts with ('bank, GH₵ 100 available'). */
const availableOf = (path: BrowserPath) =>
  Number(/GH₵ ([\d,.]+)/.exec(path.input)?.[1]?.replace(/,/g, '') ?? 100);

/** Whether the payout the path sends after step `index` ends Failed (the sandbox's failing number, then). */
const payoutFails = (path: BrowserPath, index: number): boolean => {
  for (const step of path.steps.slice(index + 1)) {
    if (step.event === 'xstate.done.actor.getOperation') return step.data?.status === 'Failed';
    if (step.event === 'CHANGE' || step.event === 'AGAIN') return false;
  }
  return false;
};

const valid = (field: string, value: string) =>
  field === 'momoMobileNumber' ? value.replace(/\D/g, '').length >= 9 : /^\d{10,15}$/.test(value);

const gatewayName = (path: BrowserPath, index: number): 'Bank' | 'MoMo' => {
  for (const step of path.steps.slice(0, index + 1).reverse())
    if (step.event === 'GATEWAY_CHOSEN') return step.data?.gateway === 'bank' ? 'Bank' : 'MoMo';
  return 'MoMo';
};

const stateBefore = (path: BrowserPath, index: number) => path.steps[index - 1]?.state ?? '';

export const driver: BrowserDriver = {
  async start(page, request, path) {
    const user = newUser('paths');
    await signUpThroughApi(request, user);
    const session = await apiLogIn(request, user);
    await addGhanaCardThroughApi(request, session);
    await cardTopUpThroughApi(request, session, availableOf(path));
    await logIn(page, user);
    await page.goto('/Withdrawal');
  },

  async act(page: Page, step: BrowserStep, index: number, path: BrowserPath) {
    const before = stateBefore(path, index);
    const data = step.data ?? {};
    switch (step.event) {
      case 'GATEWAY_CHOSEN':
        await page.getByRole('radio', { name: data.gateway === 'bank' ? 'Bank' : 'MoMo' }).click();
        return;
      case 'CHANGE': {
        const field = String(data.field);
        const value = String(data.value ?? '');
        if (field === 'amount') await page.getByLabel('Amount', { exact: true }).fill(value);
        else if (field === 'bankId')
          await page.getByLabel('Bank', { exact: true }).selectOption({ index: value ? 1 : 0 });
        else {
          const typed = valid(field, value)
            ? payoutFails(path, index)
              ? field === 'momoMobileNumber'
                ? FAILING_MOMO
                : FAILING_ACCOUNT
              : value
            : value;
          await page
            .getByLabel(field === 'momoMobileNumber' ? 'MoMo Mobile Number' : 'Bank Account Number')
            .fill(typed);
        }
        return;
      }
      case 'SUBMIT':
        await page.getByRole('button', { name: 'Withdraw Funds' }).click();
        return;
      case 'CONFIRM':
        await page.getByRole('button', { name: 'Confirm' }).click();
        return;
      case 'BACK':
        await page
          .getByRole('button', { name: before.startsWith('reviewing') ? 'Change details' : 'Change gateway' })
          .click();
        return;
      case 'CLOSE':
        // The Success dialog is a dialog, the Error one an alert dialog.
        await page
          .getByRole('dialog')
          .or(page.getByRole('alertdialog'))
          .getByRole('button', { name: 'Close' })
          .click();
        return;
      case 'AGAIN':
        await page
          .getByRole(/* a link or a button */ 'button', { name: 'Make another withdrawal' })
          .or(page.getByRole('link', { name: 'Make another withdrawal' }))
          .click();
        return;
      default:
        // An answer or a timer: the server and the screen's own polling decide; the check waits for the state.
        return;
    }
  },

  async check(page, step, index, path) {
    const state = step.state;
    if (state.startsWith('selectingGateway'))
      await expect(page.getByRole('heading', { name: 'Where should the money go?' })).toBeVisible();
    else if (state.startsWith('editing')) {
      await expect(
        page.getByRole('heading', { level: 2, name: gatewayName(path, index), exact: true }),
      ).toBeVisible();
      if (step.event === 'SUBMIT')
        for (const message of step.shows) await expect(page.getByText(message).first()).toBeVisible();
    } else if (state.startsWith('reviewing'))
      await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    else if (state.startsWith('succeeded')) {
      if (step.event === 'CLOSE') await expect(page.getByRole('dialog', { name: 'Success' })).toHaveCount(0);
      else
        await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible({
          timeout: DECISION_TIMEOUT,
        });
      await expect(page.getByRole('heading', { level: 2, name: 'Withdrawal Successful' })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
    } else if (state.startsWith('failed')) {
      const error = page.getByRole('alertdialog', { name: 'Error' });
      await expect(error).toBeVisible({ timeout: DECISION_TIMEOUT });
      for (const message of step.shows) await expect(error).toContainText(message);
    }
    // loadingBanks, submitting, following: passing states, the next step's check waits for where they lead.
  },
};
