import { type Page } from '@playwright/test';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  staff,
  staffLogIn,
  test,
  uniqueEmail,
} from '../src/fixtures';

/** The console's page itself never scrolls sideways: a table too wide for the screen scrolls in its own card. */
async function expectNoSidewaysPageScroll(page: Page, path: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${path} is ${scrollWidth} px wide in a ${clientWidth} px window`).toBeLessThanOrEqual(
    clientWidth,
  );
}

// The lists whose rows were widest (contact requests ran 644 px past a phone's width), with one row each.
const PAGES: [path: string, heading: string][] = [
  ['/backoffice/contact-requests', 'Solicitudes de contacto'],
  ['/backoffice/problem-reports', 'Problemas informados'],
  ['/backoffice/reform-requests', 'Presupuestos de reforma'],
  ['/backoffice/outbox', 'Correos enviados'],
  ['/backoffice/engines', 'Motores de decoración'],
  ['/backoffice/users', 'Usuarios'],
];

test.beforeAll(async () => {
  const email = uniqueEmail('wide-contact');
  const contact = await fetch(`${baseURL}/data/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Inmobiliaria Con Un Nombre Bastante Largo',
      email,
      company: 'Gestión de Propiedades del Mediterráneo',
      services: ['automatic_images', 'supervised_images', 'automatic_video'],
      volumes: ['over_500'],
      wantsMeeting: true,
      meetingTimes: 'Martes y jueves por la tarde',
    }),
  });
  expect(contact.status).toBeLessThan(300);
  const reporter = await createCustomer('wide-report');
  const report = await fetch(`${baseURL}/data/problem-reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await customerToken(reporter)}`,
    },
    body: JSON.stringify({ text: 'Las fotos del salón no se descargan en el móvil '.repeat(4) }),
  });
  expect(report.status).toBeLessThan(300);
});

for (const size of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'an upright tablet', width: 768, height: 1024 },
  { name: 'a landscape tablet', width: 1024, height: 768 },
]) {
  test(`the console's lists fit ${size.name} (${size.width} px) without the page scrolling sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await staffLogIn(page, staff.admin.email, staff.admin.password);
    // Signed in (the console opens on the review queue) before going anywhere else.
    await expect(page).toHaveURL(/\/backoffice\/reviews/);
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(heading) })).toBeVisible();
      // Rows (or the list's own empty message) are on the page before it is measured.
      await expect(page.getByText('Cargando').first()).toBeHidden();
      await expectNoSidewaysPageScroll(page, path);
    }
  });
}
