/** Integration tests: test/**\/*.int-spec.ts against real PostgreSQL, Redis and the dev identity provider. */
const unit = require('./jest.config.js');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.int-spec.ts'],
  transform: unit.transform,
  transformIgnorePatterns: unit.transformIgnorePatterns,
  moduleNameMapper: unit.moduleNameMapper,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
};
