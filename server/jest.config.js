/** Unit tests: src/**\/*.spec.ts, compiled by swc with decorator metadata (Nest DI needs it). */
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Packages that ship ESM only; jest's CommonJS runtime needs them transformed (Node itself loads them
 * with require(esm)). content-disposition comes nested under @fastify/static, hence "anywhere in the path".
 */
// @scure and @noble come with did-jwt, which the credentials integration spec verifies with; @openid4vc is the wallet offer's OpenID4VCI library.
const ESM_PACKAGES = ['openid-client', 'oauth4webapi', 'jose', 'content-disposition', '@scure', '@noble', '@digitalbazaar', '@digitalcredentials', 'base58-universal', 'base64url-universal', 'rdf-canonize', 'ky', 'jsonld-document-loader', 'did-context', 'credentials-context', '@openid4vc'];

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  // .mts: the contracts' one file plain Node runs too (contracts/backoff.mts).
  transform: { '^.+\\.(m?t|j|mj)s$': swcTransform },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_PACKAGES.join('|')})/).*/node_modules/`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^(\\.{1,2}/.*)\\.mjs$': '$1.mts' },
  // Handler specs open an in-memory PGlite (seconds on a loaded machine): the default 5 s is too tight in CI.
  testTimeout: 30000,
  globalSetup: '<rootDir>/src/testing/pglite-template.global-setup.cjs',
  // Both cores: jest's default (cores − 1) leaves one of a two-core machine idle.
  maxWorkers: '100%',
};
