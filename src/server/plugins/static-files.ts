import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeKey } from '../../domain/route-key';
import { failure } from '../envelope';

/** Parcel names bundles `name.<8+ hex>.ext`: those never change, so they are cached for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>
<body><h1>The app is not built yet</h1><p>The API is running. Run <code>npm run build</code> (or <code>npm start</code>) to build the browser app.</p></body></html>
`;

/** A prerendered public page: with the cookie banner, and without it for a visitor who answered it. */
interface PrerenderedPage {
  unanswered: string;
  answered: string;
}

/** The public pages scripts/prerender.tsx rendered at build time: lower-case path -> files under STATIC_DIR. */
const readPrerendered = (root: string): Map<string, PrerenderedPage> => {
  const file = path.join(root, 'prerendered.json');
  if (!existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>));
};

/** The userConsent cookie of spec section 3 holds the visitor's answer ('true' or 'false'). */
const answeredConsent = (cookieHeader: string | undefined): boolean =>
  /(?:^|;\s*)userConsent=(?:true|false)(?:;|$)/.test(cookieHeader ?? '');

const pageKey = (url: string): string => routeKey(url.split(/[?#]/)[0] ?? '/');

/** What the prerendered pages carry inline, and the file of its CSP hashes that scripts/prerender.tsx writes. */
export const INLINE_HASH_FILES = { styles: 'inline-styles.json', scripts: 'inline-scripts.json' } as const;

/** The CSP hashes of the stylesheet or the entry script the prerendered pages carry inline (none when unbuilt). */
export const readInlineHashes = (staticDir: string, kind: keyof typeof INLINE_HASH_FILES): string[] => {
  const file = path.join(path.resolve(staticDir), INLINE_HASH_FILES[kind]);
  if (!existsSync(file)) return [];
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(hashes)
    ? hashes.filter((hash): hash is string => /^sha256-[A-Za-z0-9+/=]+$/.test(String(hash)))
    : [];
};

/** The operations console's page (a separate build in STATIC_DIR/ops/, scripts/build-if-needed.mjs). */
export const OPS_PAGE = 'ops/index.html';

const isOpsPath = (url: string): boolean => {
  const key = pageKey(url);
  return key === '/ops' || key.startsWith('/ops/');
};

const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A missing `/x/name.ext` is a missing file (404), not a route of the app. */
const looksLikeFile = (url: string): boolean => /\.[a-z0-9]{1,8}$/i.test(url.split(/[?#]/)[0] ?? '');

/**
 * Serves the built browser app from STATIC_DIR (precompressed .br/.gz when the client accepts them), with the
 * history fallback: a public page prerendered at build time answers its own HTML (dist/prerendered.json), any
 * other GET that is not /api and not a file answers index.html. Unknown /api paths get a JSON 404.
 */
export const registerStaticFiles = async (app: FastifyInstance, staticDir: string): Promise<void> => {
  const root = path.resolve(staticDir);
  const hasIndex = existsSync(path.join(root, 'index.html'));
  const hasOps = existsSync(path.join(root, OPS_PAGE));
  const prerendered = readPrerendered(root);

  if (hasIndex) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
      // '/' is the prerendered landing page (below), not the empty app shell.
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, filePath) => {
        const name = path.basename(filePath);
        reply.header(
          'cache-control',
          HASHED_ASSET.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  /** An app route's page: its prerendered HTML when it has one, else the app shell (the history fallback). */
  const sendPage = (url: string, request: FastifyRequest, reply: FastifyReply) => {
    if (!hasIndex) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    }
    // /ops and below: the console's own page, never the customers' app shell (and never the other way round).
    if (isOpsPath(url)) {
      return hasOps
        ? reply.sendFile(OPS_PAGE)
        : reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const page = prerendered.get(pageKey(url));
    if (!page) return reply.sendFile('index.html');
    // The banner must be in the HTML exactly when the browser will show it, or hydration would not match.
    reply.header('vary', 'Cookie');
    return reply.sendFile(answeredConsent(request.headers.cookie) ? page.answered : page.unanswered);
  };

  // The static files' wildcard would answer '/' as a directory (403 without an index file): '/' is a page.
  if (hasIndex) app.get('/', (request, reply) => sendPage('/', request, reply));
  // Likewise the console's folder: /ops (and /ops/: the router ignores the trailing slash) is its page.
  if (hasIndex) app.get('/ops', (request, reply) => sendPage('/ops', request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(failure(404, 'notFound'));
    }
    if (looksLikeFile(url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendPage(url, request, reply);
  });
};
