/** Unit tests of the client: jsdom + @swc/jest, specs next to the code as *.spec.ts(x). */
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  // jsdom, plus the Fetch API classes react-router's data router needs (see the file).
  testEnvironment: '<rootDir>/jest/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  setupFiles: ['<rootDir>/jest/setup-globals.cjs'],
  // DOM matchers (toBeInTheDocument, toHaveAttribute, toBeDisabled…): assertions on what the user sees.
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  transform: {
    // .mts: the contracts' one file plain Node runs too (contracts/backoff.mts).
    '^.+\\.(m?t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@campus/contracts/(.*)\\.mjs$': '<rootDir>/../server/src/contracts/$1.mts',
    '^@campus/contracts/(.*?)(\\.js)?$': '<rootDir>/../server/src/contracts/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/jest/style-stub.cjs',
    '\\?url$': '<rootDir>/jest/asset-url-stub.cjs',
  },
  // Room for the longer waits above when several of them add up in one test.
  testTimeout: 15000,
  clearMocks: true,
  restoreMocks: true,
};
