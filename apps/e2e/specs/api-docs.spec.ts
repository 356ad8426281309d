import { expect, expectNoSeriousA11yViolations, test } from '../src/fixtures';

/**
 * The interactive API documentation (/api/docs, Swagger UI served by the API) in each language: axe finds no
 * serious or critical violation, with the operations listed and with one opened, and the operations say in
 * the page's language what they do.
 */
const SUMMARIES = { es: 'Crear un proyecto', ca: 'Crear un projecte', en: 'Create a project' } as const;

for (const [lang, createProject] of Object.entries(SUMMARIES)) {
  test(`the API documentation in ${lang}: accessible, listed and with an operation open`, async ({
    page,
  }) => {
    await page.goto(`/api/docs?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const summary = page.locator('#operations-Projects-createProject .opblock-summary-control');
    await expect(summary).toContainText(createProject);
    await expectNoSeriousA11yViolations(page);

    await summary.click();
    await expect(page.locator('#operations-Projects-createProject .opblock-body')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
