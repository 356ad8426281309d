import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ProjectDetail } from '@estancia/contracts';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  logInThroughForm,
  signInWithToken,
  test,
} from '../src/fixtures';
import { grantCredits, zipEntryCount } from '../src/photos';
import { projectWithDecoration } from '../src/projects';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notificaciones', exact: true });

/** A GET to the API with the customer's bearer token (no token: anonymous), answering the status. */
async function status(path: string, token?: string, method = 'GET'): Promise<number> {
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response.status;
}

test('a customer exports their data, deletes the account with its project, and can no longer sign in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('deletion', { name: 'Clara Borrar' });
  await grantCredits(customer.email, 5);
  await signInWithToken(page, customer, '/my-projects');
  await projectWithDecoration(page, 'Piso para borrar');

  // The project's files as its owner reaches them: the photo and the decorated result.
  const projectId = /\/project\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(projectId, 'the project page URL names the project').toBeTruthy();
  const apiToken = await customerToken(customer);
  const detailResponse = await fetch(new URL(`/data/project/${projectId}`, baseURL), {
    headers: { authorization: `Bearer ${apiToken}` },
  });
  expect(detailResponse.status).toBe(200);
  const detail = (await detailResponse.json()) as ProjectDetail;
  const files = [detail.images[0].previewUrl, detail.decorations[0].resultUrl].filter((url): url is string =>
    Boolean(url),
  );
  expect(files).toHaveLength(2);
  for (const url of files) expect(await status(url)).toBe(200);

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  // Export first: one zip with the account's JSON, the photo and the decoration.
  const exportSection = page.getByRole('region', { name: 'Exportar mis datos', exact: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportSection.getByRole('button', { name: 'Exportar mis datos', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^estancia-data-\d{4}-\d\d-\d\d\.zip$/);
  expect(zipEntryCount(await readFile(await download.path()))).toBeGreaterThanOrEqual(3);

  // Delete: the dialog says what goes and asks for the password.
  const deleteSection = page.getByRole('region', { name: 'Eliminar mi cuenta', exact: true });
  await deleteSection.getByRole('button', { name: 'Eliminar mi cuenta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta para siempre?' });
  await expect(dialog).toContainText('Conservaremos tus facturas');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('Not-the-password-1!');
  await dialog.getByRole('button', { name: 'Sí, eliminar mi cuenta', exact: true }).click();
  await expect(dialog.getByText('La contraseña actual no es correcta.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Contraseña', { exact: true }).fill(customer.password);
  await dialog.getByRole('button', { name: 'Sí, eliminar mi cuenta', exact: true }).click();

  // Signed out on Login.
  await expect(page).toHaveURL(/\/login\/$/);
  await expect(toasts(page).getByText('Tu cuenta se ha eliminado.', { exact: true })).toBeVisible();

  // Signing in again fails, in the form and through the API.
  await logInThroughForm(page, customer.email, customer.password);
  await expect(
    toasts(page).getByRole('alert').filter({ hasText: 'El correo o la contraseña no son correctos' }),
  ).toBeVisible();
  const login = await fetch(new URL('/data/user/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: customer.email, password: customer.password }),
  });
  expect(login.status).toBe(401);

  // Every token of the account stopped working, and its files are gone (the signed links now find nothing).
  expect(await status('/data/user/profile', apiToken, 'POST')).toBe(401);
  for (const url of files) expect(await status(url)).toBe(404);
});
