import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createCustomer, expect, signInWithToken, test } from '../src/fixtures';

const MB = 1024 * 1024;

/**
 * A photo as a phone takes it: 4032×3024, about 6 MB. The room's walls, floor and window are covered in
 * noise, which JPEG cannot squeeze, so the file stays as big as a real one.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height * 0.62}" fill="#d9d2c5"/>
    <rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="#9c7a55"/>
    <rect x="${width * 0.6}" y="${height * 0.14}" width="${width * 0.2}" height="${height * 0.34}" fill="#eef4f8"/>
  </svg>`;
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  const noise = randomBytes(pixels.length);
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = Math.max(0, Math.min(255, pixels[i] + (noise[i] % 81) - 40));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('a 6 MB phone photo is reduced in the browser, said so on the photo, and the project is made with it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(4 * MB);
  const customer = await createCustomer('phone-photo');
  await signInWithToken(page, customer, '/new-project');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo proyecto' })).toBeVisible();

  await page.getByLabel('Nombre del inmueble', { exact: true }).fill('Piso del móvil');
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([{ name: 'IMG_20250601_101500.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  const card = page.getByRole('region', { name: 'Foto 1: IMG_20250601_101500.jpg' });
  await expect(card.getByText(/^Foto reducida de \d+,\d MB a [0-2],\d MB para poder subirla\.$/)).toBeVisible(
    { timeout: 30_000 },
  );

  // The API still refuses anything over 2 MB: its acceptance is the proof the photo was reduced.
  const upload = page.waitForResponse(
    (response) =>
      /\/data\/project\/[^/]+\/images$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  expect((await upload).ok()).toBe(true);
  await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Foto 1 decorada' })).toBeVisible({ timeout: 60_000 });
});
