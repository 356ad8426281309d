const path = require('node:path');
const lib = (name) => path.join(__dirname, `../../libs/${name}/src/index.ts`);

/** Shared by unit and integration runs: swc with decorator metadata, libs from source. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@estancia/contracts$': lib('contracts'),
    '^@estancia/i18n$': lib('i18n'),
  },
};
