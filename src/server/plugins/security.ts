import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH } from './openapi';

/**
 * What an /api answer (JSON, or the audit log's CSV attachment) carries instead of the pages' headers: it is never a
 * document that runs script, loads anything or is framed, so a CSP that allows nothing replaces the pages' long one,
 * and the headers that only a document reads go (COOP, Origin-Agent-Cluster, X-Frame-Options, which frame-ancestors
 * says, Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection). Kept: nosniff, the same-origin CORP and HSTS. An idle tab's ValidateToken every second is
 * ~460 B lighter an answer (docs/performance.md; tests/server/validate-token-bytes.test.ts).
 */
const apiAnswerHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  frameguard: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * Security headers on every answer, with a strict CSP: no inline script or style but the prerendered pages' own
 * entry script and stylesheet (allowed by their hashes), nothing from other sites. /api routes answer with
 * apiAnswerHeaders instead, but the API's documentation page (unless a route sets its own `helmet` options).
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  {
    inlineStyleHashes = [],
    inlineScriptHashes = [],
  }: { inlineStyleHashes?: readonly string[]; inlineScriptHashes?: readonly string[] } = {},
): Promise<void> => {
  const hashed = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashed(inlineScriptHashes)],
        styleSrc: ["'self'", ...hashed(inlineStyleHashes)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin app: nobody else may embed or read our resources.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  // After helmet's own onRoute (which turns a route's `helmet` option into config.helmet), before any route.
  app.addHook('onRoute', (route) => {
    // The API's documentation is a page (Swagger UI's script and styles): it keeps the pages' headers.
    if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PATH)) return;
    const config = (route.config ?? {}) as { helmet?: unknown };
    if (config.helmet !== undefined) return;
    route.config = Object.assign(config, { helmet: apiAnswerHeaders }) as typeof route.config;
  });
};
