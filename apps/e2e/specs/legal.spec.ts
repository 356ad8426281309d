import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('the Register consent opens our own terms in a new tab and the form keeps what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/register/');
  await expect(h1(page, 'Crea tu cuenta de Estancia')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Laia Legal');

  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'condiciones de uso', exact: true }).click();
  const terms = await opened;
  await expect(terms).toHaveURL(/\/legal\/terms$/);
  await expect(h1(terms, 'Condiciones de uso')).toBeVisible();
  await expect(terms.getByRole('heading', { level: 2, name: '3. Créditos, planes y pagos' })).toBeVisible();
  await terms.close();

  await expect(page).toHaveURL(/\/register\/$/);
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Laia Legal');
});

test('the footer leads to the cookie policy, readable on a phone; an unknown document is not found', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/contact-us');
  await expect(h1(page, 'Contacto')).toBeVisible();
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Información legal' });
  await legal.getByRole('link', { name: 'Cookies', exact: true }).click();
  await expect(page).toHaveURL(/\/legal\/cookies$/);
  await expect(h1(page, 'Política de cookies')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Política de privacidad', exact: true }).click();
  await expect(h1(page, 'Política de privacidad')).toBeVisible();
  await expect(page.getByRole('link', { name: 'página de contacto' }).first()).toHaveAttribute(
    'href',
    '/contact-us',
  );

  await page.goto('/legal/refunds');
  await expect(h1(page, 'Página no encontrada')).toBeVisible();
});
