import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, with a strict CSP: no inline script or style but the prerendered pages' own
 * entry script and stylesheet (allowed by their hashes), nothing from other sites.
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
};
