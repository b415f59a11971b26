/**
 * The top-up machine (src/machines/top-up.machine.ts) on /WalletTopUp: each event an action on the page, each state
 * a check of the page. The sandbox decides the outcomes (README "Sandbox test inputs"): the card 4000000000000002 is
 * declined and a bank account ending 000001 fails (both answered 402 at once), a MoMo number ending 000001 is
 * rejected on the phone and one ending 000002 is never answered; any other is approved.
 *
 * Two requests are held in the browser, then let through to the host unchanged, so that a passing state can be
 * seen and left as the path says: the bank list in loadingBanks (BACK is taken before the banks come), and a MoMo
 * status poll in awaitingApproval.checking (let through once the host's operation has the status the path expects,
 * read through the API: the sandbox decides 3 s after the request, the poll comes every 2 s).
 */
import type { Page, Route } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi } from '../support/app';
import { addGhanaCardThroughApi, apiLogIn, confirmReview, type ApiSession } from '../support-wallet';
import type { BrowserDriver, BrowserPath, BrowserStep } from './run-paths';
import { shownText } from './shown-text';

const DECISION_TIMEOUT = 20_000;
const DECLINED_CARD = '4000000000000002';
const FAILING_ACCOUNT = '0123000001';
const REJECTING_MOMO = '0241000001';
const UNANSWERED_MOMO = '0241000002';
/** Within the operation limit the browser checks (GH₵ 100,000), over every tier's maximum balance (GH₵ 75,000 at most). */
const OVER_EVERY_MAXIMUM = '99999';
const BANKS = '**/api/Bank/GetAllBanksByCountryId**';
const STATUS = '**/api/User/GetWalletOperation**';

const GATEWAYS: Record<string, string> = { card: 'Card', bank: 'Bank', momo: 'MoMo' };
const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  number: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  amount: 'Amount (GH₵)',
  bankAccountNumber: 'Bank account number',
  phone: 'MoMo number',
};

interface PageState {
  session: ApiSession;
  /** The request held in the browser, once the page has sent it. */
  held: Promise<Route> | null;
}
const pages = new WeakMap<Page, PageState>();

const stateOf = (page: Page): PageState => {
  const state = pages.get(page);
  if (!state) throw new Error('the top-up driver has not started this page');
  return state;
};

/** Holds the page's next request to `url` (the route is taken once). */
const holdNext = async (page: Page, url: string): Promise<void> => {
  let arrived!: (route: Route) => void;
  stateOf(page).held = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route(url, (route) => arrived(route), { times: 1 });
};

const heldRoute = (page: Page): Promise<Route> => {
  const held = stateOf(page).held;
  if (!held) throw new Error('no request is held');
  return held;
};

/** How the attempt the form is filled for after step `index` ends, as the path says. */
const outcomeAfter = (
  path: BrowserPath,
  index: number,
): 'refused' | 'limited' | 'rejected' | 'unanswered' | 'other' => {
  for (const step of path.steps.slice(index + 1)) {
    if (['AGAIN', 'DONE', 'BACK'].includes(step.event)) return 'other';
    if (step.event === 'xstate.error.actor.topUp')
      return step.data?.failure === 'HTTP 402'
        ? 'refused'
        : step.data?.failure === 'HTTP 400'
          ? 'limited'
          : 'other';
    if (step.event === 'xstate.done.actor.getOperation')
      return step.data?.status === 'Failed'
        ? 'rejected'
        : step.data?.status === 'pending'
          ? 'unanswered'
          : 'other';
  }
  return 'other';
};

/** What is typed: the model's value, or the sandbox's input for the outcome the path expects (a valid value only). */
const typed = (field: string, value: string, path: BrowserPath, index: number): string => {
  const digits = value.replace(/\D/g, '');
  const outcome = outcomeAfter(path, index);
  if (field === 'amount' && outcome === 'limited') return OVER_EVERY_MAXIMUM;
  if (field === 'number' && digits.length === 16 && outcome === 'refused') return DECLINED_CARD;
  if (field === 'bankAccountNumber' && /^\d{10,}$/.test(value) && outcome === 'refused')
    return FAILING_ACCOUNT;
  if (field === 'phone' && digits.length >= 9 && outcome === 'rejected') return REJECTING_MOMO;
  if (field === 'phone' && digits.length >= 9 && outcome === 'unanswered') return UNANSWERED_MOMO;
  return value;
};

const gatewayOf = (path: BrowserPath, index: number): string => {
  for (const step of path.steps.slice(0, index + 1).reverse())
    if (step.event === 'GATEWAY_CHOSEN') return GATEWAYS[String(step.data?.gateway)]!;
  throw new Error(`no gateway chosen before step ${index} of ${path.name}`);
};

const stateBefore = (path: BrowserPath, index: number) => path.steps[index - 1]?.state ?? '';

/** Lets the held status poll through once the host's operation has `status`; the page gets that answer. */
const answerPoll = async (page: Page, status: string, path: BrowserPath, index: number) => {
  const route = await heldRoute(page);
  const reference = new URL(route.request().url()).searchParams.get('referenceNumber');
  const { session } = stateOf(page);
  if (status !== 'pending')
    await expect
      .poll(
        async () => {
          const answer = await page.request.get('/api/User/GetWalletOperation', {
            headers: { Authorization: `Bearer ${session.token}` },
            params: { referenceNumber: reference ?? '' },
          });
          return ((await answer.json()) as { data: { status: string } }).data.status;
        },
        { timeout: DECISION_TIMEOUT },
      )
      .toBe(status);
  // The next poll of the path is held before this one's answer starts its timer.
  if (path.steps.slice(index + 1).some((step) => step.event.startsWith('xstate.after.statusPollInterval')))
    await holdNext(page, STATUS);
  else stateOf(page).held = null;
  const answered = page.waitForResponse((response) => response.request() === route.request());
  await route.continue();
  const body = (await (await answered).json()) as { data: { status: string } };
  expect(body.data.status).toBe(status);
};

export const driver: BrowserDriver = {
  async start(page, request) {
    const user = newUser('top-up-paths');
    await signUpThroughApi(request, user);
    const session = await apiLogIn(request, user);
    await addGhanaCardThroughApi(request, session);
    pages.set(page, { session, held: null });
    await logIn(page, user);
    await page.goto('/WalletTopUp');
  },

  async act(page: Page, step: BrowserStep, index: number, path: BrowserPath) {
    const before = stateBefore(path, index);
    const data = step.data ?? {};
    switch (step.event) {
      case 'GATEWAY_CHOSEN':
        if (step.state === 'loadingBanks') await holdNext(page, BANKS);
        await page.getByRole('radio', { name: GATEWAYS[String(data.gateway)] }).click();
        return;
      case 'xstate.done.actor.loadBanks':
        await (await heldRoute(page)).continue();
        stateOf(page).held = null;
        return;
      case 'CHANGE': {
        const field = String(data.field);
        const value = String(data.value ?? '');
        if (field === 'bankId') {
          await page.getByLabel('Bank', { exact: true }).selectOption({ index: value ? 1 : 0 });
          return;
        }
        const input = page.getByLabel(LABELS[field]!, { exact: true });
        const text = typed(field, value, path, index);
        if (field === 'number' || field === 'expiry') {
          // Formatted as typed (groups of four, MM/YY): typed key by key, as a person does.
          await input.clear();
          await input.pressSequentially(text);
        } else await input.fill(text);
        return;
      }
      case 'SUBMIT':
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        return;
      case 'CONFIRM':
        // A MoMo payment's first status poll is held, to see the wait and the poll.
        if (path.steps[index + 1]?.data?.status === 'pending') await holdNext(page, STATUS);
        await confirmReview(page);
        return;
      case 'BACK':
        await page
          .getByRole('button', { name: before === 'reviewing' ? 'Change details' : 'Change payment method' })
          .click();
        if (before === 'loadingBanks') {
          // The banks' request was sent before BACK: let it through now that the screen has left it.
          await expect(page.getByRole('heading', { name: 'How do you want to pay?' })).toBeVisible();
          await (await heldRoute(page)).continue();
          stateOf(page).held = null;
        }
        return;
      case 'AGAIN':
        await page.getByRole('button', { name: 'Top up again' }).click();
        return;
      case 'xstate.done.actor.getOperation':
        await answerPoll(page, String(data.status), path, index);
        return;
      default:
        // The top-up's answer or the poll's timer: the host and the screen's own timer decide.
        return;
    }
  },

  async check(page, step, index, path) {
    const state = step.state;
    if (state === 'choosingGateway')
      await expect(page.getByRole('heading', { name: 'How do you want to pay?' })).toBeVisible();
    else if (state === 'loadingBanks') {
      await heldRoute(page);
      await expect(page.getByRole('status').filter({ hasText: 'Loading banks…' })).toBeVisible();
    } else if (state === 'editing') {
      await expect(
        page.getByRole('heading', { level: 2, name: gatewayOf(path, index), exact: true }),
      ).toBeVisible();
      if (step.event === 'SUBMIT' || step.event.startsWith('xstate.error.actor.'))
        for (const message of step.shows)
          await expect(page.getByText(shownText(message)).first()).toBeVisible();
    } else if (state === 'reviewing')
      await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    else if (state.startsWith('awaitingApproval')) {
      await expect(page.getByRole('heading', { level: 2, name: 'Waiting for your approval' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Status: pending' })).toBeVisible();
      // checking: the screen's timer has sent its poll (held until the next step lets it through).
      if (state === 'awaitingApproval.checking') await heldRoute(page);
    } else if (state === 'recharged')
      await expect(page.getByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
    else if (state === 'failed') {
      await expect(page.getByRole('heading', { level: 2, name: 'Top-up not completed' })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
      for (const message of step.shows)
        await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    // processing: a passing state, the next step's check waits for where it leads.
  },
};
