// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featureNames = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverZone = { target: './server', from: ['./src', './mocks'], message: 'The server never imports the web app.' };

/** Imports flow one way: routes → features → shared (components, stores, lib) → contract (conventions.md). */
const boundaryZones = [
  // A feature never imports another feature.
  ...featureNames.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need down to components/, stores/ or lib/.',
  })),
  {
    target: ['./src/components', './src/stores', './src/lib', './src/testing'],
    from: ['./src/features', './src/routes'],
    message: 'Shared code must not import features or routes.',
  },
  { target: './src/features', from: './src/routes', message: 'Features must not import routes.' },
  {
    target: './contract',
    from: ['./src', './server', './mocks'],
    message: 'contract/ imports nothing but zod.',
  },
  serverZone,
  { target: ['./src', './mocks'], from: './server', message: 'The web app never imports server code.' },
];

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', '.data', '.tmp', 'bench/results', 'src/routeTree.gen.ts', 'server/db/migrations', 'coverage', 'e2e/artifacts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.e2e.json'], noWarnOnMultipleProjects: true } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration from server/env.ts; nothing else reads process.env.',
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    // Tests of the shared rules sit beside them and are never bundled.
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'contract/ imports nothing but zod.' }] },
      ],
    },
  },
  {
    // Handlers reach data only through c.var.tenant (TenantScope) or the directory's stores (c.var.sessions, …): never a raw connection.
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/client', '**/db/open', 'postgres', '@electric-sql/pglite', 'drizzle-orm/pglite', 'drizzle-orm/postgres-js'],
              message: 'Route handlers use c.var.tenant (organisation-scoped) or a store of server/lib/directory/ (c.var.accounts, …), never a raw database.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test support lives in src/testing/: shared code must not reach the mocks, the test helpers or the route tree.
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/stores/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mocks/*', '@/testing/*', '@/router'],
              message: 'Shared code imports neither test support (src/testing/, mocks/) nor the router and its routes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one test that holds the web suite's MSW fakes against the server's routes reads both.
    files: ['server/mock-handlers.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones.filter((zone) => zone !== serverZone) }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Configuration, scripts and tests may read the process environment directly.
    files: ['server/env.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'vite.config.ts', 'vitest.config.ts', 'drizzle.config.ts', '**/*.test.ts', 'server/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Plain scripts outside the TypeScript projects: the config itself, and public/ classic scripts.
    files: ['eslint.config.js', 'public/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Typed by a client generated during the test (server/api-client.test.ts, ADR 030), so outside the projects.
    files: ['server/testing/client-scripts/**/*.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
