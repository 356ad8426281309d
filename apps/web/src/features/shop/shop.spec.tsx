import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Favourite, Recommendations, RecommendedProduct } from '@estancia/contracts';
import { notifications } from '../notifications/notifications';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { anImage, aProjectDetail, aReadyDecoration, PROJECT_ID } from '../decorations/test-data';

vi.mock('../realtime/realtime', async (original) => ({
  ...(await original<typeof import('../realtime/realtime')>()),
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const DECORATION_ID = '5d2f7a1e-8c3b-4e6f-9a0d-1b2c3d4e5f60';
const DECORATION = aReadyDecoration(DECORATION_ID, 'img-1');

const recommended = (
  id: string,
  type: RecommendedProduct['type'],
  name: string,
  favourite = false,
): RecommendedProduct => ({
  id,
  type,
  name,
  brand: 'Brisa Home',
  color: '#2e4a6b',
  textureUrl: type === 'floor' ? `/data/catalogue/products/${id}/texture.svg` : null,
  pattern: type === 'floor' ? 'tiles' : null,
  tileScale: type === 'floor' ? 0.3 : null,
  priceCents: type === 'furniture' ? 99900 : 1690,
  unit: type === 'furniture' ? 'item' : type === 'floor' ? 'square_metre' : 'litre',
  purchaseUrl: `https://www.brisahome.example/${id}`,
  category: type === 'furniture' ? 'sofa' : null,
  styles: ['coastal'],
  roomTypes: ['livingroom'],
  pictureUrl: `/data/catalogue/products/${id}/picture.svg`,
  favourite,
  colourMatch: 0.9,
});

const RECOMMENDATIONS: Recommendations = {
  decorationId: DECORATION_ID,
  roomType: 'livingroom',
  style: 'coastal',
  palette: ['#4d7898', '#eeeae0'],
  furniture: [recommended('furniture-navy-linen-sofa', 'furniture', 'Navy Linen Sofa')],
  wall_paint: [recommended('paint-mediterranean-blue', 'wall_paint', 'Mediterranean Blue')],
  floor: [recommended('floor-white-marble', 'floor', 'White Marble', true)],
};

async function openProject() {
  const api = fakeApi({
    [`GET project/${PROJECT_ID}`]: {
      body: aProjectDetail({ images: [anImage('img-1')], decorations: [DECORATION] }),
    },
    [`GET decoration/${DECORATION_ID}/recommendations`]: { body: RECOMMENDATIONS },
    'POST catalogue/favourites/furniture-navy-linen-sofa': {
      body: { productId: 'furniture-navy-linen-sofa', favourite: true },
    },
    'GET catalogue/favourites': {
      body: [
        {
          ...recommended('furniture-navy-linen-sofa', 'furniture', 'Navy Linen Sofa'),
          favouritedAt: '2025-05-01T10:00:00.000Z',
        },
      ] satisfies Favourite[],
    },
  });
  session.signIn({ token: 'tok-1', user: aUser() });
  const view = renderApp(`/project/${PROJECT_ID}`);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, api };
}

describe('shop in the project view', () => {
  beforeEach(async () => {
    await resetApp();
    notifications.resetNewFavourites();
  }, 20_000);

  it('shows the recommendations panel with pictures, prices, buy links and editor links', async () => {
    const user = userEvent.setup();
    await openProject();
    await user.click(screen.getByRole('button', { name: 'Recomendaciones para la foto 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Recomendaciones para la foto 1' });
    const furniture = within(panel).getByRole('region', { name: 'Muebles' });
    const sofa = await within(furniture).findByRole('article', { name: 'Navy Linen Sofa' });
    expect(within(sofa).getByRole('img', { name: 'Navy Linen Sofa' }).getAttribute('src')).toBe(
      '/data/catalogue/products/furniture-navy-linen-sofa/picture.svg',
    );
    expect(within(sofa).getByText('999,00 € / unidad')).toBeTruthy();
    const buy = within(sofa).getByRole('link', {
      name: 'Comprar Navy Linen Sofa (se abre en una pestaña nueva)',
    });
    expect(buy.getAttribute('href')).toBe('https://www.brisahome.example/furniture-navy-linen-sofa');
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('rel')).toContain('noopener');
    expect(within(sofa).queryByRole('link', { name: /Aplicar/ })).toBeNull();

    const paints = within(panel).getByRole('region', { name: 'Pinturas' });
    const apply = within(paints).getByRole('link', { name: 'Aplicar Mediterranean Blue en el editor' });
    expect(apply.getAttribute('href')).toBe(`/project/edit/${PROJECT_ID}?decoration=${DECORATION_ID}`);
    const floors = within(panel).getByRole('region', { name: 'Suelos' });
    expect(
      within(floors).getByRole('button', { name: 'Favorito: White Marble' }).getAttribute('aria-pressed'),
    ).toBe('true');
  }, 20_000);

  it('counts new favourites on the badge until the favourites list is opened', async () => {
    const user = userEvent.setup();
    const { api } = await openProject();
    await user.click(screen.getByRole('button', { name: 'Recomendaciones para la foto 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Recomendaciones para la foto 1' });
    const toggle = await within(panel).findByRole('button', { name: 'Favorito: Navy Linen Sofa' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'), { timeout: 5000 });
    expect(api.callsTo('POST catalogue/favourites/furniture-navy-linen-sofa')).toHaveLength(1);
    expect(notifications.getState().newFavourites).toBe(1);
    await user.click(within(panel).getByRole('button', { name: 'Favoritos, nuevos: 1' }));
    const list = await screen.findByRole('dialog', { name: 'Mis favoritos' }, { timeout: 5000 });
    expect(await within(list).findByRole('article', { name: 'Navy Linen Sofa' })).toBeTruthy();
    expect(notifications.getState().newFavourites).toBe(0);
    await user.click(within(list).getByRole('button', { name: 'Cerrar' }));
    act(() => notifications.addNewFavourites(2));
    expect(
      (await screen.findAllByRole('button', { name: 'Favoritos, nuevos: 2' }, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
  }, 20_000);

  it('sends a reform budget request validated like the API, with the phone only when chosen', async () => {
    const user = userEvent.setup();
    const { api } = await openProject();
    api.set('POST reform-requests', ({ body }) => ({
      status: 201,
      body: { id: 'r1', status: 'new', ...(body as object) },
    }));
    await user.click(screen.getByRole('button', { name: 'Pedir presupuesto de reforma de la foto 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir presupuesto de reforma' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio.')).toHaveLength(3);
    expect(api.callsTo('POST reform-requests')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Cocina' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Suelos' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Superficie (m²)' }), '85');
    await user.click(within(dialog).getByRole('radio', { name: 'De 15.000 a 30.000 €' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Teléfono' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Por teléfono' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Teléfono' }), '+34 612 345 678');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notas' }), 'Abrir la cocina');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));

    await waitFor(() => expect(api.callsTo('POST reform-requests')).toHaveLength(1));
    expect(api.callsTo('POST reform-requests')[0]!.body).toEqual({
      projectId: PROJECT_ID,
      decorationId: DECORATION_ID,
      what: ['kitchen', 'floors'],
      areaSquareMeters: 85,
      budgetRange: '15k_30k',
      contactPreference: 'phone',
      phone: '+34 612 345 678',
      notes: 'Abrir la cocina',
    });
    expect(
      await screen.findByText('Hemos recibido tu solicitud y te hemos enviado un correo de confirmación.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Pedir presupuesto de reforma' })).toBeNull(),
    );
  }, 20_000);

  it('asks for a reform budget about the whole property from the project', async () => {
    const user = userEvent.setup();
    const { api } = await openProject();
    api.set('POST reform-requests', ({ body }) => ({
      status: 201,
      body: { id: 'r2', status: 'new', ...(body as object) },
    }));
    await user.click(screen.getByRole('button', { name: /^Pedir presupuesto de reforma$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir presupuesto de reforma' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reforma integral' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Superficie (m²)' }), '120');
    await user.click(within(dialog).getByRole('radio', { name: 'Más de 60.000 €' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));

    await waitFor(() => expect(api.callsTo('POST reform-requests')).toHaveLength(1));
    const sent = api.callsTo('POST reform-requests')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ projectId: PROJECT_ID, what: ['full'], areaSquareMeters: 120 });
    expect(sent.decorationId).toBeUndefined();
  }, 20_000);

  it('shows the API’s field errors translated', async () => {
    const user = userEvent.setup();
    const { api } = await openProject();
    api.set('POST reform-requests', {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'invalid', fields: { areaSquareMeters: 'invalid' } },
    });
    await user.click(screen.getByRole('button', { name: 'Pedir presupuesto de reforma de la foto 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir presupuesto de reforma' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reforma integral' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Superficie (m²)' }), '120');
    await user.click(within(dialog).getByRole('radio', { name: 'Más de 60.000 €' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findByText('Valor no válido.')).toBeTruthy();
  }, 20_000);
});
