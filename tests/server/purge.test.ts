import { access } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { newToken, tokenHash } from '../../src/server/crypto';
import {
  identificationImages,
  identifications,
  idempotencyKeys,
  passwordResetCodes,
  phoneVerificationCodes,
  rateLimitCounters,
  scheduledJobRuns,
  sessions,
} from '../../src/server/db/schema';
import { purgeExpired } from '../../src/server/jobs/purge';
import { logHit } from '../../src/server/plugins/rate-limit-store';
import { resolveStoredPath, uploadsRoot } from '../../src/server/uploads';
import {
  addIdentification,
  uploadImage,
  validIdentification,
} from '../support/server-identification-helpers';
import {
  cardBody,
  momoTopUpBody,
  newKey,
  postMoney,
  walletUser,
  type WalletUser,
} from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let user: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ IDEMPOTENCY_RETENTION_HOURS: 48 });
  user = await walletUser(t.app, t.database.db);
});
afterAll(async () => t?.close());

const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

const newSession = async (values: Partial<typeof sessions.$inferInsert>) => {
  const [row] = await t.database.db
    .insert(sessions)
    .values({ userId: user.userId, tokenHash: tokenHash(newToken()), expiresAt: ahead(HOUR), ...values })
    .returning({ id: sessions.id });
  return row!.id;
};

const ids = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);

describe('the purge job', () => {
  it('removes sessions a day after they ended, and keeps live ones', async () => {
    const live = await newSession({});
    const recentlyRevoked = await newSession({ revokedAt: ago(HOUR) });
    const revoked = await newSession({ revokedAt: ago(25 * HOUR) });
    const expired = await newSession({ createdAt: ago(40 * HOUR), expiresAt: ago(25 * HOUR) });
    const idle = await newSession({ lastSeenAt: ago(26 * HOUR) });
    const counts = await purgeExpired(t.database.db, t.config, t.app.log);
    expect(counts.sessions).toBeGreaterThanOrEqual(3);
    const left = await ids(
      t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.userId)),
    );
    expect(left).toEqual(expect.arrayContaining([live, recentlyRevoked]));
    for (const gone of [revoked, expired, idle]) expect(left).not.toContain(gone);
  });

  it('removes reset and phone codes a day after they were used or expired', async () => {
    const code = (values: Partial<typeof passwordResetCodes.$inferInsert>) =>
      t.database.db
        .insert(passwordResetCodes)
        .values({ userId: user.userId, codeHash: 'a'.repeat(64), expiresAt: ahead(HOUR), ...values })
        .returning({ id: passwordResetCodes.id });
    const [live] = await code({});
    const [used] = await code({
      createdAt: ago(30 * HOUR),
      expiresAt: ago(29 * HOUR),
      consumedAt: ago(29.5 * HOUR),
    });
    const [expired] = await code({ createdAt: ago(30 * HOUR), expiresAt: ago(26 * HOUR) });
    const [recentlyUsed] = await code({ consumedAt: ago(HOUR), expiresAt: ago(HOUR / 2) });
    const phone = (values: Partial<typeof phoneVerificationCodes.$inferInsert>) =>
      t.database.db
        .insert(phoneVerificationCodes)
        .values({
          userId: user.userId,
          phone: '+233241234567',
          codeHash: 'b'.repeat(64),
          expiresAt: ahead(HOUR),
          ...values,
        })
        .returning({ id: phoneVerificationCodes.id });
    const [oldPhone] = await phone({ createdAt: ago(30 * HOUR), expiresAt: ago(29 * HOUR) });
    const [hourOld] = await phone({ createdAt: ago(HOUR / 2), expiresAt: ago(HOUR / 4) });

    await purgeExpired(t.database.db, t.config, t.app.log);
    const resetLeft = await ids(t.database.db.select({ id: passwordResetCodes.id }).from(passwordResetCodes));
    expect(resetLeft).toEqual(expect.arrayContaining([live!.id, recentlyUsed!.id]));
    expect(resetLeft).not.toContain(used!.id);
    expect(resetLeft).not.toContain(expired!.id);
    const phoneLeft = await ids(
      t.database.db.select({ id: phoneVerificationCodes.id }).from(phoneVerificationCodes),
    );
    expect(phoneLeft).toContain(hourOld!.id);
    expect(phoneLeft).not.toContain(oldPhone!.id);
  });

  it('removes Idempotency-Keys past their retention once final; keeps pending ones and funded-cart keys', async () => {
    const finalKey = newKey();
    expect((await postMoney(t.app, user, apiPaths.cardTopUp, cardBody(user, 10), finalKey)).statusCode).toBe(
      200,
    );
    const pendingKey = newKey();
    // A MoMo number ending 000002 never answers: its operation stays pending.
    const pending = await postMoney(
      t.app,
      user,
      apiPaths.momoTopUp,
      momoTopUpBody(user, 10, '0240000002'),
      pendingKey,
    );
    expect([200, 202]).toContain(pending.statusCode);
    const refusal = `refused-${newKey()}`;
    const fundedCart = `cart-transfer:${crypto.randomUUID()}`;
    const recent = `recent-${newKey()}`;
    for (const key of [refusal, fundedCart, recent]) {
      await t.database.db.insert(idempotencyKeys).values({
        userId: user.userId,
        key,
        requestHash: 'c'.repeat(64),
        responseStatus: 402,
        responseBody: { code: 402 },
      });
    }
    const old = ago(49 * HOUR).toISOString();
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = ${old}::timestamptz
          where user_id = ${user.userId} and key in (${finalKey}, ${pendingKey}, ${refusal}, ${fundedCart})`,
    );
    await purgeExpired(t.database.db, t.config, t.app.log);
    const left = (
      await t.database.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, user.userId))
    ).map((row) => row.key);
    expect(left).toEqual(expect.arrayContaining([pendingKey, fundedCart, recent]));
    expect(left).not.toContain(finalKey);
    expect(left).not.toContain(refusal);
  });

  it('removes rate-limit windows once the next one has ended too, and the job run log after a week', async () => {
    await t.database.db.insert(rateLimitCounters).values([
      { key: 'ended', windowStart: ago(3 * 60_000), hits: 3, expiresAt: ago(2 * 60_000) },
      // The previous window: the sliding window still weighs its hits until the current one ends.
      { key: 'previous', windowStart: ago(61_000), hits: 2, expiresAt: ago(1_000) },
      { key: 'current', windowStart: ago(1_000), hits: 1, expiresAt: ahead(59_000) },
    ]);
    await t.database.db.insert(scheduledJobRuns).values([
      { name: 'purge-test', run: 1, host: 'h', startedAt: ago(8 * 24 * HOUR) },
      { name: 'purge-test', run: 2, host: 'h', startedAt: ago(HOUR) },
    ]);
    await purgeExpired(t.database.db, t.config, t.app.log);
    const windows = (await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (r) => r.key,
    );
    expect(windows).toEqual(expect.arrayContaining(['current', 'previous']));
    expect(windows).not.toContain('ended');
    const runs = await t.database.db
      .select({ run: scheduledJobRuns.run })
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.name, 'purge-test'));
    expect(runs.map((r) => Number(r.run))).toEqual([2]);
  });

  it('removes the hits of the exact limits (issue 21) once a window has passed after theirs ended', async () => {
    const key = `purge-log-${Date.now()}`;
    const logged = await logHit(t.database.db, key, 3, HOUR);
    expect(logged.allowed).toBe(true);
    const rowsOfKey = async () =>
      (await t.database.db.select({ at: rateLimitCounters.windowStart }).from(rateLimitCounters)).filter(
        (row) => logged.allowed && row.at.getTime() === new Date(logged.hit.at).getTime(),
      );
    await purgeExpired(t.database.db, t.config, t.app.log, new Date(Date.now() + HOUR + 60_000));
    expect(await rowsOfKey()).toHaveLength(1);
    await purgeExpired(t.database.db, t.config, t.app.log, new Date(Date.now() + 2 * HOUR + 60_000));
    expect(await rowsOfKey()).toHaveLength(0);
  });

  it('removes identification images never attached after a day, files and rows; keeps attached and recent ones', async () => {
    const owner = await walletUser(t.app, t.database.db, false);
    const orphan = await uploadImage(t.app, owner.token);
    const recent = await uploadImage(t.app, owner.token);
    const attached = await uploadImage(t.app, owner.token);
    const added = await addIdentification(
      t.app,
      owner.token,
      validIdentification(owner.userId, attached.imageId),
    );
    expect(added.statusCode, added.body).toBeLessThan(300);
    const pathOf = async (id: string) => {
      const [row] = await t.database.db
        .select({ storagePath: identificationImages.storagePath })
        .from(identificationImages)
        .where(eq(identificationImages.id, id));
      return resolveStoredPath(uploadsRoot(t.config.DATA_DIR), row!.storagePath);
    };
    const files = { orphan: await pathOf(orphan.imageId), attached: await pathOf(attached.imageId) };
    await t.database.db.execute(
      sql`update identification_images set created_at = ${ago(25 * HOUR).toISOString()}::timestamptz
          where id in (${orphan.imageId}, ${attached.imageId})`,
    );
    const counts = await purgeExpired(t.database.db, t.config, t.app.log);
    expect(counts.orphanImages).toBe(1);
    const left = (
      await t.database.db
        .select({ id: identificationImages.id })
        .from(identificationImages)
        .where(eq(identificationImages.userId, owner.userId))
    ).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([recent.imageId, attached.imageId]));
    expect(left).not.toContain(orphan.imageId);
    await expect(access(files.orphan)).rejects.toThrow();
    await expect(access(files.attached)).resolves.toBeUndefined();
    const [identification] = await t.database.db
      .select({ imageId: identifications.imageId })
      .from(identifications)
      .where(eq(identifications.imageId, attached.imageId));
    expect(identification).toBeDefined();
  });
});
