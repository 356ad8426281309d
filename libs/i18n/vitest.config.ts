import { defineConfig } from 'vitest/config';
import { resolve } from 'node:path';

export default defineConfig({
  resolve: { alias: { '@estancia/contracts': resolve(__dirname, '../contracts/src/index.ts') } },
  test: { include: ['src/**/*.spec.ts'] },
});
