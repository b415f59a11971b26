import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PARTNER_KEY_HEADER } from '../../contract/betting';
import { failureEnvelopeSchema, notModifiedSchema } from '../../contract/envelope';
import { isOpsPath } from '../../contract/ops';
import { apiPaths, IDEMPOTENCY_KEY_HEADER } from '../../contract/paths';
import { STEP_UP_PROOF_HEADER } from '../../contract/step-up-proof';
import { IDENTIFICATION_IMAGE_MAX_BYTES, IDENTIFICATION_IMAGE_TYPES } from '../../domain/identification';
import { requireIdempotencyKey } from '../idempotency/require-idempotency-key';
import { SIGNATURE_HEADER } from '../providers/webhook-signature';
import { IMAGE_FIELD } from '../routes/identification/identification-routes';
import { METRICS_PATH } from '../routes/metrics/metrics-routes';

/*
 * The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (never written by hand), at
 * GET /api/openapi.json, and Swagger UI reading it at /api/docs. Both need no token. The document is built on its
 * first request and kept (bytes and ETag), so neither the start nor any later request pays for it again.
 * See docs/decisions.md, "Issue 22: the OpenAPI document and its reference page".
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token UserLogin answers (opaque), as `Authorization: Bearer <token>`. It expires when idle, ' +
      'at an absolute limit, and at Logout.',
  },
  partnerKey: {
    type: 'apiKey',
    in: 'header',
    name: PARTNER_KEY_HEADER,
    description:
      'A betting operator’s API key (the host’s operators make and revoke keys with `npm run partners`).',
  },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: SIGNATURE_HEADER,
    description: 'The payment provider’s HMAC-SHA256 of the raw body, keyed with WEBHOOK_SECRET.',
  },
  staffBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff member’s session token, answered by POST /api/Ops/LogIn (password and TOTP code); a user’s token is ' +
      'refused. It expires after 15 minutes idle, at an absolute limit, and at LogOut.',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, for the operators’ scraper (the metrics are open when it is not set).',
  },
} as const;

type SchemeName = keyof typeof securitySchemes;

/** Routes that take a credential of their own instead of a user's session token. */
const OWN_SCHEME: Readonly<Record<string, SchemeName>> = {
  [apiPaths.partnerPaymentLink]: 'partnerKey',
  [apiPaths.providerWebhook]: 'providerSignature',
  [METRICS_PATH]: 'metricsToken',
};

/**
 * plugins/auth.ts: every /api route needs the bearer token unless its config says `public: true`; /api/Ops routes a
 * staff member's (ops/staff-auth.ts).
 */
const securityOf = (route: RouteOptions): Array<Record<string, string[]>> => {
  const own = OWN_SCHEME[route.url];
  if (own) return [{ [own]: [] }];
  if (route.config?.public) return [];
  return isOpsPath(route.url) ? [{ staffBearer: [] }] : [{ bearerAuth: [] }];
};

const takesIdempotencyKey = (route: RouteOptions): boolean =>
  [route.preValidation].flat().includes(requireIdempotencyKey);

interface HeaderSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

const withIdempotencyKey = (headers: HeaderSchema | undefined): HeaderSchema => ({
  ...headers,
  type: 'object',
  properties: {
    ...headers?.properties,
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description:
        'One per submit attempt (1 to 128 visible ASCII characters), sent again on a retry: a repeat answers the ' +
        'first answer and moves the money once; the same key with another body is a 409.',
    },
    [STEP_UP_PROOF_HEADER]: {
      type: 'string',
      description:
        'The step-up proof (issue 26), when the request was answered 401 auth.stepUpRequired: a passkey assertion ' +
        'on the options of POST /api/User/StepUpOptions for this very request, base64url JSON; single-use, 120 s.',
    },
  },
  required: [...(headers?.required ?? []), IDEMPOTENCY_KEY_HEADER],
});

/** A request body that is not JSON, so no zod schema of the route describes it. */
const OTHER_BODIES: Readonly<Record<string, { consumes: string[]; body: Record<string, unknown> }>> = {
  [apiPaths.uploadIdentificationImage]: {
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: {
        [IMAGE_FIELD]: {
          type: 'string',
          format: 'binary',
          description: `${IDENTIFICATION_IMAGE_TYPES.join(', ')}; at most ${IDENTIFICATION_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
        },
      },
      required: [IMAGE_FIELD],
    },
  },
};

/** The schemas the document names once (components) instead of repeating them in every operation. */
const namedSchemas = z.registry<{ id: string }>();
namedSchemas.add(failureEnvelopeSchema, { id: 'FailureEnvelope' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

/** The named schemas, without those nothing refers to (the zod transform adds an input twin of each). */
const transformObject: SwaggerTransformObject = (input) => {
  const document = zodTransformObject(input);
  if (!('components' in document) || !document.components?.schemas) return document;
  const schemas = document.components.schemas;
  for (const name of Object.keys(schemas)) {
    const { [name]: _itself, ...others } = schemas;
    const elsewhere = JSON.stringify({
      ...document,
      components: { ...document.components, schemas: others },
    });
    if (!elsewhere.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return document;
};

/** The API and the metrics are documented; the app's pages, its files and the reference page's own are not. */
const isDocumented = (url: string): boolean => url.startsWith('/api/') || url in OWN_SCHEME;

/** A path's PUT, PATCH or DELETE, beside its GET: its id says the verb ('PutMonitoringRules'). */
const VERB_PREFIX: Readonly<Record<string, string>> = { PUT: 'Put', PATCH: 'Patch', DELETE: 'Delete' };

/**
 * `/api/User/UserLogin` -> tag `User`, id `UserLogin` (the spec's names); `/api/health` -> `Host`, `health`;
 * PUT `/api/Ops/MonitoringRules` -> `PutMonitoringRules` (its GET keeps the plain name).
 */
const namesOf = (url: string, method: unknown): { tag: string; operationId: string } => {
  const segments = url.split('/').filter((segment) => segment !== '' && segment !== 'api');
  const last = segments.at(-1) ?? url;
  const verb = VERB_PREFIX[String([method].flat()[0] ?? '').toUpperCase()] ?? '';
  return { tag: segments.length > 1 ? (segments[0] ?? 'Host') : 'Host', operationId: `${verb}${last}` };
};

const transform: SwaggerTransform = (input) => {
  const { route, url } = input;
  if (!isDocumented(url)) return { schema: { hide: true }, url };
  const { schema } = zodTransform(input);
  if (schema.hide) return { schema, url };
  const names = namesOf(url, route.method);
  return {
    url,
    schema: {
      operationId: names.operationId,
      tags: [names.tag],
      ...schema,
      ...OTHER_BODIES[url],
      security: securityOf(route),
      ...(takesIdempotencyKey(route)
        ? { headers: withIdempotencyKey(schema.headers as HeaderSchema | undefined) }
        : {}),
    },
  };
};

/** The document as served: a JSON object with the OpenAPI version, its info and its paths. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const documentResponses = {
  200: openApiDocumentSchema,
  304: notModifiedSchema,
  '4xx': failureEnvelopeSchema,
  '5xx': failureEnvelopeSchema,
};

/** The reference page and its files, as sent (HTML, script, stylesheet). */
const pageFileSchema = z.custom<unknown>(
  (value) => typeof value === 'string' || value instanceof Uint8Array,
  'a file of the reference page',
);

const pageFileResponses = {
  200: pageFileSchema,
  '4xx': failureEnvelopeSchema,
  '5xx': failureEnvelopeSchema,
};

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page: Swagger UI's files from swagger-ui-dist, its start in a file of ours (the CSP allows no inline script). */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cedi Wallet API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${API_DOCS_PATH}/docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/docs.js"></script>
</body>
</html>
`;

// BaseLayout: no top bar, whose Swagger logo is an SVG with an inline <style> (refused by the CSP) and whose box
// loads other documents (of no use under connect-src 'self').
const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle(${JSON.stringify({
    url: OPENAPI_PATH,
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'none',
    displayRequestDuration: true,
    validatorUrl: null,
  })});
});
`;

const DOCS_STYLE = 'body { margin: 0; background: #fafafa; }\n';

interface PageFile {
  type: string;
  read: () => Promise<Buffer>;
}

const fromSwaggerUi = (name: string) => () => readFile(path.join(swaggerUiDir, name));

const PAGE_FILES: Readonly<Record<string, PageFile>> = {
  '': { type: 'text/html; charset=utf-8', read: async () => Buffer.from(DOCS_PAGE) },
  '/docs.js': { type: 'text/javascript; charset=utf-8', read: async () => Buffer.from(DOCS_SCRIPT) },
  '/docs.css': { type: 'text/css; charset=utf-8', read: async () => Buffer.from(DOCS_STYLE) },
  '/swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: fromSwaggerUi('swagger-ui-bundle.js'),
  },
  '/swagger-ui.css': { type: 'text/css; charset=utf-8', read: fromSwaggerUi('swagger-ui.css') },
};

/** A file read (and gzipped) on its first request, then answered from memory. */
const keptFile = (file: PageFile) => {
  let kept: Promise<{ plain: Buffer; gzipped: Buffer }> | undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    kept ??= file.read().then((plain) => ({ plain, gzipped: gzipSync(plain) }));
    return kept.then(({ plain, gzipped }) => {
      reply.type(file.type).header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Encoding');
      if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(plain);
      return reply.header('content-encoding', 'gzip').send(gzipped);
    });
  };
};

/**
 * Registers the document's route collector (before any route, so it sees them all), GET /api/openapi.json and
 * the reference page at /api/docs. Call it before the routes.
 */
export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cedi Wallet API',
        version: '1.0.0',
        description:
          'Every answer is `{ code, message, data }` and the HTTP status equals `code`; an error answer’s ' +
          '`data.messageId` names its message. Amounts are decimal numbers with at most two decimals.',
      },
      components: { securitySchemes },
    },
    transform,
    transformObject,
  });

  let built: { body: string; etag: string } | undefined;
  const documentOf = () => {
    if (!built) {
      const body = JSON.stringify(app.swagger());
      built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return built;
  };

  app.get(
    OPENAPI_PATH,
    { config: { public: true }, schema: { operationId: 'GetOpenApiDocument', response: documentResponses } },
    (request, reply) => {
      const { body, etag } = documentOf();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  for (const [name, file] of Object.entries(PAGE_FILES)) {
    app.get(
      `${API_DOCS_PATH}${name}`,
      { config: { public: true }, schema: { hide: true, response: pageFileResponses } },
      keptFile(file),
    );
  }
};
