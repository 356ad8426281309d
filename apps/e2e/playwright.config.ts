import { defineConfig, devices } from '@playwright/test';
import { baseURL } from './src/settings';

/**
 * E2E against the real product (tools/start.mjs on port 3100, fresh database `estancia_e2e`), driving
 * Debian's Chromium. Browsers are never downloaded: `tools/ensure-chromium.mjs` installs the distro's.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './src/global-setup.ts',
  // One shared product and database; parallel workers would also starve a 2-core machine.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60000,
  expect: { timeout: 10000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
