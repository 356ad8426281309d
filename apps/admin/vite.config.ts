import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from '../../tools/vite/precompress.mjs';
import { pureContracts } from '../../tools/vite/pure-contracts.mjs';

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));
const libDir = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/`, import.meta.url));

export default defineConfig({
  // The API serves this build under /backoffice/ with an SPA fallback.
  base: '/backoffice/',
  plugins: [react(), pureContracts(), precompress()],
  resolve: {
    alias: [
      // One catalogue file (`@estancia/i18n/es/admin.json`): the console's entry carries its own namespaces only,
      // not the customer app's.
      { find: /^@estancia\/i18n\/(.+\.json)$/, replacement: `${libDir('i18n')}$1` },
      { find: '@estancia/contracts', replacement: lib('contracts') },
      { find: '@estancia/editor', replacement: lib('editor') },
      { find: '@estancia/i18n', replacement: lib('i18n') },
      { find: '@estancia/ui', replacement: lib('ui') },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Pages, charts and the canvas editor load with their routes (lazyPage); the sign-in screen needs only the
    // entry. The editor's chunk (konva) is the largest, loaded on a job page only.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/data': 'http://127.0.0.1:3000' } },
  test: { environment: 'happy-dom', include: ['src/**/*.spec.{ts,tsx}'] },
});
