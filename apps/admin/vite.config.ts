import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  // The API serves this build under /backoffice/ with an SPA fallback.
  base: '/backoffice/',
  plugins: [react()],
  resolve: {
    alias: {
      '@estancia/contracts': lib('contracts'),
      '@estancia/editor': lib('editor'),
      '@estancia/i18n': lib('i18n'),
      '@estancia/ui': lib('ui'),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // react-admin with MUI is one ~1.1 MB chunk; this internal console loads it once and caches it.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/data': 'http://127.0.0.1:3000' } },
  test: { environment: 'happy-dom', include: ['src/**/*.spec.{ts,tsx}'] },
});
