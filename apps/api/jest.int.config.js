/** Integration: real PostgreSQL and Redis; one database per test file, cloned from a migrated template. */
module.exports = {
  ...require('./jest.base.config'),
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  maxWorkers: 2,
  testTimeout: 60000,
};
