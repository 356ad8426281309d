import type { Page } from '@playwright/test';
import {
  baseURL,
  createCustomer,
  customerToken,
  expect,
  staff,
  staffLogIn,
  staffToken,
  type Customer,
} from './fixtures';
import { grantCredits, roomPhoto } from './photos';
import { reviewOf } from './reviews';

/** One JSON (or multipart) call to /data/<path>, failing loudly with the API's answer. */
async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  init: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(`${baseURL}/data/${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /data/${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The first row an admin list answers for `filter` (ra-data-simple-rest), by id. */
async function firstId(resource: string, filter: Record<string, unknown>): Promise<string> {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, 0]) });
  const [row] = await api<{ id: string }[]>('GET', `admin/${resource}?${query}`, {
    token: await staffToken(),
  });
  if (!row) throw new Error(`No ${resource} row for ${JSON.stringify(filter)}`);
  return row.id;
}

/** Why the seeded customer was given credits from the console. */
export const CREDIT_GRANT_NOTE = 'Compensación por el ticket 42';

/** A record of every console resource, made through the API the way customers make them. */
export interface ConsoleRecords {
  customer: Customer;
  customerId: string;
  propertyName: string;
  reviewId: string;
  contactRequestId: string;
  problemReportId: string;
  reformRequestId: string;
  outboxId: string;
}

/**
 * A customer with one of everything the console shows: a supervised decoration waiting in the review queue
 * (its AI draft done), a reform budget request on the same project, a contact request, a problem report, a
 * credit grant with its note, and their e-mails. Takes as long as the built-in engine's draft (~10-60 s).
 */
export async function seedConsoleRecords(tag: string): Promise<ConsoleRecords> {
  const customer = await createCustomer(tag, { name: `Cliente ${tag}`, company: 'Consola SL' });
  const token = await customerToken(customer);
  const admin = await staffToken('admin');
  const customerId = await firstId('users', { q: customer.email });
  await grantCredits(customer.email, 10);
  // A grant from the console, with the note the ledger shows.
  await api('POST', `admin/users/${customerId}/credits`, {
    token: admin,
    body: { amount: 2, note: CREDIT_GRANT_NOTE },
    headers: { 'idempotency-key': `e2e-${tag}-${Date.now()}` },
  });

  const propertyName = `Consola ${tag} ${Date.now().toString(36)}`;
  const project = await api<{ id: string }>('POST', 'project', { token, body: { propertyName } });
  const form = new FormData();
  const photo = new Uint8Array(await roomPhoto('#d9d2c5', '#9c7a55'));
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'salon.jpg');
  const { images } = await api<{ images: { id: string }[] }>('POST', `project/${project.id}/images`, {
    token,
    form,
  });
  await api('POST', `project/${project.id}/decorations`, {
    token,
    body: {
      items: [{ imageId: images[0]!.id, roomType: 'livingroom', style: 'scandinavian', type: 'supervised' }],
    },
  });
  await api('POST', 'reform-requests', {
    token,
    body: {
      projectId: project.id,
      what: ['kitchen', 'floors'],
      areaSquareMeters: 14,
      budgetRange: '5k_15k',
      contactPreference: 'email',
      notes: 'Cocina abierta al salón.',
    },
  });
  await api('POST', 'contact', {
    body: {
      name: customer.name,
      email: customer.email,
      company: 'Consola SL',
      services: ['supervised_images'],
      volumes: ['10-100'],
      message: 'Queremos decorar cuarenta pisos al mes.',
      language: 'es',
    },
  });
  await api('POST', 'problem-reports', {
    token,
    body: {
      text: 'Al descargar la foto decorada en alta resolución la descarga se queda a medias y no termina.',
      pageUrl: '/my-projects',
    },
  });

  // The AI draft reaches the staff queue.
  await expect.poll(async () => (await reviewOf(propertyName))?.state, { timeout: 90_000 }).toBe('queued');
  return {
    customer,
    customerId,
    propertyName,
    reviewId: (await reviewOf(propertyName))!.id,
    contactRequestId: await firstId('contact-requests', { q: customer.email }),
    problemReportId: await firstId('problem-reports', { q: customer.email }),
    reformRequestId: await firstId('reform-requests', { q: propertyName }),
    outboxId: await firstId('outbox', { q: customer.email }),
  };
}

/** Signs in on the console as the seeded admin and waits for the queue it opens on. */
export async function adminLogIn(page: Page): Promise<void> {
  await staffLogIn(page, staff.admin.email, staff.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Revisiones', exact: true })).toBeVisible();
}

/** Whether the page scrolls sideways: the document is wider than the window. */
export const scrollsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
