import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

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
  restrict(['server/src/common/**', 'server/src/database/**', 'server/src/config/**', 'server/src/redis/**', 'server/src/realtime/**', 'server/src/jobs/**'], [
    { group: ['**/modules/**'], message: 'infrastructure must not depend on feature modules.' },
  ]),
  restrict(['client/src/**'], [
    { group: ['**/server/**', '!@campus/contracts/*'], message: 'the client imports only @campus/contracts from the server.' },
  ]),
  restrict(['client/src/lib/**', 'client/src/components/**'], [
    { group: ['**/features/**', '**/app/**'], message: 'lib and components sit below features and app.' },
  ]),
  restrict(['client/src/features/**'], [{ group: ['**/app/**'], message: 'features sit below app.' }]),
);
