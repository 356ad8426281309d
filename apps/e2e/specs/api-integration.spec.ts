import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { payInSandbox, walletBalance } from '../src/billing';
import { baseURL, createCustomer, expect, signInWithToken, test } from '../src/fixtures';
import { roomPhoto } from '../src/photos';
import { repoRoot } from '../src/settings';

const run = promisify(execFile);

/** A port nobody listens on yet: the example script's webhook receiver takes it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The secret the "shown once" dialog holds, read from its field, then the dialog closed. */
async function takeSecret(
  page: import('@playwright/test').Page,
  label: string,
  done: string,
): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toBeVisible();
  const secret = await field.inputValue();
  await page.getByRole('button', { name: done }).click();
  await expect(field).toBeHidden();
  return secret;
}

test('an ULTIMATE customer creates a key, calls the API from the docs, and the example script stages a photo with a signed webhook', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('api');
  await signInWithToken(page, customer, '/api-integration');
  // Without API access the page explains the feature and leads to the plans.
  await expect(page.getByRole('heading', { name: 'Decora fotos desde tu propio software' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear clave de API' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver los planes' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await page.getByRole('button', { name: 'Suscribirme: plan Ultimate' }).click();
  await payInSandbox(page, 'Suscripción al plan ULTIMATE (Mensual)');
  const success = page.getByRole('dialog', { name: 'Pago completado' });
  await expect(success).toBeVisible();
  await page.keyboard.press('Escape');

  // A key, shown once.
  await page.goto('/api-integration');
  await page.getByRole('button', { name: 'Crear clave de API' }).click();
  const create = page.getByRole('dialog', { name: 'Nueva clave de API' });
  await create.getByLabel('Nombre').fill('CRM de la oficina');
  await create.getByRole('button', { name: 'Crear clave' }).click();
  const key = await takeSecret(page, 'Clave de API', 'Ya la he guardado');
  expect(key).toMatch(/^est_[a-z0-9]{8}_/);
  const keys = page.getByRole('list', { name: 'Tus claves de API' });
  await expect(keys).toContainText('CRM de la oficina');
  await expect(keys).toContainText(key.slice(0, 12));
  await expect(keys).toContainText('Último uso: nunca');
  await expect(page.getByText(key)).toHaveCount(0);

  // A webhook endpoint for decoration.ready, on a local receiver the example script will open.
  const port = await freePort();
  await page.getByRole('button', { name: 'Añadir endpoint' }).first().click();
  const add = page.getByRole('dialog', { name: 'Añadir endpoint' });
  await add.getByLabel('URL del endpoint').fill(`http://127.0.0.1:${port}/estancia`);
  await add.getByRole('checkbox', { name: 'Decoración lista' }).check();
  await add.getByRole('button', { name: 'Añadir endpoint' }).click();
  const signingSecret = await takeSecret(page, 'Secreto de firma', 'Ya lo he guardado');
  expect(signingSecret).toMatch(/^whsec_/);

  // The interactive docs, embedded: authorize with the key and run GET /api/v1/wallet for real.
  const docs = page.frameLocator('iframe[title="Documentación interactiva de la API de Estancia"]');
  await docs
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  await docs.locator('.auth-container input').fill(key);
  // By keyboard: the dialog is fixed to the frame's top, which the page's sticky header may cover.
  await docs.getByRole('button', { name: 'Apply credentials' }).press('Enter');
  await docs.getByRole('button', { name: 'Close' }).press('Enter');
  const wallet = docs.locator('.opblock', { hasText: '/api/v1/wallet' });
  await wallet.getByRole('button', { name: /^GET \/api\/v1\/wallet/ }).click();
  await wallet.getByRole('button', { name: 'Try it out' }).click();
  await wallet.getByRole('button', { name: 'Execute' }).click();
  const answer = wallet.locator('.live-responses-table');
  await expect(answer).toContainText('200');
  await expect(answer).toContainText(`"balance": ${await walletBalance(customer)}`);

  // The example integration: a photo staged end to end with the key, the webhook verified by the script.
  const dir = mkdtempSync(join(tmpdir(), 'estancia-api-'));
  const photo = join(dir, 'salon.jpg');
  writeFileSync(photo, await roomPhoto('#c9b99a', '#8a6a4a'));
  const out = join(dir, 'staged.jpg');
  const before = await walletBalance(customer);
  const { stdout } = await run(
    process.execPath,
    [
      join(repoRoot, 'tools/examples/stage-photo.mjs'),
      ...['--base', baseURL, '--key', key, '--photo', photo, '--out', out],
      ...['--webhook-port', String(port), '--webhook-secret', signingSecret, '--timeout-seconds', '150'],
    ],
    { timeout: 180_000 },
  );
  const steps = stdout
    .trim()
    .split('\n')
    .map(
      (line) => JSON.parse(line) as { step: string; type?: string; bytes?: number; decorationId?: string },
    );
  const ordered = steps.find((s) => s.step === 'ordered');
  const webhook = steps.find((s) => s.step === 'webhook');
  expect(webhook).toMatchObject({ type: 'decoration.ready', decorationId: ordered?.decorationId });
  expect(steps.find((s) => s.step === 'downloaded')?.bytes).toBeGreaterThan(10_000);
  expect(readFileSync(out).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(await walletBalance(customer)).toBe(before - 1);

  // The page lists the delivery as delivered, and the key as used.
  await page.reload();
  const deliveries = page.getByRole('table', { name: 'Entregas recientes' });
  await expect(deliveries.getByText('Entregada').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tus claves de API' })).not.toContainText('Último uso: nunca');
});
