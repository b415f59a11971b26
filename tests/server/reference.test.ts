import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import {
  bankSchema,
  countrySchema,
  deliveryMethodSchema,
  identificationTypeSchema,
  paymentMethodSchema,
  transactionPurposeSchema,
} from '../../src/contract/reference';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/sql';
import { countries, banks, deliveryMethods, transactionPurposes } from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/seed/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, envelope, signedInUser } from '../support/server-helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t.app)).token;
});
afterAll(async () => t?.close());

const getList = async <T>(
  url: string,
  schema: { parse(value: unknown): T },
  app: FastifyInstance = t.app,
) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const body = envelope<unknown[]>(response);
  expect(body.message).toBe('OK');
  return body.data.map((item) => schema.parse(item));
};

describe('health', () => {
  it('answers 200 with the database up, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(envelope(response)).toEqual({ code: 200, message: 'OK', data: { database: 'up' } });
  });

  it('answers 503 in our envelope when the database does not answer', async () => {
    const down = await buildApp({
      config: t.config,
      database: {
        kind: 'pglite',
        db: { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db,
        close: async () => undefined,
      },
    });
    try {
      const response = await down.inject({ method: 'GET', url: apiPaths.health });
      expect(envelope(response)).toMatchObject({ code: 503, data: { messageId: 'server.error' } });
      expect(response.body).not.toContain('connection refused');
    } finally {
      await down.close();
    }
  });
});

describe('reference lists', () => {
  it('lists countries without a token, Ghana first with id 1, then by name, with ISO and dial codes', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.countries });
    const list = envelope<unknown[]>(response).data.map((c) => countrySchema.parse(c));
    expect(list[0]).toEqual({ id: 1, name: 'Ghana', isoCode: 'GH', dialCode: '+233' });
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
    expect(list.length).toBeGreaterThanOrEqual(54 + 12);
    for (const name of [
      'Nigeria',
      'Kenya',
      'South Africa',
      'United Kingdom',
      'United States',
      'Germany',
      'China',
    ]) {
      expect(list.map((c) => c.name)).toContain(name);
    }
    expect(list.find((c) => c.isoCode === 'NG')?.dialCode).toBe('+234');
    expect(list.find((c) => c.isoCode === 'GB')?.dialCode).toBe('+44');
    for (const country of list) expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it("lists Ghana's banks by country id, and none for a country without seeded banks", async () => {
    const ghana = await getList(`${apiPaths.banksByCountry}?CountryId=1`, bankSchema);
    expect(ghana.length).toBeGreaterThanOrEqual(20);
    expect(ghana.map((b) => b.name)).toEqual(
      expect.arrayContaining(['GCB Bank', 'Ecobank Ghana', 'CalBank']),
    );
    expect(await getList(`${apiPaths.banksByCountry}?CountryId=2`, bankSchema)).toEqual([]);
  });

  it('refuses a bank query without a valid CountryId with 400', async () => {
    for (const query of ['', '?CountryId=abc', '?CountryId=-1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.banksByCountry}${query}`,
        headers: bearer(token),
      });
      expect(envelope(response)).toMatchObject({ code: 400, data: { messageId: 'request.invalid' } });
    }
  });

  it('lists payment and delivery methods with their flags', async () => {
    const payment = await getList(apiPaths.paymentMethods, paymentMethodSchema);
    expect(payment.map((m) => [m.id, m.name])).toEqual([
      [1, 'Mobile Wallet'],
      [2, 'Card'],
      [3, 'Bank Transfer'],
      [4, 'Wallet balance'],
    ]);
    const delivery = await getList(apiPaths.deliveryMethods, deliveryMethodSchema);
    expect(delivery.map((m) => m.name)).toEqual(['Mobile Money', 'Bank Deposit', 'Cash Pickup', 'Wallet']);
    expect(delivery.every((m) => m.isEnabled)).toBe(true);
  });

  it('serves enabled methods only, and with crossBorder=true the cross-border ones only', async () => {
    const crossBorder = await getList(`${apiPaths.deliveryMethods}?crossBorder=true`, deliveryMethodSchema);
    expect(crossBorder.map((m) => m.name)).toEqual(['Mobile Money', 'Bank Deposit', 'Cash Pickup']);
    const payments = await getList(`${apiPaths.paymentMethods}?crossBorder=true`, paymentMethodSchema);
    expect(payments.every((m) => m.isCrossBoarder && m.isEnabled)).toBe(true);
    await t.database.db.update(deliveryMethods).set({ isEnabled: false }).where(eq(deliveryMethods.id, 3));
    // Reference lists are read once per host (reference-cache.ts): a host started after the change serves it.
    const later = await buildApp({ config: t.config, database: t.database });
    try {
      const enabled = await getList(apiPaths.deliveryMethods, deliveryMethodSchema, later);
      expect(enabled.map((m) => m.name)).toEqual(['Mobile Money', 'Bank Deposit', 'Wallet']);
      const all = await getList(`${apiPaths.deliveryMethods}?crossBorder=false`, deliveryMethodSchema, later);
      expect(all.map((m) => m.name)).toEqual(['Mobile Money', 'Bank Deposit', 'Wallet']);
    } finally {
      await later.close();
      await t.database.db.update(deliveryMethods).set({ isEnabled: true }).where(eq(deliveryMethods.id, 3));
    }
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.deliveryMethods}?crossBorder=yes`,
      headers: bearer(token),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("lists transfer purposes with id 4 'Other' (last), and identification types with Ghana Card first", async () => {
    const purposes = await getList(apiPaths.transactionPurposes, transactionPurposeSchema);
    expect(purposes.find((p) => p.id === 4)?.purpose).toBe('Other');
    expect(purposes.at(-1)?.id).toBe(4);
    expect(purposes.map((p) => p.purpose)).toEqual(
      expect.arrayContaining(['Family support', 'Education', 'Business']),
    );
    const types = await getList(apiPaths.identificationTypes, identificationTypeSchema);
    expect(types[0]).toEqual({ id: 1, identificationType: 'Ghana Card' });
    expect(types.map((x) => x.identificationType)).toEqual(
      expect.arrayContaining(['Passport', 'Voter ID', "Driver's Licence"]),
    );
  });

  it('needs a token for every list but countries', async () => {
    for (const url of [
      `${apiPaths.banksByCountry}?CountryId=1`,
      apiPaths.paymentMethods,
      apiPaths.deliveryMethods,
      apiPaths.transactionPurposes,
      apiPaths.identificationTypes,
    ]) {
      for (const headers of [{}, bearer('not-a-token'), { authorization: token }]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(envelope(response), url).toMatchObject({ code: 401, data: { messageId: 'auth.required' } });
      }
    }
  });

  it('seeds idempotently: a second run changes no count and restores an edited row', async () => {
    const db = t.database.db;
    const counts = async () => [
      (await db.select({ n: count() }).from(countries))[0]?.n,
      (await db.select({ n: count() }).from(banks))[0]?.n,
      (await db.select({ n: count() }).from(transactionPurposes))[0]?.n,
    ];
    const before = await counts();
    await db.update(countries).set({ dialCode: '+999' });
    await seedReferenceData(db);
    await seedReferenceData(db);
    expect(await counts()).toEqual(before);
    const response = await t.app.inject({ method: 'GET', url: apiPaths.countries });
    expect(envelope<{ dialCode: string }[]>(response).data[0]?.dialCode).toBe('+233');
  });

  it('a re-run writes no unchanged reference row (it would lock it against requests naming it)', async () => {
    const db = t.database.db;
    await seedReferenceData(db);
    // A row's xmin is the transaction that wrote its current version: an upsert of an unchanged row rewrites it.
    const versions = async () => {
      const tables = [
        'countries',
        'banks',
        'payment_methods',
        'delivery_methods',
        'transaction_purposes',
        'identification_types',
        'betting_operators',
        'billing_companies',
        'billing_sub_companies',
      ];
      const rows = await Promise.all(
        tables.map((table) =>
          queryRows<{ id: number; version: string }>(
            db,
            sql.raw(`select id, xmin::text as version from ${table} order by id`),
          ).then((found) => found.map((row) => `${table} ${row.id} ${row.version}`)),
        ),
      );
      return rows.flat();
    };
    const before = await versions();
    await db.update(transactionPurposes).set({ purpose: 'Edited' }).where(eq(transactionPurposes.id, 1));
    const edited = await versions();
    await seedReferenceData(db);
    const after = await versions();
    expect(after.filter((row) => !edited.includes(row))).toEqual([
      expect.stringMatching(/^transaction_purposes 1 /),
    ]);
    expect(after.filter((row) => !before.includes(row))).toHaveLength(1);
  });
});

describe('errors and headers', () => {
  it('answers an unknown /api path with a JSON 404 in our envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/Nope'],
      ['POST', '/api/User/Nope'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(envelope(response)).toMatchObject({ code: 404, data: { messageId: 'notFound' } });
    }
  });

  it('sends the security headers with a strict CSP on pages', async () => {
    for (const url of ['/']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends an API answer a CSP that allows nothing and none of the headers only a document reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPaths.countries });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    for (const header of [
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'x-powered-by',
    ])
      expect(response.headers[header], header).toBeUndefined();
  });
});

describe('static files', () => {
  let staticDir: string;
  let staticApp: Awaited<ReturnType<typeof buildApp>>;
  const script = 'console.log("wallet");'.repeat(20);
  const inlineStyleHash = 'sha256-lAAwoVQwwyzgHWllYcYsnkNebYTmLtv1lE40g9l4EWM=';
  const inlineScriptHash = 'sha256-xthVPvcweG8ENdM/VTCuFPrpCFFRzuNzNiBEG4jdsRo=';

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'wallet-static-'));
    await writeFile(
      path.join(staticDir, 'index.html'),
      '<!doctype html><title>Cedi Wallet</title><div id="root"></div>',
    );
    await mkdir(path.join(staticDir, 'assets'));
    await writeFile(path.join(staticDir, 'index.1a2b3c4d.js'), script);
    await writeFile(path.join(staticDir, 'index.1a2b3c4d.js.br'), brotliCompressSync(script));
    await writeFile(path.join(staticDir, 'index.1a2b3c4d.js.gz'), gzipSync(script));
    await writeFile(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
    await mkdir(path.join(staticDir, 'ops'));
    await writeFile(
      path.join(staticDir, 'ops', 'index.html'),
      '<!doctype html><title>Cedi Wallet operations</title><div id="root"></div>',
    );
    await writeFile(path.join(staticDir, 'ops', 'ops.1a2b3c4d.js'), script);
    await writeFile(path.join(staticDir, 'inline-styles.json'), JSON.stringify([inlineStyleHash]));
    await writeFile(
      path.join(staticDir, 'inline-scripts.json'),
      JSON.stringify([inlineScriptHash, "'unsafe-inline'"]),
    );
    staticApp = await buildApp({ config: { ...t.config, STATIC_DIR: staticDir }, database: t.database });
  });
  afterAll(async () => {
    await staticApp?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves index.html at / and as the history fallback for any app route, never cached', async () => {
    for (const url of ['/', '/LogIn', '/Dashboard/transactionHistory', '/some/unknown/route?x=1']) {
      const response = await staticApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Cedi Wallet</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets precompressed and cached for a year; a missing file is a 404, not the app', async () => {
    const br = await staticApp.inject({
      method: 'GET',
      url: '/index.1a2b3c4d.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await staticApp.inject({
      method: 'GET',
      url: '/index.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await staticApp.inject({ method: 'GET', url: '/index.1a2b3c4d.js' });
    expect(plain.body).toBe(script);
    const robots = await staticApp.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
    const missing = await staticApp.inject({ method: 'GET', url: '/index.deadbeef.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('Cedi Wallet');
  });

  it("allows exactly the prerendered pages' inline stylesheet and entry script by their hashes, nothing else", async () => {
    const response = await staticApp.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' '${inlineScriptHash}';`);
    expect(csp).toContain(`style-src 'self' '${inlineStyleHash}';`);
    // What is not a hash in those files is dropped.
    expect(csp).not.toContain('unsafe-inline');
  });

  it("serves the console's own page at /ops and below, never the app shell, and its hashed files", async () => {
    for (const url of ['/ops', '/ops/', '/OPS/users/12', '/ops/audit?actor=3']) {
      const response = await staticApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Cedi Wallet operations</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const code = await staticApp.inject({ method: 'GET', url: '/ops/ops.1a2b3c4d.js' });
    expect(code.body).toBe(script);
    expect(code.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await staticApp.inject({ method: 'GET', url: '/ops/ops.deadbeef.js' })).statusCode).toBe(404);
    // The customers' routes never answer the console.
    const app = await staticApp.inject({ method: 'GET', url: '/Dashboard/ops' });
    expect(app.body).toContain('<title>Cedi Wallet</title>');
  });

  it('still answers /api paths with JSON, not the app', async () => {
    const response = await staticApp.inject({ method: 'GET', url: '/api/Unknown' });
    expect(envelope(response)).toMatchObject({ code: 404 });
  });

  it('says the app is not built when STATIC_DIR has no index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npm run build');
  });
});
