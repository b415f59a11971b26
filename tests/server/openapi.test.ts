import { gunzipSync } from 'node:zlib';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_KEY_HEADER } from '../../src/contract/betting';
import { opsPaths } from '../../src/contract/ops';
import { apiPaths, IDEMPOTENCY_KEY_HEADER, unauthenticatedPaths } from '../../src/contract/paths';
import { fieldsOf } from '../support/bad-input-arbitraries';
import { bearer } from '../support/server-helpers';
import { walletUser, type WalletUser } from '../support/server-wallet-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 22: the OpenAPI 3.1 document at GET /api/openapi.json is generated from the routes' zod schemas, so it lists
 * every registered route with its request, responses and security, and says what the host really does: a route it
 * marks with the bearer token refuses a request without one, a money POST it marks with Idempotency-Key refuses a
 * request without the key. /api/docs renders it (Swagger UI) without a token, its files served by this host.
 */

const DOCUMENT_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

/** The money-moving POSTs of the spec (DESIGN.md: every one takes an Idempotency-Key). */
const MONEY_POSTS = [
  apiPaths.cardTopUp,
  apiPaths.bankTopUp,
  apiPaths.momoTopUp,
  apiPaths.withdrawal,
  apiPaths.payNow,
  apiPaths.initiateBetting,
  apiPaths.payBill,
  apiPaths.buyGemPack,
];

let t: TestApp;
let document: OpenApiDocument;
let user: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: 'GET', url: DOCUMENT_PATH });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
  user = await walletUser(t.app, t.database.db);
});
afterAll(async () => t?.close());

/** The routes an integrator calls: the API (not the reference page's own files) and the metrics. */
const apiRoutes = () =>
  t.routes.filter(
    (route) =>
      (route.url.startsWith('/api/') || route.url === '/metrics') &&
      route.url !== DOCS_PATH &&
      !route.url.startsWith(`${DOCS_PATH}/`) &&
      route.method !== 'HEAD',
  );

const operations = (): Array<{ method: string; url: string; operation: Operation }> =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );

const operationOf = (method: string, url: string): Operation => {
  const operation = document.paths[url]?.[method.toLowerCase()];
  expect(operation, `${method} ${url} in the document`).toBeDefined();
  return operation as Operation;
};

/** A user's session token, or a staff member's on /api/Ops (issue 25). */
const usesBearer = (operation: Operation) =>
  (operation.security ?? []).some(
    (requirement) => 'bearerAuth' in requirement || 'staffBearer' in requirement,
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('lists every registered route with its method, and nothing else', () => {
    const registered = apiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(registered.length).toBeGreaterThan(40);
    for (const path of Object.values(apiPaths)) expect(document.paths, path).toHaveProperty([path]);
    const documented = operations().map(({ method, url }) => `${method} ${url}`);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('gives every operation a unique id and the area of its path as its tag', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf('POST', apiPaths.logIn).tags).toEqual(['User']);
    expect(operationOf('GET', apiPaths.countries).tags).toEqual(['Country']);
  });

  it('describes each request as its route’s zod schema does: body fields and query parameters', () => {
    for (const route of apiRoutes()) {
      const operation = operationOf(route.method, route.url);
      const where = `${route.method} ${route.url}`;
      const queryNames = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      expect(queryNames.sort(), where).toEqual(fieldsOf(route.request.querystring).sort());
      if (route.request.body) {
        const json = operation.requestBody?.content['application/json']?.schema;
        expect(json, where).toBeDefined();
        const fields = fieldsOf(route.request.body);
        if (fields.length > 0 && json?.properties)
          expect(Object.keys(json.properties).sort(), where).toEqual(fields.sort());
      } else {
        expect(operation.requestBody?.content['application/json'], where).toBeUndefined();
      }
    }
    // The identification image is multipart, not JSON: the document says so and names its field.
    const upload = operationOf('POST', apiPaths.uploadIdentificationImage).requestBody?.content;
    expect(Object.keys(upload ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(upload?.['multipart/form-data']?.schema?.properties ?? {})).toEqual(['image']);
    // A required query parameter is marked so (GetAllBanksByCountryId needs CountryId).
    const banks = operationOf('GET', apiPaths.banksByCountry).parameters ?? [];
    expect(banks.find((parameter) => parameter.name === 'CountryId')?.required).toBe(true);
  });

  it('documents every status its route declares (2xx, 4XX, 5XX)', () => {
    for (const route of apiRoutes()) {
      const declared = Object.keys(route.response ?? {}).map((status) => status.toUpperCase());
      expect(Object.keys(operationOf(route.method, route.url).responses).sort(), route.url).toEqual(
        declared.sort(),
      );
    }
    const failure = (operationOf('POST', apiPaths.logIn).responses['4XX'] ?? {}) as {
      content?: Record<string, { schema?: unknown }>;
    };
    expect(failure.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/FailureEnvelope',
    });
    expect(Object.keys((document.components as { schemas?: object }).schemas ?? {})).toEqual([
      'FailureEnvelope',
    ]);
  });
});

describe('security in the document is what the host enforces', () => {
  it('says on every operation which scheme it takes; no token only on the spec’s public calls', () => {
    for (const { method, url, operation } of operations()) {
      expect(Array.isArray(operation.security), `${method} ${url} states its security`).toBe(true);
    }
    const withoutToken = operations()
      .filter(({ operation }) => !usesBearer(operation))
      .map(({ url }) => url);
    expect(withoutToken.sort()).toEqual(
      [...unauthenticatedPaths, opsPaths.logIn, DOCUMENT_PATH, '/metrics'].sort(),
    );
  });

  it('names the partner key and the provider signature where those routes take them', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.partnerKey).toMatchObject({ type: 'apiKey', in: 'header', name: PARTNER_KEY_HEADER });
    expect(schemes.providerSignature).toMatchObject({ type: 'apiKey', in: 'header' });
    expect(operationOf('POST', apiPaths.partnerPaymentLink).security).toEqual([{ partnerKey: [] }]);
    expect(operationOf('POST', apiPaths.providerWebhook).security).toEqual([{ providerSignature: [] }]);
    expect(operationOf('POST', apiPaths.logIn).security).toEqual([]);
    expect(operationOf('GET', apiPaths.walletAmount).security).toEqual([{ bearerAuth: [] }]);
    expect(schemes.staffBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operationOf('GET', opsPaths.users).security).toEqual([{ staffBearer: [] }]);
    expect(operationOf('POST', opsPaths.logIn).security).toEqual([]);
  });

  it('every operation marked with the bearer token refuses a request without one (401)', async () => {
    const marked = operations().filter(({ operation }) => usesBearer(operation));
    expect(marked.length).toBeGreaterThan(40);
    for (const { method, url } of marked) {
      const answer = await t.app.inject({ method: method as 'GET', url });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json().data.messageId, `${method} ${url}`).toBe('auth.required');
    }
  });

  it('no operation marked public asks for the session token', async () => {
    const open = operations().filter(
      ({ operation }) => !usesBearer(operation) && (operation.security ?? []).length === 0,
    );
    expect(open.length).toBeGreaterThanOrEqual(8);
    for (const { method, url } of open) {
      const answer = await t.app.inject({ method: method as 'GET', url });
      expect(answer.statusCode, `${method} ${url}`).not.toBe(401);
    }
  });

  it('marks exactly the money POSTs with a required Idempotency-Key header, which each of them requires', async () => {
    const keyed = operations()
      .filter(({ operation }) =>
        (operation.parameters ?? []).some(
          (parameter) =>
            parameter.in === 'header' &&
            parameter.name === IDEMPOTENCY_KEY_HEADER &&
            parameter.required === true,
        ),
      )
      .map(({ method, url }) => `${method} ${url}`);
    expect(keyed.sort()).toEqual(MONEY_POSTS.map((path) => `POST ${path}`).sort());
    for (const path of MONEY_POSTS) {
      const answer = await t.app.inject({
        method: 'POST',
        url: path,
        headers: bearer(user.token),
        payload: {},
      });
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().data.messageId, path).toBe('idempotency.keyRequired');
    }
  });
});

describe('the document is built once', () => {
  it('answers the same bytes every time, with an ETag a client can revalidate (304)', async () => {
    const first = await t.app.inject({ method: 'GET', url: DOCUMENT_PATH });
    const second = await t.app.inject({ method: 'GET', url: DOCUMENT_PATH });
    expect(second.body).toBe(first.body);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: DOCUMENT_PATH,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });
});

describe('the reference page at /api/docs', () => {
  /** The same-origin files a page links (src and href), as paths. */
  const filesOf = (html: string): string[] =>
    [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((link) => !link.startsWith('data:'))
      .map((link) => new URL(link, 'http://host/api/docs').pathname);

  it('renders without a token: the page, each script and stylesheet it links, and the document it loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>|<style|style="/);
    const files = filesOf(page.body);
    expect(files.filter((file) => file.endsWith('.js'))).toHaveLength(2);
    expect(files.filter((file) => file.endsWith('.css'))).toHaveLength(2);
    for (const file of files) {
      const answer = await t.app.inject({ method: 'GET', url: file });
      expect(answer.statusCode, file).toBe(200);
      expect(answer.body.length, file).toBeGreaterThan(10);
      if (file.endsWith('.js')) expect(answer.headers['content-type'], file).toMatch(/^text\/javascript/);
      if (file.endsWith('.css')) expect(answer.headers['content-type'], file).toMatch(/^text\/css/);
    }
    const bundle = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/swagger-ui-bundle.js` });
    expect(bundle.body).toContain('SwaggerUIBundle');
    // The page's script starts Swagger UI on the document, without the top bar (see the CSP test below).
    const start = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/docs.js` });
    expect(start.body).toContain(`"url":"${DOCUMENT_PATH}"`);
    expect(start.body).toContain('"layout":"BaseLayout"');
  });

  it('sends its big files gzipped to a browser that accepts it', async () => {
    const url = `${DOCS_PATH}/swagger-ui-bundle.js`;
    const plain = await t.app.inject({ method: 'GET', url });
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('is served under the app’s own strict CSP, which it leaves as it is on pages', async () => {
    const cspOf = async (url: string) =>
      String(
        (await t.app.inject({ method: 'GET', url, headers: bearer(user.token) })).headers[
          'content-security-policy'
        ],
      );
    const app = await cspOf('/');
    expect(app).toContain("script-src 'self'");
    expect(app).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
    expect(await cspOf(DOCS_PATH)).toBe(app);
    expect(await cspOf(`${DOCS_PATH}/swagger-ui-bundle.js`)).toBe(app);
    // The JSON answers (the document's too) are no pages: their CSP allows nothing (src/server/plugins/security.ts).
    const json = "default-src 'none';frame-ancestors 'none'";
    expect(await cspOf(DOCUMENT_PATH)).toBe(json);
    expect(await cspOf(apiPaths.walletAmount)).toBe(json);
  });
});
