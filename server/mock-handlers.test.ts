import type { HttpHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../mocks/handlers';
import { fakedRouteOf } from '../mocks/handlers/respond';
import { createTestContext, type TestContext } from './testing/test-app';

/**
 * The web suite runs against the MSW fakes in mocks/handlers/. They may fake only what this server has, with
 * the response schemas its routes declare; apiRoute (mocks/handlers/respond.ts) then parses every answer.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type OpenApiDocument = { paths: Record<string, Record<string, unknown>> };

/** `GET /api/groups/{groupId}` of a handler's `*\/api/groups/:groupId`, as the OpenAPI document names it. */
function operationOf(handler: HttpHandler): string {
  const { method, path } = handler.info;
  return `${String(method).toUpperCase()} ${String(path)
    .replace(/^\*/, '')
    .replace(/:(\w+)/g, '{$1}')}`;
}

/** The success schemas each route of the server declares, by `METHOD /path`, read from its OpenAPI registry. */
function declaredSuccessSchemas(): Map<string, Map<number, unknown>> {
  const routes = new Map<string, Map<number, unknown>>();
  for (const definition of t.app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    const schemas = new Map<number, unknown>();
    for (const [status, response] of Object.entries(responses)) {
      const json = 'content' in response ? response.content?.['application/json'] : undefined;
      if (Number(status) < 300)
        schemas.set(Number(status), json && 'schema' in json ? json.schema : undefined);
    }
    routes.set(`${method.toUpperCase()} ${path}`, schemas);
  }
  return routes;
}

describe('the MSW fakes of the web suite', () => {
  it('fake only operations the OpenAPI document has', async () => {
    const response = await t.request<OpenApiDocument>('GET', '/api/openapi.json');
    const operations = new Set(
      Object.entries(response.body.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(operations.size).toBeGreaterThan(40);
    const faked = handlers.map(operationOf);
    expect(faked.filter((operation) => !operations.has(operation))).toEqual([]);
  });

  it('are all made with apiRoute, so every answer is parsed through the contract', () => {
    expect(handlers.filter((handler) => !fakedRouteOf(handler)).map(operationOf)).toEqual([]);
  });

  it("declare the server route's own method, path and schema for each success status", () => {
    const declared = declaredSuccessSchemas();
    const mismatches = handlers.flatMap((handler) => {
      const route = fakedRouteOf(handler);
      if (!route) return [];
      const operation = `${route.method.toUpperCase()} ${route.path}`;
      const server = declared.get(operation);
      if (!server) return [`${operation}: no such route`];
      return Object.entries(route.responses)
        .filter(([status, schema]) => server.get(Number(status)) !== schema)
        .map(([status]) =>
          server.has(Number(status))
            ? `${operation} ${status}: not the schema the route declares`
            : `${operation} ${status}: not a status the route declares`,
        );
    });
    expect(mismatches).toEqual([]);
  });
});
