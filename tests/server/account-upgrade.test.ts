import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { ProofOfAddress } from '../../src/contract/upgrade';
import { domainMessages } from '../../src/domain/messages';
import { queryRows } from '../../src/server/db/sql';
import type { Mail, Mailer } from '../../src/server/mail';
import { runComplianceCommand } from '../../scripts/compliance-command';
import {
  addedIdentification,
  JPEG,
  multipart,
  PDF,
  PNG,
  pngOfSize,
  uploadImage,
  validIdentification,
  type Part,
} from '../support/server-identification-helpers';
import { bearer, envelope, expectRefusal, signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

let numbers = 0;
/** A 10-digit card number with the sandbox register's prefix (README "Sandbox identity register"). */
const cardNumber = (prefix: string) => `${prefix}${String(100_000 + (numbers += 1)).padStart(6, '0')}`;

/** A user with one identification on file (Ghana Card unless told), and its id. */
const userWithCard = async (number: string, identificationTypeId = 1) => {
  const user = await signedInUser(t.app);
  const image = await uploadImage(t.app, user.token);
  const card = await addedIdentification(
    t.app,
    user.token,
    validIdentification(user.userId, image.imageId, {
      identificationNumber: number,
      identificationId: identificationTypeId,
    }),
  );
  return { user, cardId: card.id };
};

const verify = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: apiPaths.verifyGhanaCard, payload, headers: bearer(token) });

const tierOf = async (userId: number) => {
  const [row] = await queryRows<{ account_tier: string }>(
    t.database.db,
    sql`select account_tier from users where id = ${userId}`,
  );
  return row?.account_tier;
};

interface AuditRow {
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}
/** The user's audit rows of the way up (the Minimum tier of their identification left out). */
const auditOf = (userId: number) =>
  queryRows<AuditRow>(
    t.database.db,
    sql`select actor_kind, actor_id, actor_name, action, subject, before, after from audit_log
        where chain = ${`user:${userId}`}
          and action in ('verification.ghanaCard', 'tier.changed', 'review.proofOfAddress.approved',
                         'review.proofOfAddress.rejected')
          and not (action = 'tier.changed' and after->>'tier' = 'minimum')
        order by seq`,
  );

describe('POST api/User/VerifyGhanaCard', () => {
  it("a Ghana Card the register holds under the account holder's name moves the user to Medium at once, recorded in the audit trail", async () => {
    const { user, cardId } = await userWithCard(cardNumber('5555'));
    expect(await tierOf(user.userId)).toBe('minimum');
    const response = await verify(t.app, user.token, { identificationId: cardId, userId: user.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(envelope(response)).toEqual({
      code: 200,
      message: domainMessages['upgrade.ghanaCard.verified'],
      data: { tier: 'medium' },
    });
    expect(await tierOf(user.userId)).toBe('medium');
    expect(await auditOf(user.userId)).toEqual([
      {
        actor_kind: 'user',
        actor_id: user.userId,
        actor_name: null,
        action: 'verification.ghanaCard',
        subject: `user:${user.userId}`,
        before: null,
        after: { identificationId: cardId, outcome: 'match' },
      },
      {
        actor_kind: 'user',
        actor_id: user.userId,
        actor_name: null,
        action: 'tier.changed',
        subject: `user:${user.userId}`,
        before: { tier: 'minimum' },
        after: { tier: 'medium', reason: 'Ghana Card verified' },
      },
    ]);
    // Once is enough: a second verification is refused and changes nothing.
    expectRefusal(
      await verify(t.app, user.token, { identificationId: cardId }),
      409,
      'upgrade.ghanaCard.alreadyVerified',
    );
    expect(await auditOf(user.userId)).toHaveLength(2);
  });

  it.each([
    ['0000', 'upgrade.ghanaCard.unknown', 'unknown'],
    ['9999', 'upgrade.ghanaCard.nameDiffers', 'nameDiffers'],
  ] as const)(
    'a number starting %s is refused (%s), recorded, and the tier stays Minimum',
    async (prefix, messageId, outcome) => {
      const { user, cardId } = await userWithCard(cardNumber(prefix));
      expectRefusal(await verify(t.app, user.token, { identificationId: cardId }), 400, messageId);
      expect(await tierOf(user.userId)).toBe('minimum');
      expect(await auditOf(user.userId)).toEqual([
        expect.objectContaining({
          action: 'verification.ghanaCard',
          after: { identificationId: cardId, outcome },
        }),
      ]);
    },
  );

  it('the register unreachable (8888): 503, nothing recorded, the tier unchanged', async () => {
    const { user, cardId } = await userWithCard(cardNumber('8888'));
    expectRefusal(
      await verify(t.app, user.token, { identificationId: cardId }),
      503,
      'upgrade.ghanaCard.registerUnavailable',
    );
    expect(await tierOf(user.userId)).toBe('minimum');
    expect(await auditOf(user.userId)).toEqual([]);
  });

  it("a passport is not a Ghana Card; another user's card answers like an unknown one; a bad id is a 400", async () => {
    const { user, cardId } = await userWithCard(cardNumber('5555'), 2);
    expectRefusal(
      await verify(t.app, user.token, { identificationId: cardId }),
      400,
      'upgrade.ghanaCard.notGhanaCard',
    );
    const other = await userWithCard(cardNumber('5555'));
    expectRefusal(await verify(t.app, user.token, { identificationId: other.cardId }), 404, 'notFound');
    expectRefusal(await verify(t.app, user.token, { identificationId: 999_999 }), 404, 'notFound');
    expect((await verify(t.app, user.token, { identificationId: 'x' })).statusCode).toBe(400);
    expect((await verify(t.app, user.token, { identificationId: 0 })).statusCode).toBe(400);
    expect(await tierOf(user.userId)).toBe('minimum');
    expect(await tierOf(other.user.userId)).toBe('minimum');
  });

  it("another user's id in the body is 403; no token is 401", async () => {
    const { user, cardId } = await userWithCard(cardNumber('5555'));
    const other = await signedInUser(t.app);
    expect(
      (await verify(t.app, user.token, { identificationId: cardId, userId: other.userId })).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPaths.verifyGhanaCard,
      payload: { identificationId: cardId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await tierOf(user.userId)).toBe('minimum');
  });

  it('an expired Ghana Card is refused before the register is asked', async () => {
    const { user, cardId } = await userWithCard(cardNumber('5555'));
    await t.database.db.execute(
      sql`update identifications set expiry_date = current_date where id = ${cardId}`,
    );
    expectRefusal(
      await verify(t.app, user.token, { identificationId: cardId }),
      400,
      'upgrade.ghanaCard.expired',
    );
    expect(await auditOf(user.userId)).toEqual([]);
  });
});

/* Proof of address */

const documentPart = (content: Buffer, name = 'document'): Part => ({
  name,
  content,
  filename: 'bill.png',
  contentType: 'image/png',
});

const upload = (token: string, documentKind: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: apiPaths.uploadProofOfAddress,
    query: { documentKind },
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

const latest = async (token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: apiPaths.proofOfAddress,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<ProofOfAddress | null>(response).data;
};

/** A user verified at Medium through the real path. */
const mediumUser = async (): Promise<User> => {
  const { user, cardId } = await userWithCard(cardNumber('5555'));
  expect((await verify(t.app, user.token, { identificationId: cardId })).statusCode).toBe(200);
  return user;
};

const sent: Mail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
  },
};
const compliance = (...args: string[]) => runComplianceCommand(t.database.db, mailer, args, 'officer.ama');

const reviewIdOf = async (token: string) => {
  const proof = await latest(token);
  if (!proof) throw new Error('no proof of address');
  return String(proof.id);
};

describe('proof of address: upload into the review queue', () => {
  it('a Medium user sends a utility bill: stored privately under their uploads, pending review', async () => {
    const user = await mediumUser();
    expect(await latest(user.token)).toBeNull();
    const response = await upload(user.token, 'utilityBill', [documentPart(PNG)]);
    expect(response.statusCode, response.body).toBe(201);
    const body = envelope<ProofOfAddress>(response);
    expect(body.message).toBe(domainMessages['upgrade.proofOfAddress.submitted']);
    expect(body.data).toEqual({
      id: expect.any(Number),
      documentKind: 'utilityBill',
      status: 'pending',
      reason: null,
      submittedAt: expect.any(String),
      decidedAt: null,
    });
    expect(await latest(user.token)).toEqual(body.data);
    const [row] = await queryRows<{ storage_path: string; content_type: string }>(
      t.database.db,
      sql`select storage_path, content_type from proof_of_address_reviews where id = ${body.data.id}`,
    );
    expect(row?.content_type).toBe('image/png');
    expect(row?.storage_path).toMatch(new RegExp(`^${user.userId}/[0-9a-f-]{36}\\.png$`));
    expect(await readFile(path.join(t.config.DATA_DIR, 'uploads', row!.storage_path))).toEqual(PNG);

    // One at a time: a second one waits for the first's review, and leaves no file behind.
    const files = await readdir(path.join(t.config.DATA_DIR, 'uploads', String(user.userId)));
    const again = await upload(user.token, 'bankStatement', [documentPart(JPEG)]);
    expectRefusal(again, 409, 'upgrade.proofOfAddress.pending');
    expect(await readdir(path.join(t.config.DATA_DIR, 'uploads', String(user.userId)))).toEqual(files);
  });

  it("the identification upload's rules: type sniffed, at most 5 MB, the file in its field, a known kind", async () => {
    const user = await mediumUser();
    expectRefusal(
      await upload(user.token, 'utilityBill', [documentPart(PDF)]),
      400,
      'identification.imageType',
    );
    expectRefusal(
      await upload(user.token, 'utilityBill', [documentPart(pngOfSize(5 * 1024 * 1024 + 1))]),
      413,
      'identification.imageTooLarge',
    );
    const noFile = await upload(user.token, 'utilityBill', [documentPart(PNG, 'image')]);
    expectRefusal(noFile, 400, 'upgrade.proofOfAddress.documentRequired');
    expect(envelope<{ violations: unknown[] }>(noFile).data.violations).toEqual([
      expect.objectContaining({ field: 'document', messageId: 'upgrade.proofOfAddress.documentRequired' }),
    ]);
    expect((await upload(user.token, 'passport', [documentPart(PNG)])).statusCode).toBe(400);
    expect(await latest(user.token)).toBeNull();
  });

  it('needs the Medium tier first: a Minimum user is refused', async () => {
    const { user } = await userWithCard(cardNumber('5555'));
    expectRefusal(
      await upload(user.token, 'tenancyAgreement', [documentPart(PNG)]),
      409,
      'upgrade.proofOfAddress.needsMedium',
    );
  });
});

describe('npm run compliance: list, approve, reject', () => {
  it('approve: the user moves to Enhanced, the decision is in their audit chain as the command, and they are mailed in their language', async () => {
    const user = await mediumUser();
    await t.app.inject({
      method: 'POST',
      url: apiPaths.setLanguage,
      payload: { language: 'fr' },
      headers: bearer(user.token),
    });
    expect((await upload(user.token, 'bankStatement', [documentPart(PNG)])).statusCode).toBe(201);
    const id = await reviewIdOf(user.token);

    const list = await compliance('list');
    expect(list.exitCode).toBe(0);
    expect(
      list.lines.some(
        (line) =>
          line.startsWith(id) && line.includes(`user ${user.userId}`) && line.includes('bankStatement'),
      ),
    ).toBe(true);

    sent.length = 0;
    expect(await compliance('approve', id)).toEqual({
      exitCode: 0,
      lines: [
        `Proof of address ${id} approved: user ${user.userId} is now at the Enhanced tier.`,
        'The user was mailed.',
      ],
    });
    expect(await tierOf(user.userId)).toBe('enhanced');
    expect(await latest(user.token)).toMatchObject({
      status: 'approved',
      reason: null,
      decidedAt: expect.any(String),
    });
    const audit = await auditOf(user.userId);
    expect(audit.slice(-2)).toEqual([
      {
        actor_kind: 'command',
        actor_id: null,
        actor_name: 'compliance',
        action: 'review.proofOfAddress.approved',
        subject: `user:${user.userId}`,
        before: { reviewId: Number(id), status: 'pending' },
        after: {
          reviewId: Number(id),
          status: 'approved',
          documentKind: 'bankStatement',
          reason: null,
          decidedBy: 'officer.ama',
        },
      },
      expect.objectContaining({
        actor_kind: 'command',
        actor_name: 'compliance',
        action: 'tier.changed',
        before: { tier: 'medium' },
        after: expect.objectContaining({ tier: 'enhanced' }),
      }),
    ]);
    expect(sent).toEqual([{ to: user.input.email, subject: expect.any(String), text: expect.any(String) }]);
    // The run itself is on the system chain, as every admin command's.
    const [run] = await queryRows<AuditRow>(
      t.database.db,
      sql`select actor_kind, actor_id, actor_name, action, subject, before, after from audit_log
          where chain = 'system' and action = 'command.compliance' and subject = 'compliance approve'
          order by id desc limit 1`,
    );
    expect(run).toMatchObject({
      actor_kind: 'command',
      actor_name: 'compliance',
      after: expect.objectContaining({ args: ['approve', id], exitCode: 0 }),
    });
    expect(sent[0]!.subject).toBe('Votre justificatif de domicile est approuvé');

    // Decided once: a second decision is refused; the queue no longer lists it.
    expect(await compliance('reject', id, 'too late')).toEqual({
      exitCode: 1,
      lines: [`Proof of address ${id} is already approved.`],
    });
    expect((await compliance('list')).lines.some((line) => line.startsWith(`${id} `))).toBe(false);
    expectRefusal(
      await upload(user.token, 'utilityBill', [documentPart(PNG)]),
      409,
      'upgrade.proofOfAddress.alreadyEnhanced',
    );
  });

  it('reject: the reason is shown and mailed, the tier stays Medium, and a new document may be sent', async () => {
    const user = await mediumUser();
    expect((await upload(user.token, 'utilityBill', [documentPart(PNG)])).statusCode).toBe(201);
    const id = await reviewIdOf(user.token);
    sent.length = 0;
    const result = await compliance('reject', id, 'The bill is older than three months.');
    expect(result.exitCode).toBe(0);
    expect(await tierOf(user.userId)).toBe('medium');
    expect(await latest(user.token)).toMatchObject({
      status: 'rejected',
      reason: 'The bill is older than three months.',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('The bill is older than three months.');
    expect((await auditOf(user.userId)).at(-1)).toMatchObject({
      actor_kind: 'command',
      actor_name: 'compliance',
      action: 'review.proofOfAddress.rejected',
      after: expect.objectContaining({ status: 'rejected', reason: 'The bill is older than three months.' }),
    });
    expect((await upload(user.token, 'tenancyAgreement', [documentPart(PNG)])).statusCode).toBe(201);
    expect(await latest(user.token)).toMatchObject({ status: 'pending', documentKind: 'tenancyAgreement' });
  });

  it('refuses what it cannot do: an unknown id (1), bad usage (2)', async () => {
    expect(await compliance('approve', '999999')).toEqual({
      exitCode: 1,
      lines: ['There is no proof of address 999999.'],
    });
    expect((await compliance('approve', 'abc')).exitCode).toBe(2);
    expect((await compliance('reject', '1')).exitCode).toBe(2);
    expect((await compliance('reject', '1', '   ')).exitCode).toBe(2);
    expect((await compliance()).exitCode).toBe(2);
    expect((await compliance('purge')).exitCode).toBe(2);
  });
});
