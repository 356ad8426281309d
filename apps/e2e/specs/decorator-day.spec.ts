import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Review } from '@estancia/contracts';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  staff,
  staffLogIn,
  staffToken,
  test,
} from '../src/fixtures';
import { grantCredits, roomPhoto } from '../src/photos';

/** Where the screenshots of the console go, to be looked at by a person. */
const SHOTS = '/tmp/h6';

async function api<T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown | FormData) {
  const response = await fetch(`${baseURL}/data/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A customer without a plan (so their downloads carry the watermark) orders two supervised bedrooms. */
async function twoSupervisedBedrooms(propertyName: string): Promise<Review[]> {
  const customer = await createCustomer('decorator-day');
  await grantCredits(customer.email, 10);
  const token = await customerToken(customer);
  const project = await api<{ id: string }>('POST', 'project', token, { propertyName });
  const form = new FormData();
  for (const [i, wall] of ['#d9d2c5', '#cfd8d2'].entries())
    form.append(
      'files',
      new Blob([new Uint8Array(await roomPhoto(wall, '#9c7a55'))], { type: 'image/jpeg' }),
      `${i}.jpg`,
    );
  const { images } = await api<{ images: { id: string }[] }>(
    'POST',
    `project/${project.id}/images`,
    token,
    form,
  );
  await api('POST', `project/${project.id}/decorations`, token, {
    items: images.map((image) => ({
      imageId: image.id,
      roomType: 'bedroom',
      style: 'scandinavian',
      type: 'supervised',
    })),
  });
  const both = async () => {
    const query = new URLSearchParams({ filter: JSON.stringify({ q: propertyName }) });
    return api<Review[]>('GET', `admin/reviews?${query}`, await staffToken('decorator'));
  };
  await expect
    .poll(async () => (await both()).filter((r) => r.state === 'queued').length, { timeout: 120_000 })
    .toBe(2);
  return both();
}

/** The oldest unclaimed job in the queue, as "next job" must pick it. */
async function oldestUnclaimed(): Promise<string | undefined> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ state: ['queued'] }),
    sort: JSON.stringify(['orderedAt', 'ASC']),
    range: JSON.stringify([0, 0]),
  });
  const [oldest] = await api<Review[]>('GET', `admin/reviews?${query}`, await staffToken('decorator'));
  return oldest?.id;
}

/** Wholly inside the window, and the thing a finger or the mouse hits there (nothing covers its middle). */
async function expectInView(page: Page, target: Locator, what: string): Promise<void> {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is on the page`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(y, `${what} starts below the window's top`).toBeGreaterThanOrEqual(0);
  expect(x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what} ends above the window's bottom (${viewport.height})`).toBeLessThanOrEqual(
    viewport.height,
  );
  expect(x + width, `${what} ends inside the window's width (${viewport.width})`).toBeLessThanOrEqual(
    viewport.width,
  );
  const hit = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(
      rect.left + Math.min(20, rect.width / 2),
      rect.top + rect.height / 2,
    );
    // A disabled button takes no pointer events (Undo before a first step): its own box then answers.
    const disabled = element.matches('button:disabled, [aria-disabled="true"]');
    return (
      top !== null && (element.contains(top) || (disabled && element.parentElement?.contains(top) === true))
    );
  });
  expect(hit, `${what} is not covered by anything`).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test.describe("a decorator's day", () => {
  let jobs: Review[] = [];
  const propertyName = `Dormitorios Sants ${Date.now().toString(36)}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    jobs = await twoSupervisedBedrooms(propertyName);
  });

  test('at 1440 × 900: the queue with pictures, the job with canvas and tools in view, the download as the customer gets it, then the next job', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await staffLogIn(page, staff.decorator.email, staff.decorator.password);
    await expect(page).toHaveURL(/\/backoffice\/reviews/);

    // Each job of the property in the queue: its picture (loaded), the property and the room.
    const rows = page.getByRole('row').filter({ hasText: propertyName });
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row.getByText('Dormitorio', { exact: true })).toBeVisible();
      const thumbnail = row.getByTestId('job-thumbnail');
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.screenshot({ path: `${SHOTS}/queue-1440x900.png` });

    // The first job opens and is claimed: the tools and the whole canvas are on screen without scrolling.
    const [first] = jobs.sort((a, b) => a.orderedAt.localeCompare(b.orderedAt));
    await page.goto(`/backoffice/reviews/${first!.id}/show`);
    await page.getByRole('button', { name: 'Reclamar', exact: true }).click();
    const tools = page.getByRole('toolbar', { name: 'Herramientas' });
    const stage = page.getByTestId('editor-stage');
    await expect(tools).toBeVisible({ timeout: 30_000 });
    await expect(stage.locator('canvas').first()).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectInView(page, tools, 'the toolbar');
    await expectInView(page, stage, 'the canvas');
    await page.screenshot({ path: `${SHOTS}/job-1440x900.png` });

    // The approval shows the file this customer (no plan) will download: with the watermark.
    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    const approval = page.getByRole('dialog', { name: '¿Aprobar y entregar?' });
    await expect(
      approval.getByText(
        'El cliente descargará esta imagen con la marca de agua de Estancia: no tiene un plan que la quite.',
      ),
    ).toBeVisible();
    const final = approval.getByRole('img', { name: /^Resultado final que se entrega, versión \d+$/ });
    await expect(final).toHaveAttribute('data-watermark', 'true');
    await expect(final).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => final.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/approve-1440x900.png` });
    await approval.getByRole('button', { name: 'Aprobar y entregar' }).click();
    await expect(page.getByText('Entregado al cliente')).toBeVisible();

    // "Next job" opens the oldest unclaimed job, claimed: ready to edit, tools and canvas in view again.
    const expected = await oldestUnclaimed();
    expect(expected).toBeDefined();
    await page.getByRole('button', { name: 'Siguiente trabajo' }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/reviews/${expected}/show$`));
    await expect(page.getByRole('button', { name: 'Aprobar', exact: true })).toBeVisible();
    await expect(tools).toBeVisible({ timeout: 30_000 });
    await expectInView(page, tools, 'the toolbar');
    await expectInView(page, stage, 'the canvas');
    await context.close();
  });

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    test(`on a ${viewport.width} × ${viewport.height} tablet the toolbar stays in reach while drawing down the page`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport, hasTouch: true });
      const page = await context.newPage();
      await staffLogIn(page, staff.decorator.email, staff.decorator.password);
      await expect(page).toHaveURL(/\/backoffice\/reviews/);
      // The decorator's job in hand: the second bedroom, held since "next job" or claimed here.
      const second = jobs[1]!;
      await page.goto(`/backoffice/reviews/${second.id}/show`);
      const claimOrApprove = page.getByRole('button', { name: /^(Reclamar|Aprobar)$/ });
      await expect(claimOrApprove).toBeVisible();
      if ((await claimOrApprove.textContent()) === 'Reclamar') await claimOrApprove.click();
      const tools = page.getByRole('toolbar', { name: 'Herramientas' });
      const stage = page.getByTestId('editor-stage');
      await expect(tools).toBeVisible({ timeout: 30_000 });
      await expect(stage.locator('canvas').first()).toBeVisible();

      // Scrolled down to the canvas (the page's top out of sight), then a wall outlined with the finger.
      await stage.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 40));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await tools.getByRole('button', { name: 'Pared', exact: true }).tap();
      const box = (await stage.boundingBox())!;
      // Below the toolbar, which now sits over the top of the canvas.
      const strip = (await tools.boundingBox())!;
      const visibleTop = Math.max(box.y, strip.y + strip.height + 10);
      for (const [fx, fy] of [
        [0.1, 0],
        [0.5, 0],
        [0.5, 0.4],
        [0.1, 0.4],
        [0.1, 0],
      ] as const)
        await page.touchscreen.tap(
          box.x + box.width * fx + 5,
          visibleTop + (box.y + box.height - visibleTop) * fy + 5,
        );
      await expectInView(page, tools, 'the toolbar while drawing');
      await expectInView(page, tools.getByRole('button', { name: 'Deshacer' }), '"Undo"');
      await page.screenshot({ path: `${SHOTS}/job-${viewport.width}x${viewport.height}-scrolled.png` });
      await context.close();
    });
  }

  test('on a phone the queue lists each job with its picture, property and room', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await staffLogIn(page, staff.decorator.email, staff.decorator.password);
    await expect(page).toHaveURL(/\/backoffice\/reviews/);
    // Delivered and held jobs too: the state filter reset to every state.
    await page.goto(`/backoffice/reviews?filter=${encodeURIComponent(JSON.stringify({ q: propertyName }))}`);
    const entries = page.getByRole('listitem').filter({ hasText: propertyName });
    await expect(entries).toHaveCount(2);
    for (const entry of await entries.all()) {
      await expect(entry.getByText('Dormitorio', { exact: true })).toBeVisible();
      const thumbnail = entry.getByTestId('job-thumbnail');
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await thumbnail.scrollIntoViewIfNeeded();
      await expectInView(page, thumbnail, 'the job’s picture');
    }
    await page.screenshot({ path: `${SHOTS}/queue-390x844.png`, fullPage: false });
    await context.close();
  });
});
