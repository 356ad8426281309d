import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const lib = (name: string) => fileURLToPath(new URL(`../${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@estancia/contracts': lib('contracts'),
      '@estancia/i18n': lib('i18n'),
      // See the file: OpenCV's instance is a thenable that Vitest's interop would await forever.
      '@techstark/opencv-js': fileURLToPath(new URL('./src/test/opencv-node.cjs', import.meta.url)),
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
