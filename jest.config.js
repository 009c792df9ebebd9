// One Jest run for the whole workspace. @swc/jest strips types (typechecking is `pnpm typecheck`);
// ESM-only packages (jose, openid-client, oidc-provider) are transformed to CommonJS for Node 20.
const esmOnly = [
  'jose',
  'openid-client',
  'oauth4webapi',
  'oidc-provider',
  'lru-cache',
  // cookie 2 (light-my-request's, in the auth service's OpenID provider tunnel) is ESM only.
  'cookie',
  // '.' matches the '/' of the package name and the '+' of its folder under .pnpm
  '@seriousme.openapi-schema-validator',
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})[@/])`],
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 30_000,
  maxWorkers: 2,
};
