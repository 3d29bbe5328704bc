// Two projects: fast unit tests, and integration tests that need real Kafka, MongoDB stand-in and Redis
// (started once by the testkit global setup, or taken from KAFKA_BROKERS / MONGO_URL / REDIS_URL).
// Scratch work (copies of the tree, checkouts) must not shadow the real packages in Jest's module map.
const modulePathIgnorePatterns = ['<rootDir>/.scratch/', '<rootDir>/.data/', '<rootDir>/.cache/'];
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

module.exports = {
  testTimeout: 60000, // a global option in jest 29: integration and browser tests wait on real servers
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: [
        '<rootDir>/{packages,services,deploy,frontend}/**/test/unit/**/*.test.ts',
        '<rootDir>/bench/test/unit/**/*.test.ts',
      ],
      moduleNameMapper: { '^@/(.*)$': '<rootDir>/frontend/$1' }, // the frontend's tsconfig path alias
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: ['<rootDir>/{packages,services,deploy}/**/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/packages/testkit/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/packages/testkit/src/jest-global-teardown.ts',
    },
    {
      // The browser journey: the whole stack started on test ports, driven through Debian's Chromium.
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      modulePathIgnorePatterns,
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/e2e/stack.global-setup.ts',
      globalTeardown: '<rootDir>/e2e/stack.global-teardown.ts',
    },
  ],
};
