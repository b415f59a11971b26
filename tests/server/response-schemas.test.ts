import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeResponses, envelopeSchema } from '../../src/contract/envelope';
import { apiPaths } from '../../src/contract/paths';
import { installErrorHandling } from '../../src/server/plugins/errors';
import {
  checkedSerializerCompiler,
  fastSerializerCompiler,
  responseSerializerCompiler,
} from '../../src/server/plugins/response-serializer';
import { checkAnswersOf, expectAnswerMatchesSchema, routeRecorder } from '../support/answer-checks';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('every API route declares its response schema', () => {
  it('sees every API path of the contract among the registered routes', () => {
    const urls = new Set(t.routes.map((route) => route.url));
    for (const path of Object.values(apiPaths)) expect(urls, path).toContain(path);
  });

  it('declares a success status, 4xx and 5xx on every route', () => {
    const api = t.routes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(20);
    const missing = api
      .filter((route) => {
        const statuses = Object.keys(route.response ?? {});
        return (
          !statuses.some((status) => /^2(\d\d|xx)$/.test(status)) ||
          !statuses.includes('4xx') ||
          !statuses.includes('5xx') ||
          !Object.values(route.response ?? {}).every((schema) => schema instanceof z.ZodType)
        );
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });
});

/** A small app with the production serializer, so a wrong answer reaches the client and only the harness sees it. */
const appAnswering = async (answers: Record<string, { status: number; body: unknown }>) => {
  const { routes, onRoute } = routeRecorder();
  const app = Fastify();
  app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  for (const [url, { status, body }] of Object.entries(answers)) {
    app.get(
      url,
      { schema: { response: envelopeResponses(200, z.object({ count: z.number() })) } },
      (_, reply) => reply.code(status).send(body),
    );
  }
  await app.ready();
  checkAnswersOf(app, routes);
  return app;
};

describe('the test harness checks every answer against its route’s schema', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appAnswering({
      '/api/right': { status: 200, body: { code: 200, message: 'OK', data: { count: 1 } } },
      '/api/wrong-shape': { status: 200, body: { code: 200, message: 'OK', data: { count: '1' } } },
      '/api/extra-key': { status: 200, body: { code: 200, message: 'OK', data: { count: 1, secret: 'x' } } },
      '/api/undeclared-status': { status: 202, body: { code: 202, message: 'OK', data: { count: 1 } } },
      '/api/wrong-failure': {
        status: 400,
        body: { code: 400, message: 'Bad', data: { why: 'no messageId' } },
      },
    });
  });
  afterAll(async () => app?.close());

  it('passes an answer of the declared shape', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/right' })).statusCode).toBe(200);
  });

  it.each(['/api/wrong-shape', '/api/extra-key', '/api/undeclared-status', '/api/wrong-failure'])(
    'fails the test on %s',
    async (url) => {
      await expect(app.inject({ method: 'GET', url })).rejects.toThrow(url);
    },
  );

  it('checks the API host’s own routes with their declared schemas (a tampered health answer fails)', async () => {
    const real = await t.app.inject({ method: 'GET', url: apiPaths.health });
    expect(() => expectAnswerMatchesSchema(t.routes, real)).not.toThrow();
    const tampered = {
      ...real,
      raw: real.raw,
      headers: real.headers,
      statusCode: real.statusCode,
    } as LightMyRequestResponse;
    tampered.json = () => ({ code: 200, message: 'OK', data: { database: 'down' } }) as never;
    expect(() => expectAnswerMatchesSchema(t.routes, tampered)).toThrow(apiPaths.health);
  });
});

describe('response serialization policy', () => {
  it('checks answers with zod in development and tests, and serializes without zod in production', () => {
    expect(responseSerializerCompiler({ NODE_ENV: 'development' })).toBe(checkedSerializerCompiler);
    expect(responseSerializerCompiler({ NODE_ENV: 'test' })).toBe(checkedSerializerCompiler);
    expect(responseSerializerCompiler({ NODE_ENV: 'production' })).toBe(fastSerializerCompiler);
  });

  it('turns a wrong answer into a 500 in development and tests, never sending it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.setSerializerCompiler(checkedSerializerCompiler);
    const schema = { response: { 200: envelopeSchema(z.object({ count: z.number() })) } };
    app.get('/api/wrong', { schema }, () => ({ code: 200, message: 'OK', data: { count: 'leak' } }));
    app.get('/api/right', { schema }, () => ({ code: 200, message: 'OK', data: { count: 2 } }));
    try {
      const wrong = await app.inject({ method: 'GET', url: '/api/wrong' });
      expect(wrong.statusCode).toBe(500);
      expect(wrong.body).not.toContain('leak');
      const right = await app.inject({ method: 'GET', url: '/api/right' });
      expect(right.body).toBe(JSON.stringify({ code: 200, message: 'OK', data: { count: 2 } }));
    } finally {
      await app.close();
    }
  });
});
