import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

/** Elements of the two source trees, as docs/architecture.md §2 and §7 name them. */
const ELEMENTS = [
  { type: 'server-contracts', pattern: 'server/src/contracts' },
  { type: 'server-config', pattern: 'server/src/config' },
  { type: 'server-core', pattern: 'server/src/core' },
  { type: 'server-store', pattern: 'server/src/(database|redis)' },
  { type: 'server-services', pattern: 'server/src/common/(auth|health|http|rate-limit)' },
  { type: 'server-realtime', pattern: 'server/src/realtime' },
  { type: 'server-jobs', pattern: 'server/src/jobs' },
  { type: 'server-module', pattern: 'server/src/modules/*', capture: ['name'] },
  { type: 'server-app', pattern: 'server/src/(bootstrap|testing)' },
  { type: 'server-app', pattern: 'server/src/*.ts', mode: 'file' },
  { type: 'client-lib', pattern: 'client/src/(lib|components)' },
  { type: 'client-feature', pattern: 'client/src/features/*', capture: ['name'] },
  { type: 'client-app', pattern: 'client/src/app' },
  { type: 'client-app', pattern: 'client/src/*.{ts,tsx}', mode: 'file' },
];

/** Each layer may use itself and the layers below it: so no folder cycle can form. */
const LAYERS = ['server-contracts', 'server-config', 'server-core', 'server-store', 'server-services', 'server-realtime', 'server-jobs', 'server-module', 'server-app'];
const layerPolicies = LAYERS.map((type, index) => ({
  from: { element: { type } },
  disallow: { to: { element: { types: { anyOf: LAYERS.slice(index + 1) } } } },
  message: `${type} may not depend on a layer above it ({{to.element.type}})`,
}));

/**
 * Features and modules are siblings: a module reaches another only through what that owner publishes, its
 * events.ts and reads.ts (server), a feature not at all (client). A module's schema file is its own: no
 * other module imports it (their foreign keys reference the keys owners publish in reads.ts).
 */
const siblingPolicies = [
  { from: { element: { type: 'server-module' } }, disallow: { to: { element: { type: 'server-module' } } }, message: 'a module reaches another only through its events.ts and reads.ts' },
  { from: { element: { type: 'server-module' } }, allow: { to: { element: { type: 'server-module', captured: { name: '{{from.captured.name}}' } } } } },
  { from: { element: { type: 'server-module' } }, allow: { to: { element: { type: 'server-module', fileInternalPath: 'events.ts' } } } },
  // The user stream is identity's: agreements, the profile and the migration record their facts on it through
  // identity, which appends them and projects them into `users` (docs/architecture.md §3 "Ownership").
  { from: { element: { type: 'server-module' } }, allow: { to: { element: { type: 'server-module', captured: { name: 'identity' }, fileInternalPath: 'user-stream.ts' } } } },
  // What an owner publishes for the modules above it to read, and the keys their tables reference (docs/architecture.md "reads.ts").
  { from: { element: { type: 'server-module' } }, allow: { to: { element: { type: 'server-module', fileInternalPath: 'reads.ts' } } } },
  // Identity is the bottom module: it imports no other, not even their events (they hand it their facts).
  { from: { element: { type: 'server-module', captured: { name: 'identity' } } }, disallow: { to: { element: { type: 'server-module' } } }, message: 'identity is the bottom module and imports no other module' },
  { from: { element: { type: 'server-module', captured: { name: 'identity' } } }, allow: { to: { element: { type: 'server-module', captured: { name: 'identity' } } } } },
  { from: { element: { type: 'client-lib' } }, disallow: { to: { element: { types: { anyOf: ['client-feature', 'client-app'] } } } }, message: 'lib and components sit below features and app' },
  { from: { element: { type: 'client-feature' } }, disallow: { to: { element: { types: { anyOf: ['client-feature', 'client-app'] } } } }, message: 'a feature does not import another feature or the app: shared code moves to lib/ or components/' },
  { from: { element: { type: 'client-feature' } }, allow: { to: { element: { type: 'client-feature', captured: { name: '{{from.captured.name}}' } } } } },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'server/src/database/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', '**/test/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Import direction (ARCHITECTURE §3): contracts are framework-free; infrastructure never reaches into features.
  restrict(['server/src/contracts/**'], [
    { group: ['../*', '!./*', '@nestjs/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'bullmq', 'ioredis'], message: 'contracts are framework-free and import only each other and zod.' },
  ]),
  // The route files sit one folder down and load their schemas from the contracts beside it.
  restrict(['server/src/contracts/routes/**'], [
    { group: ['../../*', '@nestjs/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'bullmq', 'ioredis'], message: 'contracts are framework-free and import only each other and zod.' },
  ]),
  // Not even a schema file: the session guards reach identity's tables through common/auth/session-lookup.ts, a port identity implements.
  restrict(['server/src/core/**', 'server/src/database/**', 'server/src/config/**', 'server/src/redis/**', 'server/src/common/**', 'server/src/realtime/**', 'server/src/jobs/**'], [
    { group: ['**/modules/**'], message: 'infrastructure must not depend on feature modules.' },
  ]),
  restrict(['client/src/**'], [
    { group: ['**/server/**', '!@campus/contracts/*'], message: 'the client imports only @campus/contracts from the server.' },
  ]),
  restrict(['client/src/lib/**', 'client/src/components/**'], [
    { group: ['**/features/**', '**/app/**'], message: 'lib and components sit below features and app.' },
  ]),
  restrict(['client/src/features/**'], [{ group: ['**/app/**'], message: 'features sit below app.' }]),
  // Boundaries between folders (eslint-plugin-boundaries) and no import cycle between files (import-x).
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    // Specs and the client's test support may reach what they test.
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'client/src/test/**'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import/resolver': { typescript: { project: ['server/tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'import-x/resolver': { typescript: { project: ['server/tsconfig.json', 'client/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/elements': ELEMENTS,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: [...layerPolicies, ...siblingPolicies] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
