import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { gatewayNavigation } from '../billing/api/checkout';
import { checkoutReturn } from '../billing/checkout-return';
import { aCheckoutSession, packs, plans, SESSION_ID } from '../billing/test-data';
import { wizardDrafts } from './wizard-draft';
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

/** One input event rather than a keystroke each: these journeys are long enough already. */
async function nameTheProperty(name = 'Piso Gràcia') {
  await userEvent.click(screen.getByLabelText('Nombre del inmueble'));
  await userEvent.paste(name);
}
const USER_ID = aUser().id;
const OFFERS = { 'GET billing/packs': { body: packs }, 'GET billing/plans': { body: plans } };

/** No draft and no way back from a payment left by an earlier test. */
async function freshWizard() {
  await wizardDrafts.clear(USER_ID);
  window.sessionStorage.clear();
  await resetApp();
}

describe('new project wizard', () => {
  beforeEach(freshWizard);

  it('refuses a 3 MB photo in the browser with the image-too-large text and sends nothing', async () => {
    const api = fakeApi();
    await openWizard(3);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg', 3 * MB));
    expect(await screen.findByText('salon.jpg: La imagen supera el máximo de 2 MB.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Foto 1/ })).toBeNull();
    // Only reads (the header's look at the project list), no project created, no photo sent.
    expect(api.calls.filter((c) => c.path.startsWith('project') && c.method !== 'GET')).toEqual([]);
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

  it('sums the credits against the balance and, when short, says what is missing instead of a negative balance', async () => {
    fakeApi(OFFERS);
    await openWizard(3);
    await userEvent.upload(fileInput(), [aPhoto('a.jpg'), aPhoto('b.jpg')]);
    expect(screen.getByText('Coste: 2 créditos')).toBeTruthy();
    expect(screen.getByText('Tu saldo: 3 créditos')).toBeTruthy();
    expect(screen.getByText('Saldo después: 1 crédito')).toBeTruthy();
    const secondType = screen.getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' });
    await userEvent.click(within(secondType).getByLabelText(/^Supervisada/));
    expect(screen.getByText('Coste: 6 créditos')).toBeTruthy();
    expect(screen.queryByText(/Saldo después/)).toBeNull();
    const summary = screen.getByRole('region', { name: 'Resumen de créditos' });
    expect(within(summary).getByText('Te faltan 3 créditos para este pedido.')).toBeTruthy();
    // The summary's own button opens the one credits dialog.
    await userEvent.click(within(summary).getByRole('button', { name: 'Comprar créditos' }));
    expect(await screen.findByRole('dialog', { name: 'Necesitas más créditos' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('opens one credits dialog with packs and plans when finishing short of credits', async () => {
    const api = fakeApi(OFFERS);
    await openWizard(0);
    await userEvent.upload(fileInput(), aPhoto('a.jpg'));
    await nameTheProperty();
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(dialog.textContent).toContain('Este pedido cuesta 1 crédito y tienes 0.');
    expect(dialog.textContent).toContain('Te falta 1 crédito para este pedido.');
    // The choices are in the dialog itself: packs and, without a subscription, plans.
    expect(await within(dialog).findByRole('button', { name: 'Comprar el pack Starter' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Comprar el pack Business' })).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Suscribirme: plan Pro' })).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Ver todos los planes y packs' }).getAttribute('href'),
    ).toBe('/offers');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(api.callsTo('POST project')).toHaveLength(0);
  });

  it('leaves for the offers page from the dialog without asking about unsaved changes, keeping the draft', async () => {
    fakeApi(OFFERS);
    const { location } = await openWizard(0);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await nameTheProperty();
    await userEvent.click(screen.getByRole('button', { name: 'Comprar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Ver todos los planes y packs' }));
    await waitFor(() => expect(location().pathname).toBe('/offers'));
    expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull();
    await waitFor(async () => expect((await wizardDrafts.load(USER_ID))?.propertyName).toBe('Piso Gràcia'));
  });

  it('saves the draft and remembers the way back before leaving for the gateway to buy a pack', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    const api = fakeApi({
      ...OFFERS,
      'POST billing/checkout': {
        status: 201,
        body: { sessionId: SESSION_ID, checkoutUrl: `http://localhost/sandbox-checkout/${SESSION_ID}` },
      },
    });
    await openWizard(1);
    await userEvent.upload(fileInput(), [aPhoto('salon.jpg'), aPhoto('cocina.jpg')]);
    const secondType = screen.getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' });
    await userEvent.click(within(secondType).getByLabelText(/^Supervisada/));
    await nameTheProperty();
    await userEvent.click(screen.getByRole('button', { name: 'Comprar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Comprar el pack Starter' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`http://localhost/sandbox-checkout/${SESSION_ID}`));
    expect(api.callsTo('POST billing/checkout')[0].body).toEqual({ kind: 'pack', code: 'starter' });
    expect(checkoutReturn.pathFor(SESSION_ID)).toBe('/new-project');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Written before the page is left: the gateway is a full navigation.
    const draft = await wizardDrafts.load(USER_ID);
    expect(draft?.propertyName).toBe('Piso Gràcia');
    expect(draft?.photos.map((p) => [p.file.name, p.type])).toEqual([
      ['salon.jpg', 'automatic'],
      ['cocina.jpg', 'supervised'],
    ]);
  });

  it('back from a paid checkout, restores the draft with the new balance and creates the project', async () => {
    let uploads = 0;
    const api = fakeApi({
      [`GET billing/checkout/${SESSION_ID}`]: { body: aCheckoutSession({ state: 'paid' }) },
      'POST user/profile': { body: { token: 'tok-1', user: aUser({ credits: 11 }) } },
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: () => ({ body: { images: [anImage(`img-${++uploads}`)] } }),
      [`POST project/${PROJECT_ID}/decorations`]: {
        status: 201,
        body: { decorations: [aDecoration('d1', 'img-1'), aDecoration('d2', 'img-2')], balance: 5 },
      },
      [`GET project/${PROJECT_ID}`]: { body: aProjectDetail() },
    });
    recordMultipart(api.fetch as unknown as typeof fetch);
    await wizardDrafts.save(USER_ID, {
      propertyName: 'Piso Gràcia',
      projectId: null,
      photos: [
        {
          id: 'p1',
          file: aPhoto('salon.jpg'),
          roomType: 'livingroom',
          style: 'modern',
          type: 'automatic',
          emptyRoom: false,
        },
        {
          id: 'p2',
          file: aPhoto('cocina.jpg'),
          roomType: 'kitchen',
          style: 'rustic',
          type: 'supervised',
          emptyRoom: false,
        },
      ],
    });
    checkoutReturn.remember('/new-project', SESSION_ID);
    session.signIn({ token: 'tok-1', user: aUser({ credits: 1 }) });
    const { location } = renderApp(`/stripeconfirmation/${SESSION_ID}`);
    const success = await screen.findByRole('dialog', { name: 'Pago completado' });
    await userEvent.click(within(success).getByRole('link', { name: 'Continuar donde lo dejaste' }));
    await waitFor(() => expect(location().pathname).toBe('/new-project'));
    expect(
      await screen.findByText(
        'Hemos recuperado el proyecto que estabas preparando: tus fotos y opciones siguen aquí.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 1: salon.jpg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 2: cocina.jpg' })).toBeTruthy();
    expect((screen.getByLabelText('Nombre del inmueble') as HTMLInputElement).value).toBe('Piso Gràcia');
    const restoredType = screen.getByRole('radiogroup', { name: 'Tipo de decoración de la foto 2' });
    expect((within(restoredType).getByLabelText(/^Supervisada/) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Saldo después: 5 créditos')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    await waitFor(() => expect(location().pathname).toBe(`/project/${PROJECT_ID}`));
    const order = api.callsTo(`POST project/${PROJECT_ID}/decorations`)[0].body as {
      items: { roomType: string; style: string; type: string }[];
    };
    expect(order.items.map((item) => [item.roomType, item.style, item.type]).sort()).toEqual([
      ['kitchen', 'rustic', 'supervised'],
      ['livingroom', 'modern', 'automatic'],
    ]);
    // Created: the draft and the way back are gone.
    await waitFor(async () => expect(await wizardDrafts.load(USER_ID)).toBeNull());
    expect(checkoutReturn.recent()).toBeNull();
  });

  it('restores the draft after a reload, and starts over on request', async () => {
    fakeApi();
    await wizardDrafts.save(USER_ID, {
      propertyName: 'Piso Gràcia',
      projectId: null,
      photos: [
        {
          id: 'p1',
          file: aPhoto('salon.jpg'),
          roomType: 'livingroom',
          style: 'modern',
          type: 'automatic',
          emptyRoom: false,
        },
      ],
    });
    await openWizard(3);
    expect(await screen.findByText(/Hemos recuperado el proyecto que estabas preparando/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 1: salon.jpg' })).toBeTruthy();
    expect((screen.getByLabelText('Nombre del inmueble') as HTMLInputElement).value).toBe('Piso Gràcia');

    await userEvent.click(screen.getByRole('button', { name: 'Empezar de nuevo' }));
    expect(screen.queryByRole('img', { name: /^Foto 1/ })).toBeNull();
    expect((screen.getByLabelText('Nombre del inmueble') as HTMLInputElement).value).toBe('');
    await waitFor(async () => expect(await wizardDrafts.load(USER_ID)).toBeNull());
  });

  it('saves what is chosen a moment after each change', async () => {
    fakeApi();
    const wizard = await openWizard(3);
    await userEvent.upload(fileInput(), aPhoto('salon.jpg'));
    await nameTheProperty();
    await waitFor(async () => expect((await wizardDrafts.load(USER_ID))?.propertyName).toBe('Piso Gràcia'));
    expect((await wizardDrafts.load(USER_ID))?.photos.map((p) => p.file.name)).toEqual(['salon.jpg']);
    wizard.unmount();
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
    // The closing dialog must be gone, or its stale button could be the one found next.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await router.navigate('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(location().pathname).toBe('/account'));
    // Leaving gives the draft up, as the dialog said.
    await waitFor(async () => expect(await wizardDrafts.load(USER_ID)).toBeNull());
  });
});

describe('new project wizard: emptying the room first', () => {
  beforeEach(freshWizard);

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
