import { baseURL, expect, test } from '../src/fixtures';

test('the health check answers a non-empty ping list', async ({ request }) => {
  const response = await request.get(`${baseURL}/data/project/healthCheck`);
  expect(response.status()).toBe(200);
  const pings: unknown = await response.json();
  expect(Array.isArray(pings)).toBe(true);
  expect((pings as unknown[]).length).toBeGreaterThan(0);
});

test('the customer app is served at /', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveTitle(/^Estancia/);
});
