import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const lib = (name: string) => fileURLToPath(new URL(`../${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@estancia/contracts': lib('contracts'), '@estancia/i18n': lib('i18n') } },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
