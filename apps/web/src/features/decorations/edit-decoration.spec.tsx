import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditSession, ProjectDetail } from '@estancia/contracts';
import { session } from '../session/session';
import { fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import {
  aDecoration,
  anEditSession,
  anImage,
  aProduct,
  aProEditSession,
  aProjectDetail,
  aReadyDecoration,
  PROJECT_ID,
} from './test-data';

// No socket in tests, like the project view's spec.
vi.mock('../realtime/realtime', async (original) => ({
  ...(await original<typeof import('../realtime/realtime')>()),
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const DETAIL = `GET project/${PROJECT_ID}`;
const SESSION = 'GET decoration/d1/edit';
const SAVE = 'PUT decoration/d1/edit';
const RENDER = 'POST decoration/d1/edit/render';
const EDIT_URL = `/project/edit/${PROJECT_ID}?decoration=d1`;
// The editor's code loads on first use: the first look at it may take longer than findBy's default.
const SLOW = { timeout: 5000 };

const project = (overrides: Partial<ProjectDetail> = {}) =>
  aProjectDetail({
    images: [anImage('img-1')],
    decorations: [aReadyDecoration('d1', 'img-1')],
    ...overrides,
  });

function serve(editSession: EditSession, plan: 'STARTER' | 'PRO' = 'STARTER') {
  const api = fakeApi({
    [DETAIL]: { body: project() },
    [SESSION]: { body: editSession },
    [SAVE]: ({ body }) => ({ body: { ...editSession, ...(body as Pick<EditSession, 'document'>) } }),
    'GET catalogue/products': {
      body: [aProduct('paint-1', 'wall_paint', 'Blanco roto'), aProduct('floor-1', 'floor', 'Roble natural')],
    },
  });
  session.signIn({ token: 'tok-1', user: subscribed(plan) });
  return api;
}

async function openEditor(editSession: EditSession, plan: 'STARTER' | 'PRO' = 'STARTER') {
  const api = serve(editSession, plan);
  const view = renderApp(EDIT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Editar decoración' }, SLOW);
  await screen.findByRole('toolbar', { name: 'Herramientas' }, SLOW);
  return { ...view, api };
}

describe('editing a decoration', () => {
  beforeEach(resetApp);

  it('opens the edit view of a ready decoration from the image menu, and only of a ready one', async () => {
    const api = serve(anEditSession('d1'));
    api.set(DETAIL, {
      body: project({
        images: [anImage('img-1'), anImage('img-2')],
        decorations: [aReadyDecoration('d1', 'img-1'), aDecoration('d2', 'img-2', { percent: 30 })],
      }),
    });
    const { location } = renderApp(`/project/${PROJECT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Piso Gràcia' });

    await userEvent.click(screen.getByRole('button', { name: 'Opciones de la foto 2' }));
    const pending = await screen.findByRole('menuitem', { name: 'Editar decoración' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Escape}');
    // A ready result also offers it in sight, named by its photo.
    expect(screen.getByRole('link', { name: 'Editar decoración de la foto 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar decoración de la foto 2' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Opciones de la foto 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Editar decoración' }));

    await screen.findByRole('heading', { level: 1, name: 'Editar decoración' }, SLOW);
    expect(location().pathname).toBe(`/project/edit/${PROJECT_ID}`);
    expect(location().search).toBe('?decoration=d1');
    await screen.findByRole('region', { name: 'Lienzo de edición: la decoración con tus cambios' }, SLOW);
    expect(screen.getByText('Piso Gràcia · foto 1')).toBeTruthy();
    expect(screen.getByText('Te quedan 2 ediciones (de 3) en esta decoración')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al proyecto' }).getAttribute('href')).toBe(
      `/project/${PROJECT_ID}`,
    );
    expect(api.callsTo(SESSION)).toHaveLength(1);
    expect(api.callsTo('GET catalogue/products')).toHaveLength(2);
  });

  it("shows STARTER's extra tools locked; choosing one offers the upgrade with a link to the offers", async () => {
    const { location } = await openEditor(anEditSession('d1'));
    const toolbar = screen.getByRole('toolbar', { name: 'Herramientas' });
    for (const name of ['Selección de objetos', 'Lazo', 'Decoración IA', 'Reforma'])
      expect(within(toolbar).getByRole('button', { name }).getAttribute('data-locked')).toBe('true');
    for (const name of ['Pared', 'Suelo', 'Pincel corrector', 'Borrador'])
      expect(within(toolbar).getByRole('button', { name }).getAttribute('data-locked')).toBeNull();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Lazo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mejora tu plan' });
    expect(
      within(dialog).getByText(/selección de objetos, el lazo, la decoración IA y la reforma/),
    ).toBeTruthy();
    const offers = within(dialog).getByRole('link', { name: 'Ver planes' });
    expect(offers.getAttribute('href')).toBe('/offers');
    await userEvent.click(offers);
    await waitFor(() => expect(location().pathname).toBe('/offers'));
  });

  it('"Guardar resultado" saves the document, renders it and goes back to the project with the new version', async () => {
    const { api, location } = await openEditor(aProEditSession('d1'), 'PRO');
    expect(screen.getByText('Ediciones ilimitadas con tu plan')).toBeTruthy();
    api.set(RENDER, { status: 201, body: { versionId: 'v2', resultUrl: '/data/media/result-d1-v2' } });
    api.set(DETAIL, {
      body: project({
        decorations: [aReadyDecoration('d1', 'img-1', { resultUrl: '/data/media/result-d1-v2' })],
      }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultado' }));

    await waitFor(() => expect(api.callsTo(RENDER)).toHaveLength(1));
    expect(api.callsTo(SAVE)).toHaveLength(1);
    expect(api.callsTo(SAVE)[0].body).toMatchObject({ document: { watermark: true, layers: [] } });
    // The document is saved before it is rendered.
    expect(api.calls.findIndex((c) => `${c.method} ${c.path}` === SAVE)).toBeLessThan(
      api.calls.findIndex((c) => `${c.method} ${c.path}` === RENDER),
    );
    await screen.findByRole('heading', { level: 1, name: 'Piso Gràcia' });
    expect(location().pathname).toBe(`/project/${PROJECT_ID}`);
    expect(
      await screen.findByText('Tu decoración editada está lista: ya es la versión actual.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Foto 1 decorada' }).getAttribute('src')).toBe(
        '/data/media/result-d1-v2',
      ),
    );
  });

  it('shows LIMIT_REACHED with its translated message and the way to the plans', async () => {
    const { api } = await openEditor(anEditSession('d1', { editsLeft: 1 }));
    api.set(RENDER, { status: 403, body: { code: 'LIMIT_REACHED', message: 'No edits left' } });
    api.set(SESSION, { body: anEditSession('d1', { editsLeft: 0 }) });

    await userEvent.click(screen.getByRole('button', { name: 'Guardar resultado' }));

    const alert = (await screen.findByText('Has alcanzado el límite. Considera mejorar tu plan.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/offers');
    expect(api.callsTo(SAVE)).toHaveLength(0);
    // What is left is read again: none, so the result can no longer be saved.
    expect(
      await screen.findByText(
        'Has usado todas las ediciones de esta decoración. Con un plan PRO o ULTIMATE editas sin límite.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar resultado' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Editar decoración' })).toBeTruthy();
  });

  it('waits for a due save before leaving, and warns when it fails', async () => {
    const { api, location } = await openEditor(aProEditSession('d1'), 'PRO');
    api.set(SAVE, { status: 500, body: { code: 'INTERNAL', message: 'boom' } });

    await userEvent.click(screen.getByRole('button', { name: 'Marca de agua' }));
    await userEvent.click(screen.getByRole('link', { name: 'Volver al proyecto' }));

    const waiting = await screen.findByRole('dialog', { name: 'Guardando tus cambios' });
    expect(within(waiting).getByRole('progressbar')).toBeTruthy();
    expect(location().pathname).toBe(`/project/edit/${PROJECT_ID}`);

    const failed = await screen.findByRole('dialog', { name: 'Tus cambios no se han guardado' }, SLOW);
    expect(api.callsTo(SAVE)).toHaveLength(1);
    await userEvent.click(within(failed).getByRole('button', { name: 'Salir sin guardar' }));
    await screen.findByRole('heading', { level: 1, name: 'Piso Gràcia' });
    expect(location().pathname).toBe(`/project/${PROJECT_ID}`);
  });
});
