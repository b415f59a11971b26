// Helpers for the identification and wallet journeys: the ID image fixtures, a Ghana Card added through the real
// API (for journeys that are not about adding one), money moved through the real API to set a wallet up, the
// wallet's figures read back from the API, and the axe scan the other specs use.
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, signUpThroughApi, type TestUser } from './support/app';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * The review before money moves (withdrawal, bill payment, top-up; issue 23): its heading shows, with `figures`
 * (label and value run together, as a row's text reads) when given, then Confirm sends the payment.
 */
export async function confirmReview(page: Page, figures: string[] = []): Promise<void> {
  const review = page.locator('.payment-review');
  await expect(review.getByRole('heading', { level: 2, name: 'Check and confirm' })).toBeVisible();
  for (const figure of figures) await expect(review).toContainText(figure);
  await review.getByRole('button', { name: 'Confirm', exact: true }).click();
}

/** A real 240x150 PNG of about 10 KB (written by fixtures/make-id-card-png.mjs). */
export const ID_IMAGE_PNG = path.join(fixtures, 'id-card.png');

/** Just over the 5 MB limit. */
export const OVER_LIMIT_BYTES = 5 * 1024 * 1024 + 1024;

/**
 * Writes a file of OVER_LIMIT_BYTES that starts like a PNG (so only its size is wrong) into a new temporary
 * directory (never the repository); `remove` deletes it again.
 */
export async function writeOversizedPng(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wallet-e2e-image-'));
  const file = path.join(dir, 'too-large-id.png');
  const handle = await open(file, 'w');
  try {
    await handle.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await handle.truncate(OVER_LIMIT_BYTES);
  } finally {
    await handle.close();
  }
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

let numbers = 0;

/** A 10-digit ID number no other test of this run uses (the server refuses a number already on file). */
export function uniqueIdNumber(): string {
  numbers += 1;
  const time = String(Date.now() % 1_000_000).padStart(6, '0');
  const pid = String(process.pid % 100).padStart(2, '0');
  const counter = String(numbers % 100).padStart(2, '0');
  return `${time}${pid}${counter}`;
}

/** GH₵ as the app shows it in English (en-GH): 'GH₵ 120.00' (the space is a no-break space on screen). */
export function cedis(amount: number): string {
  return `GH₵ ${amount.toLocaleString('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

interface Envelope<Data> {
  code: number;
  message: string;
  data: Data;
}

export interface ApiSession {
  token: string;
  userId: number;
}

async function json<Data>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Envelope<Data>> {
  return (await response.json()) as Envelope<Data>;
}

/** Logs in through the API (not the screen) to set the user up: the bearer token and the user's id. */
export async function apiLogIn(request: APIRequestContext, user: TestUser): Promise<ApiSession> {
  const response = await request.post('/api/User/UserLogin', {
    data: { email: user.email, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = await json<{ token: string; userDetails: { id: number } }>(response);
  return { token: body.data.token, userId: body.data.userDetails.id };
}

const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

/** Uploads the PNG fixture and adds a Ghana Card (type 1) with it (a fresh number unless given); returns its number. */
export async function addGhanaCardThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  identificationNumber: string = uniqueIdNumber(),
): Promise<string> {
  const upload = await request.post('/api/Transaction/UploadIdentificationImage', {
    headers: bearer(session),
    multipart: {
      image: { name: 'id-card.png', mimeType: 'image/png', buffer: await readFile(ID_IMAGE_PNG) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { imageId } = (await json<{ imageId: string }>(upload)).data;
  const year = new Date().getUTCFullYear();
  const added = await request.post('/api/Transaction/AddUserIdentification', {
    headers: bearer(session),
    data: {
      userId: session.userId,
      identificationId: 1,
      identificationNumber,
      issuedDate: `${year - 2}-03-15`,
      expiryDate: `${year + 8}-03-14`,
      imgUrl: imageId,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return identificationNumber;
}

interface Operation {
  referenceNumber: string;
  status: 'pending' | 'Successful' | 'Failed';
  failureMessageId: string | null;
  amount: number;
  walletAmount: number;
}

const moneyHeaders = (session: ApiSession) => ({ ...bearer(session), 'Idempotency-Key': randomUUID() });

/** A card top-up through the API with an approved test card. */
export async function cardTopUpThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  amount: number,
): Promise<Operation> {
  const response = await request.post('/api/User/AddFundsToWallet', {
    headers: moneyHeaders(session),
    data: {
      userId: session.userId,
      amount,
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: '4242424242424242',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 3,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await json<Operation>(response)).data;
}

/** A MoMo withdrawal through the API (answered pending: the amount is held until the payout is decided). */
export async function momoWithdrawalThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  amount: number,
): Promise<Operation> {
  const response = await request.post('/api/Transaction/WithDrawalMoney', {
    headers: moneyHeaders(session),
    data: {
      userId: session.userId,
      amount,
      isMOMOWithdrawal: true,
      momoMobileNumber: '0241234567',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await json<Operation>(response)).data;
}

/** The available balance as the server has it (GH₵, a decimal). */
export async function walletAmountFromApi(request: APIRequestContext, session: ApiSession): Promise<number> {
  const response = await request.get('/api/User/GetWalletAmountByUserId', {
    headers: bearer(session),
    params: { userId: session.userId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await json<{ walletAmount: number }>(response)).data.walletAmount;
}

export interface HistoryRow {
  id: number;
  amount: number;
  actionType: 'Credit' | 'Debit';
  kind: string;
  status: 'pending' | 'Successful' | 'Failed';
  referenceNumber: string;
}

/** The wallet history as the server has it, newest first. */
export async function historyFromApi(request: APIRequestContext, session: ApiSession): Promise<HistoryRow[]> {
  const response = await request.get('/api/User/GetWalletHistoryByUserId', {
    headers: bearer(session),
    params: { userId: session.userId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await json<HistoryRow[]>(response)).data;
}

/** The axe scan of the other specs (WCAG 2.0/2.1 A and AA): 0 violations, listed by rule when there are some. */
export async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/** A new user with a Ghana Card on file and GH₵ `topUp` in the wallet, set up through the API. */
export async function userWithWallet(
  request: APIRequestContext,
  label: string,
  topUp: number,
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser(label);
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  await addGhanaCardThroughApi(request, session);
  await cardTopUpThroughApi(request, session, topUp);
  return { user, session };
}

/** A MoMo number the sandbox approves. */
export const APPROVED_MOMO = '0241234567';

/** The MoMo withdrawal form (/Withdrawal), filled, sent and confirmed at its review. */
export async function withdrawToMomo(page: Page, amount: number): Promise<void> {
  await page.goto('/Withdrawal');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw Funds' })).toBeVisible();
  await page.getByRole('radio', { name: 'MoMo' }).click();
  await page.getByLabel('Amount', { exact: true }).fill(String(amount));
  await page.getByLabel('MoMo Mobile Number').fill(APPROVED_MOMO);
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await confirmReview(page);
}

/**
 * Fills the open Add Beneficiary dialog with a MoMo beneficiary and saves it, confirming the holder's name the rail
 * reports (the beneficiaries page and the transfer forms' '+' button open the same dialog).
 */
export async function saveMomoBeneficiaryInDialog(
  page: Page,
  first: string,
  last: string,
  number: string,
): Promise<void> {
  const add = page.getByRole('dialog', { name: 'Add Beneficiary' });
  await add.getByLabel('First name').fill(first);
  await add.getByLabel('Last name').fill(last);
  await add.getByLabel('MoMo number').fill(number);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(/: is this who you mean\?$/)).toBeVisible();
  await add.getByRole('button', { name: 'Confirm' }).click();
  await expect(add.getByText('Beneficiary added successfully.')).toBeVisible();
  // The dialog closes by itself 3 s after saving.
  await expect(add).toBeHidden({ timeout: 6_000 });
}
