import path from 'node:path';
import { lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managementRoute } from './lib/management';
import { publicRoute, signedInRoute } from './lib/routes';
import { createTestContext, type TestContext } from './testing/test-app';

let t: TestContext;
let documentText: string;
let operations: { route: string; operation: Operation }[];

type Response = { content?: Record<string, { schema?: { $ref?: string } }> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
};

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
const root = path.resolve(import.meta.dirname, '..');

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.request('http://localhost/api/openapi.json');
  documentText = await response.text();
  const document = JSON.parse(documentText) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(document.paths).flatMap(([routePath, pathItem]) =>
    Object.entries(pathItem)
      .filter(([method]) => httpMethods.has(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${routePath}`, operation })),
  );
});
afterAll(() => t.close());

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? 'no location'})`;

describe('the OpenAPI document, as outside tools read it (ADR 030)', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    // redocly.yaml says which rules are off and why; .redocly.lint-ignore.yaml the operations that have no 4xx.
    const config = await loadConfig({ configPath: path.join(root, 'redocly.yaml') });
    const problems = await lintFromString({
      source: documentText,
      absoluteRef: path.join(root, 'openapi.json'),
      config,
    });
    const ignored = problems.filter((problem) => problem.ignored);
    console.log(
      `[openapi lint] ${operations.length} operations, ${ignored.length} problems ignored by their entry`,
    );
    expect(problems.filter((problem) => !problem.ignored).map(describeProblem)).toEqual([]);
    // A stale ignore entry would hide a future problem: each one still matches something.
    expect(ignored.map((problem) => problem.ruleId)).toEqual([
      'operation-4xx-response',
      'operation-4xx-response',
    ]);
  });

  it('names every operation once, in camelCase, so a generated client has stable method names', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    const unnamed = operations.filter(({ operation }) => !operation.operationId).map(({ route }) => route);
    expect(unnamed).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id ?? ''))).toEqual([]);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    console.log(`[openapi] operationIds: ${ids.join(', ')}`);
  });

  it('declares on every operation whether it takes a token: none, or the bearer token with a 401', () => {
    const problems: string[] = [];
    for (const { route, operation } of operations) {
      const security = operation.security;
      if (!Array.isArray(security)) problems.push(`${route}: no security list`);
      else if (security.length > 0 && !operation.responses['401'])
        problems.push(`${route}: a token but no 401`);
      else if (security.some((requirement) => Object.keys(requirement).join() !== 'bearerAuth'))
        problems.push(`${route}: a scheme other than bearerAuth`);
    }
    expect(problems).toEqual([]);
  });

  it('answers every 4xx with the one error shape', () => {
    const problems: string[] = [];
    for (const { route, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        const schemas = Object.entries(response.content ?? {});
        if (schemas.length !== 1 || schemas[0]?.[0] !== 'application/json')
          problems.push(`${route} ${status}: not only application/json`);
        else if (schemas[0][1].schema?.$ref !== '#/components/schemas/ApiError')
          problems.push(`${route} ${status}: not the ApiError shape`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Never called: the type check (npm run typecheck) fails if a route could be declared without its operationId. */
export function routesWithoutOperationIdDoNotCompile() {
  // @ts-expect-error operationId is required
  publicRoute({ method: 'get', path: '/api/unnamed', summary: 'Unnamed', responses: {} });
  // @ts-expect-error operationId is required
  signedInRoute({ method: 'get', path: '/api/unnamed', summary: 'Unnamed', roles: ['admin'], responses: {} });
  // @ts-expect-error operationId is required
  managementRoute({ method: 'get', path: '/api/manage/unnamed', summary: 'Unnamed', responses: {} });
}
