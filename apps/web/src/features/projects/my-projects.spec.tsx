import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { aProject } from '../decorations/test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const list = (items: ReturnType<typeof aProject>[], total = items.length, page = 1) => ({
  body: { items, total, page, pageSize: 12 },
});

const PROJECTS = [
  aProject({
    id: 'p-complete',
    propertyName: 'Ático Eixample',
    status: 2,
    imagesCompleted: 3,
    totalImages: 3,
    imagesUploaded: 3,
    newImagesAvailable: true,
    credits: 3,
    coverUrl: '/data/media/cover-1',
  }),
  aProject({
    id: 'p-processing',
    propertyName: 'Casa Sitges',
    status: 1,
    imagesCompleted: 1,
    totalImages: 2,
    imagesUploaded: 2,
    credits: 6,
  }),
  aProject({ id: 'p-pending', propertyName: 'Piso Sants', credits: 0 }),
];

async function openList() {
  session.signIn({ token: 'tok-1', user: subscribed() });
  const view = renderApp('/my-projects');
  await screen.findByRole('heading', { level: 1, name: 'Mis proyectos' });
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('my projects', () => {
  beforeEach(resetApp);

  it('shows each card with its state label, figures and cover', async () => {
    fakeApi({ 'GET project': list(PROJECTS) });
    await openList();
    await screen.findByText('Ático Eixample');
    const complete = within(card('Ático Eixample'));
    expect(complete.getByText('Completo')).toBeTruthy();
    expect(complete.getByText('Nuevas imágenes disponibles')).toBeTruthy();
    expect(complete.getByText('3 imágenes subidas')).toBeTruthy();
    expect(complete.getByText('3/3 completadas')).toBeTruthy();
    expect(complete.getByText('3 créditos')).toBeTruthy();
    expect(complete.getByRole('img', { name: 'Portada del proyecto Ático Eixample' })).toBeTruthy();

    const processing = within(card('Casa Sitges'));
    expect(processing.getByText('En proceso')).toBeTruthy();
    expect(processing.getByText('1/2 completadas')).toBeTruthy();
    expect(processing.queryByText('Nuevas imágenes disponibles')).toBeNull();

    const pending = within(card('Piso Sants'));
    expect(pending.getByText('Pendiente')).toBeTruthy();
    expect(pending.getByText('0 imágenes subidas')).toBeTruthy();
    expect(pending.getByText('0 créditos')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    fakeApi({ 'GET project': list([]) });
    await openList();
    expect(await screen.findByText(/Aún no tienes proyectos/)).toBeTruthy();
  });

  it('searches by property name after typing stops', async () => {
    const api = fakeApi({ 'GET project': list(PROJECTS) });
    await openList();
    await screen.findByText('Ático Eixample');
    await userEvent.type(screen.getByLabelText('Buscar por nombre del inmueble'), 'Sitges');
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === 'project' && c.method === 'GET' && searchOf(api.fetch, 'Sitges')),
      ).toBe(true),
    );
    // One call for the whole word, not one per key.
    expect(urls(api.fetch).filter((u) => u.includes('search=Sit&'))).toHaveLength(0);
  });

  it('creates a project and flags a duplicate name on the field', async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET project': list([]),
      'POST project': () =>
        ++attempts === 1
          ? {
              status: 409,
              body: { code: 'PROJECT_EXISTS', message: 'exists', fields: { propertyName: 'PROJECT_EXISTS' } },
            }
          : { status: 201, body: aProject({ id: 'p-new', propertyName: 'Piso nuevo' }) },
      'GET project/p-new': {
        body: { ...aProject({ id: 'p-new', propertyName: 'Piso nuevo' }), images: [], decorations: [] },
      },
    });
    const { location } = await openList();
    await userEvent.click(screen.getByRole('button', { name: 'Crear proyecto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo proyecto' });
    await userEvent.type(within(dialog).getByLabelText('Nombre del inmueble'), 'Piso nuevo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    const field = within(dialog).getByLabelText('Nombre del inmueble');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Ya tienes un proyecto con este nombre.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    await waitFor(() => expect(location().pathname).toBe('/project/p-new'));
    expect(api.callsTo('POST project')[1].body).toEqual({ propertyName: 'Piso nuevo' });
  });

  it('deletes a project after confirmation, and reports a failure', async () => {
    let deletes = 0;
    const api = fakeApi({
      'GET project': list(PROJECTS),
      'DELETE project/p-pending': () =>
        ++deletes === 1 ? { status: 500, body: { code: 'INTERNAL', message: 'x' } } : { body: {} },
    });
    await openList();
    await screen.findByText('Piso Sants');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar proyecto Piso Sants' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar proyecto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se ha podido eliminar el proyecto. Inténtalo de nuevo.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar proyecto Piso Sants' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar proyecto' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Proyecto eliminado.')).toBeTruthy();
    expect(api.callsTo('DELETE project/p-pending')).toHaveLength(2);
    expect(api.callsTo('DELETE project/p-pending')[0].headers.Authorization).toBe('Bearer tok-1');
  });
});

function urls(fetch: ReturnType<typeof vi.fn>): string[] {
  return fetch.mock.calls.map((call) => String(call[0]));
}
function searchOf(fetch: ReturnType<typeof vi.fn>, term: string): boolean {
  return urls(fetch).some((u) => u.includes(`search=${term}&`));
}
