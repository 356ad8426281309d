import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminProduct } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const oakFloor: AdminProduct = {
  id: 'roble-natural',
  type: 'floor',
  names: { es: 'Roble natural', ca: 'Roure natural', en: 'Natural oak' },
  brand: 'Parquets Sol',
  color: '#b08850',
  category: null,
  pattern: 'planks',
  tileScale: 0.25,
  priceCents: 3450,
  unit: 'square_metre',
  purchaseUrl: 'https://shop.example.com/roble',
  styles: ['scandinavian'],
  roomTypes: ['livingroom'],
  active: true,
  sortOrder: 3,
  pictureUrl: '/data/catalogue/products/roble-natural/picture',
  createdAt: '2025-02-01T09:30:00.000Z',
};

async function openProducts(path: string) {
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/products/roble-natural': () => ({ status: 200, body: oakFloor }),
    'POST /data/admin/products': ({ body }) => ({
      status: 201,
      body: { ...oakFloor, ...(JSON.parse(body) as object), pictureUrl: null },
    }),
    'PUT /data/admin/products/roble-natural': ({ body }) => ({
      status: 200,
      body: { ...oakFloor, ...(JSON.parse(body) as object) },
    }),
    'POST /data/admin/products/roble-natural/picture': () => ({ status: 200, body: oakFloor }),
  });
  staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
  setPageUrl(`${api.origin}/backoffice/${path}`);
  render(<App />);
  return api;
}

const choose = async (label: RegExp, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
};

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the product form', { timeout: 30_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await api?.close();
    localStorage.clear();
  });

  it('asks each type for its own fields and sends the others empty', async () => {
    api = await openProducts('products/create');
    await screen.findByLabelText(/^Identificador/, {}, { timeout: 4000 });
    // Nothing type-specific before a type is chosen.
    expect(screen.queryByLabelText(/^Color/)).toBeNull();

    await choose(/^Tipo/, 'Suelo');
    expect(screen.getByRole('combobox', { name: /^Dibujo del suelo/ })).toBeTruthy();
    expect(screen.getByLabelText(/^Tamaño de la pieza/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Tipo de mueble/ })).toBeNull();
    expect(screen.getByLabelText(/^Precio por m²/)).toBeTruthy();
    await choose(/^Dibujo del suelo/, 'Espiga');
    type(/^Tamaño de la pieza/, '0.2');

    // Changed to furniture: a category instead of the floor's pattern and tile size.
    await choose(/^Tipo/, 'Mueble');
    expect(screen.queryByRole('combobox', { name: /^Dibujo del suelo/ })).toBeNull();
    expect(screen.queryByLabelText(/^Tamaño de la pieza/)).toBeNull();
    expect(screen.getByLabelText(/^Precio por unidad/)).toBeTruthy();

    type(/^Identificador/, 'sofa-nordico');
    type(/^Nombre en castellano/, 'Sofá nórdico');
    type(/^Nombre en catalán/, 'Sofà nòrdic');
    type(/^Nombre en inglés/, 'Nordic sofa');
    type(/^Marca/, 'Casa Norte');
    type(/^Color/, '#A0B1C2');
    type(/^Precio por unidad/, '899.9');
    type(/^Enlace de compra/, 'https://shop.example.com/sofa');

    // The category is what furniture needs: refused without it.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Obligatorio', {}, { timeout: 4000 })).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await choose(/^Tipo de mueble/, 'Sofá');
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(api!.requests.some((r) => r.method === 'POST')).toBe(true), { timeout: 4000 });
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/data/admin/products');
    expect(JSON.parse(post.body)).toEqual({
      id: 'sofa-nordico',
      type: 'furniture',
      names: { es: 'Sofá nórdico', ca: 'Sofà nòrdic', en: 'Nordic sofa' },
      brand: 'Casa Norte',
      color: '#a0b1c2',
      category: 'sofa',
      pattern: null,
      tileScale: null,
      priceCents: 89990,
      unit: 'item',
      purchaseUrl: 'https://shop.example.com/sofa',
      styles: [],
      roomTypes: [],
      active: true,
      sortOrder: 0,
    });
  });

  it('keeps a floor’s pattern and tile size, and its id read only', async () => {
    api = await openProducts('products/roble-natural');
    expect(await screen.findByDisplayValue('Roble natural', {}, { timeout: 4000 })).toBeTruthy();
    expect((screen.getByLabelText(/^Identificador/) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(/^Precio por m²/) as HTMLInputElement).value).toBe('34.5');
    type(/^Tamaño de la pieza/, '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('Escribe un número mayor que 0 y como máximo 1', {}, { timeout: 4000 }),
    ).toBeTruthy();
    type(/^Tamaño de la pieza/, '0.5');
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(api!.requests.some((r) => r.method === 'PUT')).toBe(true), { timeout: 4000 });
    expect(JSON.parse(api.requests.find((r) => r.method === 'PUT')!.body)).toMatchObject({
      type: 'floor',
      pattern: 'planks',
      tileScale: 0.5,
      category: null,
      unit: 'square_metre',
      styles: ['scandinavian'],
      roomTypes: ['livingroom'],
    });
  });

  it('previews a new picture and uploads it as multipart; a large file is refused before sending', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    api = await openProducts('products/roble-natural');
    expect(await screen.findByRole('img', { name: 'Foto actual' }, { timeout: 4000 })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const upload = screen.getByRole('button', { name: 'Subir foto' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('La foto ocupa más de 2 MB')).toBeTruthy();
    expect(upload.disabled).toBe(true);

    const photo = new File(['not really a png'], 'sofa.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    const preview = await screen.findByRole('img', { name: 'Foto nueva, sin subir' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    fireEvent.click(upload);

    expect(await screen.findByText('Foto actualizada', {}, { timeout: 4000 })).toBeTruthy();
    const sent = api.requests.find((r) => r.url === '/data/admin/products/roble-natural/picture')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers.authorization).toBe('Bearer token-admin');
    expect(sent.body).toContain('name="picture"; filename="sofa.png"');
    expect(sent.body).toContain('not really a png');
  });
});
