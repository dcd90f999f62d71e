import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientScript } from './testing/client-scripts/script';
import { createTestContext, demoPassword, type TestContext } from './testing/test-app';

/**
 * The document as a developer's toolchain uses it (ADR 030): openapi-typescript generates the client types from the
 * live document into a temporary folder, the TypeScript compiler checks the scripts in testing/client-scripts/
 * against them with the project's strict options, and each script runs with openapi-fetch against a real server.
 */
const root = path.resolve(import.meta.dirname, '..');
const scriptsDir = path.join(import.meta.dirname, 'testing/client-scripts');
const sourceFiles = readdirSync(scriptsDir).filter((file) => file.endsWith('.ts'));
const scriptFiles = sourceFiles.filter((file) => file.endsWith('.script.ts')).sort();
/** The module name the scripts import the generated types from. */
const generatedModule = 'connect-api';

let t: TestContext;
let server: ServerType;
let baseUrl: string;
let generatedDir: string;
let generatedTypes: string;

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.app.request('http://localhost/api/openapi.json');
  generatedDir = await mkdtemp(path.join(tmpdir(), 'connect-api-'));
  generatedTypes = path.join(generatedDir, `${generatedModule}.d.ts`);
  await writeFile(generatedTypes, astToString(await openapiTS(await response.text(), { silent: true })));
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  await rm(generatedDir, { recursive: true, force: true });
  await t.close();
});

/** The compiler options of tsconfig.node.json (strict, noUncheckedIndexedAccess, ...), with the generated module. */
function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.node.json');
  const configFile: { config?: unknown } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  return { ...options, noEmit: true, paths: { [generatedModule]: [generatedTypes] } };
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** Casts and escape hatches a script could use to paper over a document that does not fit. */
function escapeHatches(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) && node.type.getText() !== 'const')
      found.push(`${at(node)} as ${node.type.getText()}`);
    if (ts.isTypeAssertionExpression(node)) found.push(`${at(node)} <type> assertion`);
    if (ts.isNonNullExpression(node)) found.push(`${at(node)} non-null assertion (!)`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${at(node)} any`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (/@ts-(ignore|expect-error|nocheck)/.test(text)) found.push(`${file}: a @ts- comment`);
  return found;
}

const isClientScript = (value: unknown): value is ClientScript => typeof value === 'function';

describe('a client generated from the OpenAPI document (ADR 030)', () => {
  it('type-checks every client script against the generated types, with no casts', async () => {
    expect(scriptFiles.length).toBeGreaterThan(0);
    const generated = await readFile(generatedTypes, 'utf8');
    expect(generated).toContain('export interface paths');
    expect(generated).toContain('listUsers: {');

    const files = sourceFiles.map((file) => path.join(scriptsDir, file));
    const program = ts.createProgram(files, compilerOptions());
    const diagnostics = ts.getPreEmitDiagnostics(program);
    expect(ts.formatDiagnostics(diagnostics, formatHost)).toBe('');

    const hatches = await Promise.all(
      sourceFiles.map(async (file) =>
        escapeHatches(file, await readFile(path.join(scriptsDir, file), 'utf8')),
      ),
    );
    expect(hatches.flat()).toEqual([]);
  });

  it.each(scriptFiles)('runs %s with openapi-fetch against a real server', async (file) => {
    const script: unknown = await import(pathToFileURL(path.join(scriptsDir, file)).href).then(
      (module: { run?: unknown }) => module.run,
    );
    expect(isClientScript(script), `${file} exports run`).toBe(true);
    if (isClientScript(script)) await script({ baseUrl, password: demoPassword });
  });
});
