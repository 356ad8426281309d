import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { roomPhoto } from './photos';

/** Creates a project with one photo through the wizard and waits for its automatic decoration. */
export async function projectWithDecoration(page: Page, propertyName: string): Promise<void> {
  await page.goto('/new-project');
  await page.getByLabel('Nombre del inmueble', { exact: true }).fill(propertyName);
  await page
    .getByLabel('Fotos del inmueble')
    .setInputFiles([
      { name: 'salon.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('#d9d2c5', '#9c7a55') },
    ]);
  await page.getByRole('button', { name: 'Finalizar y decorar' }).click();
  await expect(page.getByRole('img', { name: 'Foto 1 decorada' })).toBeVisible({ timeout: 60_000 });
}
