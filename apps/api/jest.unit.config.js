module.exports = { ...require('./jest.base.config'), testMatch: ['<rootDir>/src/**/*.spec.ts'] };
