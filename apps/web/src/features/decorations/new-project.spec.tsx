import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import {
  aDecoration,
  anImage,
  aPhoto,
  aProject,
  aProjectDetail,
  PROJECT_ID,
  recordMultipart,
} from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const MB = 1024 * 1024;

async function openWizard(credits: number) {
  session.signIn({ token: 'tok-1', user: aUser({ credits }) });
  const view = renderApp('/new-project');
  await screen.findByRole('heading', { level: 1, name: 'Nuevo proyecto' });
  return view;
}

const fileInput = () => screen.getByLabelText('Fotos del inmueble');

describe('new project wizard', () => {
  beforeEach(resetApp);

  it('refuses a 3 MB photo in the browser with the image-too-large text and sends nothing', async () => {
    const api = fakeApi();
    await openWizard(3);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg', 3 * MB));
    expect(await screen.findByText('salon.jpg: La imagen supera el máximo de 2 MB.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Foto 1/ })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('project'))).toEqual([]);
  });

  it('refuses a file that is not an image', async () => {
    fakeApi();
    await openWizard(3);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), aPhoto('notas.jpg', 100, 'text/html'));
    expect(await screen.findByText(/notas\.jpg: La imagen no es válida/)).toBeTruthy();
  });

  it('opens the decoration-limit modal when more than 5 photos are chosen and keeps 5', async () => {
    fakeApi();
    await openWizard(10);
    await userEvent.upload(
      fileInput(),
      Array.from({ length: 6 }, (_, i) => aPhoto(`foto-${i + 1}.jpg`)),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Límite de decoraciones' });
    expect(dialog.textContent).toContain('Has seleccionado 6 imágenes y el límite es 5.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('img', { name: /^Foto \d: foto-/ })).toHaveLength(5);
  });

  it('sums the credits against the balance and opens the need-more-credits modal when short', async () => {
    const api = fakeApi();
    await openWizard(3);
    await userEvent.upload(fileInput(), [aPhoto('a.jpg'), aPhoto('b.jpg')]);
    expect(screen.getByText('Coste: 2 créditos')).toBeTruthy();
    expect(screen.getByText('Tu saldo: 3 créditos')).toBeTruthy();
    const secondType = screen.getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' });
    await userEvent.click(within(secondType).getByLabelText(/^Supervisada/));
    expect(screen.getByText('Coste: 6 créditos')).toBeTruthy();
    expect(screen.getByText('Saldo después: -3 créditos')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(dialog.textContent).toContain('Este pedido cuesta 6 créditos y tienes 3.');
    expect(within(dialog).getByRole('link', { name: 'Comprar créditos' }).getAttribute('href')).toBe(
      '/offers',
    );
    expect(api.callsTo('POST project')).toHaveLength(0);
  });

  it('requires the property name and at least one photo', async () => {
    const api = fakeApi();
    await openWizard(3);
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(screen.getByText('Añade al menos una foto.')).toBeTruthy();
    expect(api.callsTo('POST project')).toHaveLength(0);
  });

  it('creates the project, uploads each photo, orders the decorations and opens the project', async () => {
    let uploads = 0;
    const api = fakeApi({
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: () => ({ body: { images: [anImage(`img-${++uploads}`)] } }),
      [`POST project/${PROJECT_ID}/decorations`]: {
        status: 201,
        body: { decorations: [aDecoration('d1', 'img-1'), aDecoration('d2', 'img-2')], balance: 8 },
      },
      [`GET project/${PROJECT_ID}`]: {
        body: aProjectDetail({
          images: [anImage('img-1'), anImage('img-2')],
          decorations: [aDecoration('d1', 'img-1'), aDecoration('d2', 'img-2')],
        }),
      },
    });
    recordMultipart(api.fetch as unknown as typeof fetch);
    const { location } = await openWizard(10);
    await userEvent.upload(fileInput(), [aPhoto('salon.jpg'), aPhoto('cocina.jpg')]);
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));

    await waitFor(() => expect(location().pathname).toBe(`/project/${PROJECT_ID}`));
    expect(api.callsTo('POST project')[0].body).toEqual({ propertyName: 'Piso Gràcia' });
    const sent = api.callsTo(`POST project/${PROJECT_ID}/images`).map((c) => c.body);
    expect(sent).toEqual(expect.arrayContaining([{ files: ['salon.jpg'] }, { files: ['cocina.jpg'] }]));
    expect(api.callsTo(`POST project/${PROJECT_ID}/images`)[0].headers.Authorization).toBe('Bearer tok-1');
    const order = api.callsTo(`POST project/${PROJECT_ID}/decorations`)[0].body as { items: unknown[] };
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({ roomType: 'livingroom', style: 'modern', type: 'automatic' });
    expect(session.getState().user?.credits).toBe(8);
    expect(await screen.findByText(/Estamos decorando tus fotos/)).toBeTruthy();
  });

  it('shows an upload refusal on its own photo and orders nothing', async () => {
    let uploads = 0;
    const api = fakeApi({
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: () =>
        ++uploads === 2
          ? { status: 422, body: { code: 'IMAGE_HAS_PERSON', message: 'person' } }
          : { body: { images: [anImage(`img-${uploads}`)] } },
    });
    recordMultipart(api.fetch as unknown as typeof fetch);
    await openWizard(10);
    await userEvent.upload(fileInput(), [aPhoto('salon.jpg'), aPhoto('gente.jpg')]);
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    expect(
      await screen.findByText(
        'Foto 2 rechazada: Hemos descartado la foto porque aparece una persona. Sube otra sin personas.',
      ),
    ).toBeTruthy();
    expect(api.callsTo(`POST project/${PROJECT_ID}/decorations`)).toHaveLength(0);
  });

  it('flags the property name when the project already exists', async () => {
    fakeApi({ 'POST project': { status: 409, body: { code: 'PROJECT_EXISTS', message: 'exists' } } });
    await openWizard(10);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    const name = screen.getByLabelText('Nombre del inmueble');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Ya tienes un proyecto con este nombre.').length).toBeGreaterThan(0);
  });

  it('asks before leaving with photos chosen', async () => {
    fakeApi();
    const { router, location } = await openWizard(3);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await router.navigate('/account');
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quedarme' }));
    expect(location().pathname).toBe('/new-project');
    await router.navigate('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(location().pathname).toBe('/account'));
  });
});

describe('new project wizard: emptying the room first', () => {
  beforeEach(resetApp);

  const EMPTY_ROOM = 'Vaciar la habitación antes de decorar';
  const photoCard = (n: number, name: string) => screen.getByRole('region', { name: `Foto ${n}: ${name}` });

  function orderingApi(emptiesRooms: boolean) {
    let uploads = 0;
    const api = fakeApi({
      'GET platform/engine': { body: { emptiesRooms } },
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: () => ({ body: { images: [anImage(`img-${++uploads}`)] } }),
      [`POST project/${PROJECT_ID}/decorations`]: {
        status: 201,
        body: { decorations: [aDecoration('d1', 'img-1'), aDecoration('d2', 'img-2')], balance: 8 },
      },
      [`GET project/${PROJECT_ID}`]: {
        body: aProjectDetail({
          images: [anImage('img-1'), anImage('img-2')],
          decorations: [aDecoration('d1', 'img-1'), aDecoration('d2', 'img-2')],
        }),
      },
    });
    recordMultipart(api.fetch as unknown as typeof fetch);
    return api;
  }

  type OrderedItem = { imageId: string; emptyRoom: boolean };
  const orderedItems = (api: ReturnType<typeof fakeApi>): OrderedItem[] =>
    (api.callsTo(`POST project/${PROJECT_ID}/decorations`).at(-1)?.body as { items: OrderedItem[] }).items;

  it('does not offer the switch when the engine cannot empty rooms, and orders without emptying', async () => {
    const api = orderingApi(false);
    const { location } = await openWizard(10);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await waitFor(() => expect(api.callsTo('GET platform/engine')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('switch', { name: EMPTY_ROOM })).toBeNull();
    expect(screen.queryByText('Quitamos los muebles que hay y después decoramos')).toBeNull();

    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    await waitFor(() => expect(location().pathname).toBe(`/project/${PROJECT_ID}`));
    expect(orderedItems(api)[0]).toMatchObject({ emptyRoom: false });
  });

  it("offers the switch per photo when the engine can, and sends each photo's choice as emptyRoom", async () => {
    const api = orderingApi(true);
    const { location } = await openWizard(10);
    await userEvent.upload(fileInput(), [aPhoto('salon.jpg'), aPhoto('cocina.jpg')]);
    const first = await within(photoCard(1, 'salon.jpg')).findByRole('switch', { name: EMPTY_ROOM });
    const second = within(photoCard(2, 'cocina.jpg')).getByRole('switch', { name: EMPTY_ROOM });
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Quitamos los muebles que hay y después decoramos',
    );
    expect((second as HTMLInputElement).checked).toBe(false);
    await userEvent.click(first);
    expect((first as HTMLInputElement).checked).toBe(true);

    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    await waitFor(() => expect(location().pathname).toBe(`/project/${PROJECT_ID}`));
    const items = orderedItems(api);
    const byImage = Object.fromEntries(items.map((item) => [item.imageId, item.emptyRoom]));
    // Uploads run side by side, so the image ids follow the order the uploads were answered in.
    const sent = api
      .callsTo(`POST project/${PROJECT_ID}/images`)
      .map((c) => (c.body as { files: string[] }).files[0]);
    expect(byImage[`img-${sent.indexOf('salon.jpg') + 1}`]).toBe(true);
    expect(byImage[`img-${sent.indexOf('cocina.jpg') + 1}`]).toBe(false);
  });

  it('hides the switch and says why when the engine changed before the order', async () => {
    const api = orderingApi(true);
    api.set(`POST project/${PROJECT_ID}/decorations`, {
      status: 409,
      body: { code: 'EMPTY_ROOM_UNAVAILABLE', message: 'unavailable' },
    });
    await openWizard(10);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await userEvent.click(await screen.findByRole('switch', { name: EMPTY_ROOM }));
    api.set('GET platform/engine', { body: { emptiesRooms: false } });
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    expect(
      await screen.findByText('El motor actual no puede vaciar la habitación. Decórala sin vaciarla.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('switch', { name: EMPTY_ROOM })).toBeNull());

    api.set(`POST project/${PROJECT_ID}/decorations`, {
      status: 201,
      body: { decorations: [aDecoration('d1', 'img-1')], balance: 9 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    await waitFor(() => expect(api.callsTo(`POST project/${PROJECT_ID}/decorations`)).toHaveLength(2));
    expect(orderedItems(api)[0]).toMatchObject({ emptyRoom: false });
  });
});
