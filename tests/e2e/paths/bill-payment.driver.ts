/**
 * The bill payment machine (src/machines/bill-payment.machine.ts) on the /BillPayment screen: each event an action
 * on the page, each state a check of the page. The sandbox biller decides the outcomes (README "Sandbox billers"):
 * a documented reference is found and paid at once, one ending 000001 is a biller that is down (found, the payment
 * held, then failed after SANDBOX_DECISION_MS), any other well-formed one is not found. A well-formed reference of
 * the path is typed as the sandbox reference that answers the way the path expects (bill-payment.reach.ts). A
 * PayBill refused 409 (paid already) is another device of the same user paying the reviewed quote first, through
 * the API, before Confirm.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Bill, BillingSubCompany } from '../../../src/contract/billing';
import { BILL_PAID_BY, billReferenceViolations, referenceInput } from '../../../src/domain/billing';
import { domainMessages } from '../../../src/domain/messages';
import { expect, logIn, newUser, signUpThroughApi } from '../support/app';
import { addGhanaCardThroughApi, apiLogIn, cardTopUpThroughApi, type ApiSession } from '../support-wallet';
import {
  choiceBefore,
  COMPANY_NAMES,
  isInsufficientPay,
  lookupKinds,
  walletOf,
  type ReferenceKind,
} from './bill-payment.reach';
import type { BrowserDriver, BrowserPath, BrowserStep } from './run-paths';

const DECISION_TIMEOUT = 20_000;

/** The sandbox's references for the model's two sub-companies (ECG Prepaid, ECG Postpaid), by what they do. */
const SANDBOX_REFERENCES: Record<'prepaid' | 'postpaid', Record<ReferenceKind, string>> = {
  prepaid: { documented: '01234567890', down: '04512000001', notFound: '09876543210' },
  postpaid: { documented: '0101234567', down: '0455000001', notFound: '0987654321' },
};

const subCompanyAt = (path: BrowserPath, index: number): BillingSubCompany =>
  choiceBefore(path.steps, index)?.data?.subCompany as BillingSubCompany;

/** What the field is given for a CHANGE_REFERENCE: a broken value as the path has it, a good one the sandbox's. */
const referenceFor = (path: BrowserPath, index: number, value: string): string => {
  const subCompany = subCompanyAt(path, index);
  if (billReferenceViolations(referenceInput(value, subCompany.maxLength), subCompany).length > 0)
    return value;
  const [kind] = lookupKinds(path.steps, index);
  return kind ? SANDBOX_REFERENCES[subCompany.prepaid ? 'prepaid' : 'postpaid'][kind] : value;
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A catalog message as the page shows it: its placeholders ({min}, {title} ...) stand for any text, and the spec's
 * 'reference number' may be the biller's title for its field ('Meter Number', issue 23's titled messages).
 */
const shownText = (message: string, title: string): RegExp =>
  new RegExp(
    message
      .split(/\{\w+\}/)
      .map((part) => escaped(part).replace(/reference number/gi, `(?:reference number|${escaped(title)})`))
      .join('.+'),
    'i',
  );

/** The reference rules' messages (the spec's and the titled ones): the field shows the first broken one only. */
const referenceRuleMessages = new Set<string>(
  Object.entries(domainMessages)
    .filter(([id]) => /^billing\.(reference|titledReference)\./.test(id))
    .map(([, message]) => message),
);

const expectShows = async (page: Page, step: BrowserStep, index: number, path: BrowserPath) => {
  const title = choiceBefore(path.steps, index) ? subCompanyAt(path, index).title : 'reference number';
  const [firstRule] = step.shows.filter((message) => referenceRuleMessages.has(message));
  const shown = step.shows.filter((message) => !referenceRuleMessages.has(message) || message === firstRule);
  for (const message of shown)
    await expect(page.getByText(shownText(message, title)).first()).toBeVisible({
      timeout: DECISION_TIMEOUT,
    });
};

/** The company the path has open after step `index` (null for none). */
const openCompany = (path: BrowserPath, index: number): number | null => {
  let open: number | null = null;
  for (const step of path.steps.slice(0, index + 1)) {
    if (step.event === 'TOGGLE_COMPANY')
      open = open === step.data?.companyId ? null : Number(step.data?.companyId);
    if (step.event === 'xstate.error.actor.loadSubCompanies') open = null;
  }
  return open;
};

const companyButton = (page: Page, id: number) =>
  page.getByRole('button', { name: COMPANY_NAMES[id] ?? `company ${id}`, exact: true });

/** The company the driver opened to choose a sub-company, by path, to close once the path is on the menu again. */
const openedToChoose = new Map<string, number>();

const closeOpenedToChoose = async (page: Page, path: BrowserPath, step: BrowserStep) => {
  const company = openedToChoose.get(path.name);
  if (company === undefined || !step.state.startsWith('menu')) return;
  openedToChoose.delete(path.name);
  await companyButton(page, company).click();
  await expect(companyButton(page, company)).toHaveAttribute('aria-expanded', 'false');
};

/** Each path's user, through the API (another device of the same user). */
const sessions = new Map<string, ApiSession>();
/** The bill each path looked up last, as the host answered it (its quote). */
const bills = new Map<string, Bill>();

/** Another device of the same user pays the bill the screen is reviewing (its quote): PayBill through the API. */
const payElsewhere = async (page: Page, path: BrowserPath) => {
  const session = sessions.get(path.name);
  const bill = bills.get(path.name);
  if (!session || !bill) throw new Error(`no session or bill looked up for ${path.name}`);
  const response = await page.request.post('/api/Billing/PayBill', {
    headers: { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': randomUUID() },
    // The bill as the lookup answered it (PayBill's schema drops the fields it does not take), paid in full.
    data: {
      ...bill,
      userId: session.userId,
      processingFee: 0,
      totalBill: bill.totalBillDue,
      totalPay: bill.totalBillDue,
      paidBy: BILL_PAID_BY,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
};

export const driver: BrowserDriver = {
  async start(page, request, path) {
    const user = newUser('bill-paths');
    await signUpThroughApi(request, user);
    const session = await apiLogIn(request, user);
    sessions.set(path.name, session);
    await addGhanaCardThroughApi(request, session);
    await cardTopUpThroughApi(request, session, walletOf(path.steps));
    await logIn(page, user);
    await page.goto('/BillPayment');
  },

  async act(page, step, index, path) {
    const data = step.data ?? {};
    const before = path.steps[index - 1]?.state ?? '';
    switch (step.event) {
      case 'SEARCH':
        // Typed while the companies load in the path: the box shows once they have (the same transition).
        await page.getByLabel('Search companies').fill(String(data.text ?? ''));
        return;
      case 'TOGGLE_COMPANY':
        await companyButton(page, Number(data.companyId)).click();
        return;
      case 'CHOOSE': {
        const subCompany = data.subCompany as BillingSubCompany;
        // The screen lists a company's sub-companies only while it is open (bill-payment.reach.ts allows this only
        // where the path's company is closed): opened here, closed again when the path is back on the menu.
        if (openCompany(path, index - 1) !== subCompany.companyId) {
          await companyButton(page, subCompany.companyId).click();
          openedToChoose.set(path.name, subCompany.companyId);
        }
        await page.getByRole('button', { name: subCompany.subCompanyName, exact: true }).click();
        return;
      }
      case 'CHANGE_REFERENCE': {
        const { title } = subCompanyAt(path, index);
        await page
          .getByRole('textbox', { name: new RegExp(escaped(title)) })
          .fill(referenceFor(path, index, String(data.value ?? '')));
        return;
      }
      case 'NEXT': {
        const next = page.getByRole('button', { name: 'Next', exact: true });
        if (step.state !== 'credentials.lookingUp') return next.click();
        // The lookup's answer is kept: its quote is what another device may pay (a 409 path).
        const [answer] = await Promise.all([
          page.waitForResponse((response) =>
            response.url().includes('/api/Billing/GetBillByReferenceNumber'),
          ),
          next.click(),
        ]);
        if (answer.ok()) bills.set(path.name, ((await answer.json()) as { data: Bill[] }).data[0]!);
        return;
      }
      case 'CHANGE_AMOUNT':
        await page.getByLabel('Amount to buy (GHS)').fill(String(data.value ?? ''));
        return;
      case 'PAY':
        await page.getByRole('button', { name: 'Pay Bill', exact: true }).click();
        return;
      case 'CONFIRM':
        if (path.steps[index + 1]?.data?.failure === 'HTTP 409') await payElsewhere(page, path);
        await page.locator('.payment-review').getByRole('button', { name: 'Confirm', exact: true }).click();
        return;
      case 'BACK':
        await page
          .getByRole('button', {
            name: before === 'credentials.confirming' ? 'Change details' : 'Back to billers',
          })
          .click();
        await closeOpenedToChoose(page, path, step);
        return;
      case 'AGAIN':
        await page.getByRole('button', { name: 'Pay another bill' }).click();
        await closeOpenedToChoose(page, path, step);
        return;
      default:
        // An answer or a timer: the host and the screen's own polling decide; the check waits for the state.
        return;
    }
  },

  async check(page, step, index, path) {
    const state = step.state;
    if (step.event === 'SEARCH')
      await expect(page.getByLabel('Search companies')).toHaveValue(String(step.data?.text ?? ''));
    if (state === 'menu.browsing') {
      await expect(page.getByRole('heading', { level: 2, name: 'Pay Bill' })).toBeVisible();
      await expect(page.getByLabel('Search companies')).toBeVisible();
      const open = openCompany(path, index);
      if (open !== null) {
        await expect(companyButton(page, open)).toHaveAttribute('aria-expanded', 'true');
        // Browsing with a company open: its sub-companies are loaded and listed.
        await expect(page.locator('.biller-subcompanies').getByRole('button').first()).toBeVisible();
      } else
        for (const id of Object.keys(COMPANY_NAMES).map(Number))
          if ((await companyButton(page, id).count()) > 0)
            await expect(companyButton(page, id)).toHaveAttribute('aria-expanded', 'false');
      await expectShows(page, step, index, path);
    } else if (state === 'credentials.entering') {
      await expect(
        page.getByRole('heading', { name: new RegExp(escaped(subCompanyAt(path, index).subCompanyName)) }),
      ).toBeVisible({ timeout: DECISION_TIMEOUT });
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
      await expectShows(page, step, index, path);
    } else if (state === 'credentials.reviewing') {
      await expect(page.getByRole('region', { name: 'Billing Details' })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
      if (isInsufficientPay(path.steps, index))
        await expect(page.getByRole('link', { name: 'Top up your wallet' })).toBeVisible();
      await expectShows(page, step, index, path);
    } else if (state === 'credentials.confirming') {
      await expect(page.getByRole('heading', { level: 2, name: 'Check and confirm' })).toBeVisible();
      await expectShows(page, step, index, path);
    } else if (state === 'done')
      await expect(page.getByRole('heading', { name: 'Transaction Completed' })).toBeVisible({
        timeout: DECISION_TIMEOUT,
      });
    // loadingCompanies, loadingSubCompanies, lookingUp, paying, following: passing states, the next step's check
    // waits for where they lead.
  },
};
