import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, with a strict CSP: no inline script, no inline style but the prerendered pages'
 * own stylesheet (allowed by its hash, `inlineStyleHashes`), nothing from other sites.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  { inlineStyleHashes = [] }: { inlineStyleHashes?: readonly string[] } = {},
): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", ...inlineStyleHashes.map((hash) => `'${hash}'`)],
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
