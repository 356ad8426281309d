import { expect, expectNoSeriousA11yViolations, staff, staffLogIn, test } from '../src/fixtures';

// With no engine configured the product runs on the built-in renderer, and says so to staff.
test('an admin sees which engine is live, that it is a demo, and test-renders the sample room with it', async ({
  page,
}) => {
  await staffLogIn(page, staff.admin.email, staff.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Revisiones', exact: true })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Estado' }).click();
  await expect(
    page.getByText('Las decoraciones automáticas las renderiza ahora: Renderizador integrado'),
  ).toBeVisible();
  await expect(page.getByText('Motor de demostración: muebles dibujados, no IA')).toBeVisible();
  await page.getByRole('link', { name: 'Gestionar los motores' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Motores de decoración' })).toBeVisible();
  const automatic = page.getByRole('region', { name: 'Decoraciones automáticas' });
  await expect(automatic.getByText('Sigue el motor por defecto del servidor.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Probar Renderizador integrado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prueba de Renderizador integrado' });
  await expect(dialog.getByText(/^Renderizado en /)).toBeVisible({ timeout: 30_000 });
  const result = dialog.getByRole('img', {
    name: 'La habitación de muestra decorada por Renderizador integrado',
  });
  await expect(result).toBeVisible();
  // The whole sample room came back decorated, at its size.
  expect(await result.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1200, 800,
  ]);
  await expectNoSeriousA11yViolations(page);
});
