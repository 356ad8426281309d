/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../tools/vite/precompress.mjs';
import { pureContracts } from '../../tools/vite/pure-contracts.mjs';
import { fileURLToPath } from 'node:url';

const lib = (path: string) => fileURLToPath(new URL(`../../libs/${path}`, import.meta.url));
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), pureContracts(), precompress()],
  resolve: {
    alias: {
      '@estancia/contracts': lib('contracts/src/index.ts'),
      '@estancia/editor': lib('editor/src/index.ts'),
      '@estancia/i18n': lib('i18n/src/index.ts'),
      '@estancia/ui': lib('ui/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router load on every page and change less often than the app: their own chunk stays
        // cached across releases. Other libraries follow the pages that use them (a catch-all vendor chunk
        // made the sign-in page download the canvas editor's konva).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/data': { target: api, changeOrigin: true },
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
