import type { FastifyInstance, InjectOptions, LightMyRequestResponse, onRouteHookHandler } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/** A registered route as the onRoute hook saw it: one entry per method. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `schema.response`: status code, 'Nxx' or 'default' to a zod schema. */
  response: Record<string, z.ZodType> | undefined;
  /** The request schemas it validates (the bad-input suite derives its requests from them). */
  request: RequestSchemas;
}

export interface RequestSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
}

/** An onRoute hook for buildApp, and the table it fills. */
export const routeRecorder = (): { routes: RegisteredRoute[]; onRoute: onRouteHookHandler } => {
  const routes: RegisteredRoute[] = [];
  const onRoute: onRouteHookHandler = (route) => {
    const schema = route.schema as (RequestSchemas & { response?: Record<string, z.ZodType> }) | undefined;
    const request: RequestSchemas = {
      body: schema?.body,
      querystring: schema?.querystring,
      params: schema?.params,
      headers: schema?.headers,
    };
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, response: schema?.response, request });
    }
  };
  return { routes, onRoute };
};

/** The schema Fastify serializes a status with: the exact code, then '4xx'-style, then 'default'. */
export const responseSchemaFor = (
  response: Record<string, z.ZodType>,
  status: number,
): z.ZodType | undefined => response[status] ?? response[`${String(status)[0]}xx`] ?? response.default;

const pathOf = (url: string): string => {
  const path = url.split('?')[0] ?? url;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
};

/**
 * Fails (an assertion error) when the answer does not match the response schema its route declares for its status:
 * a wrong shape, a key the schema does not know (zod would drop it silently), or a status the route does not
 * declare. A route that declares no response schema is not checked here (the route-walk test demands one).
 */
export const expectAnswerMatchesSchema = (
  routes: readonly RegisteredRoute[],
  response: LightMyRequestResponse,
): void => {
  const { method = 'GET', url = '/' } = response.raw.req;
  const route = routes.find((candidate) => candidate.method === method && candidate.url === pathOf(url));
  if (!route?.response || method === 'HEAD') return;
  const where = `${method} ${url} answered ${response.statusCode}`;
  const schema = responseSchemaFor(route.response, response.statusCode);
  expect(schema, `${where}, a status its route declares no response schema for`).toBeDefined();
  const isJson = /^application\/json\b/.test(String(response.headers['content-type'] ?? ''));
  const body: unknown = isJson ? response.json() : response.rawPayload;
  const parsed = schema?.safeParse(body);
  expect(parsed?.error?.issues, `${where}: not the shape of its response schema`).toBeUndefined();
  // Bytes that are not JSON have no keys to leak, and comparing a file byte by byte takes seconds a megabyte.
  if (!isJson) return;
  expect(parsed?.data, `${where}: keys its response schema does not declare`).toStrictEqual(body);
};

/** Every answer of `app.inject(options)` (the promise form) goes through expectAnswerMatchesSchema. */
export const checkAnswersOf = (app: FastifyInstance, routes: readonly RegisteredRoute[]): void => {
  const inject = app.inject.bind(app);
  const checked = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    }
    return inject(options).then((response) => {
      expectAnswerMatchesSchema(routes, response);
      return response;
    });
  };
  app.inject = checked as typeof app.inject;
};
