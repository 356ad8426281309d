import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  customerPassword,
  expect,
  expectNoSeriousA11yViolations,
  fillRegisterForm,
  test,
  uniqueEmail,
  verificationCode,
  waitForMail,
  waitForVerificationCode,
} from '../src/fixtures';
import { roomPhoto } from '../src/photos';

/** A visitor's free try on /try-free: one photo, the default room and style, decorated. */
async function tryFree(page: Page): Promise<void> {
  await page.goto('/try-free');
  await expect(page.getByRole('heading', { level: 1, name: 'Prueba gratis' })).toBeVisible();
  await page
    .getByLabel('Foto de la estancia')
    .setInputFiles([
      { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    ]);
  await page.getByRole('button', { name: 'Decorar gratis' }).click();
  await expect(page.getByRole('slider', { name: 'Comparar antes y después', exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

/** The downloaded file is the clean, full-size photo (1200×900 JPEG), not the preview. */
async function expectHdJpeg(path: string): Promise<void> {
  const metadata = await sharp(await readFile(path)).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
}

test('a visitor tries free, redecorates, downloads the HD image once with an e-mailed code and is refused a second time', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await tryFree(page);
  // The images go 15 minutes after they are made, and the page counts down.
  await expect(page.getByRole('timer')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const redecorated = page.waitForResponse(
    (response) => /\/data\/free-try\/[^/]+\/redecorate$/.test(response.url()) && response.ok(),
  );
  await page.getByRole('button', { name: 'Volver a decorar' }).click();
  await redecorated;
  await expect(page.getByRole('slider', { name: 'Comparar antes y después', exact: true })).toBeVisible();

  const email = uniqueEmail('free-try');
  await page.getByRole('button', { name: 'Descargar en HD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Descarga tu imagen en HD' });
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await dialog.getByRole('button', { name: 'Recibir el código' }).click();
  const code = verificationCode(await waitForMail(email, (message) => message.template === 'freeDownload'));
  await dialog.getByLabel('Código de 6 dígitos').fill(code);
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Descargar', exact: true }).click(),
  ]);
  await expectHdJpeg(await download.path());
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // The same e-mail has had its free download: a second one is refused with the translated message.
  await page.getByRole('button', { name: 'Descargar en HD' }).click();
  await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await dialog.getByRole('button', { name: 'Recibir el código' }).click();
  await expect(dialog.getByText('Ya has usado tu descarga gratuita.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Ver planes' })).toBeVisible();
});

test('a visitor who registers to download gets the pending HD image right after the first login', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await tryFree(page);
  await page.getByRole('button', { name: 'Descargar en HD' }).click();
  await page
    .getByRole('dialog', { name: 'Descarga tu imagen en HD' })
    .getByRole('button', { name: 'Crear cuenta y descargar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crea tu cuenta de Estancia' })).toBeVisible();

  const email = uniqueEmail('free-try-register');
  const password = customerPassword();
  await fillRegisterForm(page, { name: 'Prueba Registro', email, password });
  await page.getByLabel('Código de verificación', { exact: true }).fill(await waitForVerificationCode(email));
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click(),
  ]);
  await expectHdJpeg(await download.path());
  // Without a plan the first stop is GetStarted, where the try is shown again.
  await expect(page.getByRole('heading', { level: 1, name: 'Empieza con Estancia' })).toBeVisible();
  await expect(page.getByText('Continúa tu prueba gratis')).toBeVisible();
});

test.describe('a first visit on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sign-in page presents the product: the free try, examples and plans, no sideways scroll, links that stay here', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Estancia' })).toBeVisible();
    const tryFree = page.getByRole('main').getByRole('link', { name: 'Decora una foto gratis' });
    await expect(tryFree).toBeInViewport();

    // Everything that loads late is there before the width is measured: the examples and the plans.
    await expect(page.getByRole('region', { name: 'Antes y después' })).toBeVisible({ timeout: 60_000 });
    const plans = page.getByRole('region', { name: 'Planes y precios' });
    await expect(plans.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(plans.getByText(/al mes$/).first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    // The logo and every footer link stay inside the product.
    const origin = new URL(page.url()).origin;
    const logo = page.getByRole('link', { name: 'Estancia, ir al inicio' });
    expect(new URL(await logo.evaluate((link) => (link as HTMLAnchorElement).href)).origin).toBe(origin);
    const footerLinks = await page
      .getByRole('contentinfo')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(footerLinks.length).toBeGreaterThan(0);
    for (const href of footerLinks) expect(new URL(href).origin, href).toBe(origin);

    // A footer link opens its section of this page; the free-try button opens the free try.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo funciona' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Cómo funciona' })).toBeInViewport();
    await tryFree.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Prueba gratis' })).toBeVisible();
  });
});
