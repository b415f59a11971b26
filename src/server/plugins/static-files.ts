import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from '../envelope';

/** Parcel names bundles `name.<8+ hex>.ext`: those never change, so they are cached for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>
<body><h1>The app is not built yet</h1><p>The API is running. Run <code>npm run build</code> (or <code>npm start</code>) to build the browser app.</p></body></html>
`;

const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** A missing `/x/name.ext` is a missing file (404), not a route of the app. */
const looksLikeFile = (url: string): boolean => /\.[a-z0-9]{1,8}$/i.test(url.split(/[?#]/)[0] ?? '');

/**
 * Serves the built browser app from STATIC_DIR (precompressed .br/.gz when the client accepts them), with the
 * history fallback: any GET that is not /api and not a file answers index.html. Unknown /api paths get a JSON 404.
 */
export const registerStaticFiles = async (app: FastifyInstance, staticDir: string): Promise<void> => {
  const root = path.resolve(staticDir);
  const hasIndex = existsSync(path.join(root, 'index.html'));

  if (hasIndex) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
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

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(failure(404, 'notFound'));
    }
    if (looksLikeFile(url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!hasIndex) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    }
    return reply.sendFile('index.html');
  });
};
