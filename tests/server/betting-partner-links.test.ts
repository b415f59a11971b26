import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BettingPaymentRequest } from '../../src/contract/betting';
import { PAYMENT_LINK_VALIDITY_MS } from '../../src/domain/betting';
import { tokenHash } from '../../src/server/crypto';
import { queryRows } from '../../src/server/db/sql';
import { bettingPaymentRequests, partnerApiKeys } from '../../src/server/db/schema';
import { runPartnersCommand } from '../../scripts/partners-command';
import { envelope } from '../support/server-helpers';
import {
  askForLink,
  betResultOf,
  BETWAY,
  bettingDetailOf,
  linkRequest,
  messageIdOf,
  newBettingNo,
  partnerKey,
  payLink,
  paymentLinkOf,
  readLink,
  SPORTYBET,
} from '../support/server-betting-fixtures';
import { transferUser, type TransferUser } from '../support/server-transfer-fixtures';
import { fundWallet, newKey, walletAmount } from '../support/server-wallet-fixtures';
import { expectLedgerInvariants } from '../support/server-wallet-invariants';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DECISION_MS: 0 });
  key = await partnerKey(t.database.db, SPORTYBET.code);
});
afterAll(async () => {
  if (t) await expectLedgerInvariants(t.database.db);
  await t?.close();
});

const db = () => t.database.db;
const user = (cedis = 0) => transferUser(t.app, db(), { cedis });
const emailOf = (u: TransferUser) => u.input.email;

const linkFor = (u: TransferUser, overrides: Parameters<typeof linkRequest>[1] = {}) =>
  paymentLinkOf(t.app, key, linkRequest(emailOf(u), overrides));

const requestOf = async (u: TransferUser, token: string): Promise<BettingPaymentRequest> => {
  const response = await readLink(t.app, u, token);
  expect(response.statusCode, response.body).toBe(200);
  return envelope<BettingPaymentRequest>(response).data;
};

describe('npm run partners (the operators’ API keys)', () => {
  it('creates one active key per operator (shown once, stored as its sha256), lists and revokes it', async () => {
    const before = await runPartnersCommand(db(), ['list']);
    expect(before.lines.find((line) => line.startsWith('betway'))).toContain('no active key');

    const created = await runPartnersCommand(db(), ['create-key', BETWAY.code]);
    expect(created.exitCode).toBe(0);
    const first = created.key as string;
    expect(created.lines).toContain(first);
    const stored = await db()
      .select({ keyHash: partnerApiKeys.keyHash })
      .from(partnerApiKeys)
      .where(eq(partnerApiKeys.operatorId, BETWAY.id));
    expect(stored).toEqual([{ keyHash: tokenHash(first) }]);
    expect((await runPartnersCommand(db(), ['list'])).lines.find((l) => l.startsWith('betway'))).toContain(
      'key active since',
    );

    // A new key revokes the one before.
    const second = (await runPartnersCommand(db(), ['create-key', BETWAY.code])).key as string;
    expect((await askForLink(t.app, first, linkRequest('a@example.com'))).statusCode).toBe(401);
    expect((await askForLink(t.app, second, linkRequest('a@example.com'))).statusCode).toBe(201);

    expect((await runPartnersCommand(db(), ['revoke', BETWAY.code])).exitCode).toBe(0);
    const revoked = await askForLink(t.app, second, linkRequest('a@example.com'));
    expect(revoked.statusCode).toBe(401);
    expect(messageIdOf(revoked)).toBe('partner.keyInvalid');
    expect((await runPartnersCommand(db(), ['revoke', BETWAY.code])).exitCode).toBe(1);
    expect((await runPartnersCommand(db(), ['create-key', 'nobet'])).exitCode).toBe(1);
    expect((await runPartnersCommand(db(), ['create-key'])).exitCode).toBe(2);
    expect((await runPartnersCommand(db(), ['drop', 'sportybet'])).exitCode).toBe(2);
  });
});

describe('AuthenticateUser (an operator’s server asks for a payment link)', () => {
  it('answers 201 with a short-lived token and its /deposit path; only the token’s hash is stored', async () => {
    const u = await user();
    const startedAt = Date.now();
    const link = await linkFor(u);
    expect(link.paymentPath).toBe(`/deposit/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = new Date(link.expiresAt).getTime() - startedAt;
    expect(expiresIn).toBeGreaterThan(PAYMENT_LINK_VALIDITY_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(PAYMENT_LINK_VALIDITY_MS + 1000);
    const [row] = await db()
      .select({ tokenHash: bettingPaymentRequests.tokenHash, email: bettingPaymentRequests.email })
      .from(bettingPaymentRequests)
      .where(eq(bettingPaymentRequests.tokenHash, tokenHash(link.token)));
    expect(row).toEqual({ tokenHash: tokenHash(link.token), email: emailOf(u).toLowerCase() });
  });

  it('refuses a missing or wrong key with 401 partner.keyInvalid, and broken details with 400', async () => {
    const missing = await askForLink(t.app, null, linkRequest('a@example.com'));
    expect(missing.statusCode).toBe(401);
    expect(messageIdOf(missing)).toBe('partner.keyInvalid');
    const wrong = await askForLink(t.app, `${key.slice(0, -1)}x`, linkRequest('a@example.com'));
    expect(wrong.statusCode).toBe(401);
    const broken = await askForLink(
      t.app,
      key,
      linkRequest('not-an-email', { battingNo: '12', receiverNumber: '1', sendAmount: 0 }),
    );
    expect(broken.statusCode).toBe(400);
    expect(envelope<{ violations: { field: string }[] }>(broken).data.violations.map((v) => v.field)).toEqual(
      ['battingNo', 'receiverNumber', 'sendAmount', 'email'],
    );
  });
});

describe('a payment link (/deposit/{token}) read and paid by the signed-in user', () => {
  it('shows the request prefilled (operator, betting number, amount, fee, total), pays it once, then is paid', async () => {
    const u = await user(100);
    const bettingNo = newBettingNo();
    const link = await linkFor(u, { battingNo: bettingNo, sendAmount: 50 });
    expect(await requestOf(u, link.token)).toMatchObject({
      operatorId: SPORTYBET.id,
      operatorName: SPORTYBET.name,
      bettingNo,
      receiverPhoneNo: '0241234567',
      sendAmount: 50,
      processingFee: 0.5,
      totalPay: 50.5,
      firstName: 'Kwame',
      lastName: 'Asante',
    });

    const payKey = newKey();
    // The link's amount and betting details win over what the body says.
    const paid = betResultOf(await payLink(t.app, u, link.token, 50, payKey));
    expect(paid).toMatchObject({ status: 'pending', amount: 50, walletAmount: 49.5 });
    expect(await bettingDetailOf(t.app, u, paid.referenceNo)).toMatchObject({ bettingNo, sendAmount: 50 });

    // Replayed with its key: the first answer. With another key, or read again: already paid.
    expect(betResultOf(await payLink(t.app, u, link.token, 50, payKey)).referenceNo).toBe(paid.referenceNo);
    const twice = await payLink(t.app, u, link.token, 50);
    expect(twice.statusCode).toBe(409);
    expect(messageIdOf(twice)).toBe('bettingLink.alreadyPaid');
    const read = await readLink(t.app, u, link.token);
    expect(read.statusCode).toBe(409);
    expect(messageIdOf(read)).toBe('bettingLink.alreadyPaid');
    await t.app.wallet.worker.runOnce();
    expect((await payLink(t.app, u, link.token, 50)).statusCode).toBe(409);
    expect(await walletAmount(t.app, u)).toBe(49.5);
  });

  it('without an amount, the user chooses it (and its rule applies)', async () => {
    const u = await user(100);
    const link = await linkFor(u, { sendAmount: undefined });
    expect(await requestOf(u, link.token)).toMatchObject({
      sendAmount: null,
      processingFee: null,
      totalPay: null,
    });
    const none = await payLink(t.app, u, link.token, 0);
    expect(none.statusCode).toBe(400);
    expect(messageIdOf(none)).toBe('betting.amountInvalid');
    expect(betResultOf(await payLink(t.app, u, link.token, 20)).amount).toBe(20);
    expect(await walletAmount(t.app, u)).toBe(79.8);
  });

  it('refuses a forged token (404), another user’s link (403) and an expired one (410)', async () => {
    const owner = await user(100);
    const intruder = await user(100);
    const link = await linkFor(owner);

    const forged = `${link.token.slice(0, -2)}AA`;
    for (const response of [await readLink(t.app, owner, forged), await payLink(t.app, owner, forged, 50)]) {
      expect(response.statusCode).toBe(404);
      expect(messageIdOf(response)).toBe('bettingLink.invalid');
    }
    for (const response of [
      await readLink(t.app, intruder, link.token),
      await payLink(t.app, intruder, link.token, 50),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(messageIdOf(response)).toBe('bettingLink.otherUser');
    }
    expect(await walletAmount(t.app, intruder)).toBe(100);
    // The payment attempt (not the read) is recorded for compliance (issue 25, partnerLinkPayer).
    const recorded = await queryRows<{ rule: string }>(
      db(),
      sql`select rule from monitoring_hits where user_id = ${intruder.userId}::int`,
    );
    expect(recorded).toEqual([{ rule: 'partnerLinkPayer' }]);

    await db().execute(
      sql`update betting_payment_requests set expires_at = now() - interval '1 second' where token_hash = ${tokenHash(link.token)}`,
    );
    for (const response of [
      await readLink(t.app, owner, link.token),
      await payLink(t.app, owner, link.token, 50),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(messageIdOf(response)).toBe('bettingLink.expired');
    }
    expect(await walletAmount(t.app, owner)).toBe(100);
  });

  it('a link refused for funds, or whose bet the operator refused, can be paid again', async () => {
    const u = await user(10);
    const link = await linkFor(u, { sendAmount: 50 });
    const poor = await payLink(t.app, u, link.token, 50);
    expect(poor.statusCode).toBe(400);
    expect(messageIdOf(poor)).toBe('walletPayment.notEnough');
    expect((await readLink(t.app, u, link.token)).statusCode).toBe(200);
    await fundWallet(t.app, u, 100);
    expect(betResultOf(await payLink(t.app, u, link.token, 50)).walletAmount).toBe(59.5);

    const refusedLink = await linkFor(u, { sendAmount: 10, battingNo: newBettingNo('000001') });
    const refused = betResultOf(await payLink(t.app, u, refusedLink.token, 10));
    expect((await readLink(t.app, u, refusedLink.token)).statusCode).toBe(409);
    await t.app.wallet.worker.runOnce();
    expect(await bettingDetailOf(t.app, u, refused.referenceNo)).toMatchObject({ status: 'Failed' });
    expect((await readLink(t.app, u, refusedLink.token)).statusCode).toBe(200);
    expect(await walletAmount(t.app, u)).toBe(59.5);
  });

  it('two payments of one link at once with different keys: one pays, the other is refused', async () => {
    const u = await user(200);
    const link = await linkFor(u, { sendAmount: 30 });
    const answers = await Promise.all([
      payLink(t.app, u, link.token, 30),
      payLink(t.app, u, link.token, 30),
      payLink(t.app, u, link.token, 30),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(await walletAmount(t.app, u)).toBe(169.7);
  });
});

describe('AuthenticateUser is rate limited per IP, wrong keys included', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PARTNER_LIMIT_PER_MINUTE: 3 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 request.tooMany after the limit', async () => {
    const codes: number[] = [];
    for (let index = 0; index < 4; index += 1)
      codes.push((await askForLink(limited.app, 'wrong', linkRequest('a@example.com'))).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
