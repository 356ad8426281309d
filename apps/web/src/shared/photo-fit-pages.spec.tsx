import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi } from '../test/fake-api';
import { renderApp, resetApp } from '../test/render-app';
import { session } from '../features/session/session';
import {
  aDecoration,
  anImage,
  aPhoto,
  aProject,
  aProjectDetail,
  PROJECT_ID,
} from '../features/decorations/test-data';
import { wizardDrafts } from '../features/decorations/wizard-draft';
import { aFreeTry } from '../features/free-try/test-data';

vi.mock('../features/realtime/realtime', () => ({
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const MB = 1024 * 1024;
const REDUCED = /Foto reducida de 6,0 MB a 1,8 MB para poder subirla\./;

/**
 * The browser's decoder and canvas, played by the test: a 12 MP phone photo whose JPEG bytes follow the
 * area and the quality. A file named "roto…" cannot be decoded.
 */
function phoneBrowser() {
  const close = vi.fn();
  class FakeCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
    }
    async convertToBlob({ quality = 0.92 }: { quality?: number } = {}) {
      const bytes = Math.round(this.width * this.height * 0.6 * quality * quality);
      return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: File) => {
      if (file.name.startsWith('roto')) throw new DOMException('The source image could not be decoded.');
      return { width: 4032, height: 3024, close };
    }),
  );
  return { close };
}

/** The uploads as the API received them: each file's name and size. */
function recordUploads(inner: typeof fetch) {
  const files: { name: string; size: number; type: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) {
        for (const value of init.body.values()) {
          if (value instanceof File) files.push({ name: value.name, size: value.size, type: value.type });
        }
        return inner(input, { ...init, body: JSON.stringify({}) });
      }
      return inner(input, init);
    }),
  );
  return files;
}

describe('phone photos over 2 MB are reduced in the browser before they are sent', () => {
  // The routes load their pages on demand: load them once here, not inside each test's wait.
  beforeAll(async () => {
    await Promise.all([
      import('../features/decorations/components/NewProjectPage'),
      import('../features/decorations/components/ProjectPage'),
      import('../features/free-try/components/FreeTryPage'),
    ]);
  });
  beforeEach(async () => {
    // The wizard keeps a draft per customer: none is left by an earlier test.
    await wizardDrafts.clear(aUser().id);
    await resetApp();
  });

  async function openWizard() {
    session.signIn({ token: 'tok-1', user: aUser({ credits: 5 }) });
    const app = renderApp('/new-project');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo proyecto' }, { timeout: 5000 });
    return app;
  }

  it('in the new project wizard: the reduction is said on the photo, a refusal beside the photos', async () => {
    const { close } = phoneBrowser();
    fakeApi();
    await openWizard();
    await userEvent.upload(screen.getByLabelText('Fotos del inmueble'), [
      aPhoto('IMG_0001.jpg', 6 * MB),
      aPhoto('roto.jpg', 7 * MB),
    ]);
    const photo = await screen.findByRole('region', { name: 'Foto 1: IMG_0001.jpg' });
    expect((await within(photo).findByText(REDUCED)).getAttribute('role')).toBe('status');
    // The photo that could not be reduced is not a photo of the project; its refusal names it.
    const refusal = await screen.findByText('roto.jpg: La imagen supera el máximo de 2 MB.');
    expect(screen.queryByRole('region', { name: /roto\.jpg/ })).toBeNull();
    expect(close).toHaveBeenCalledOnce();
    await userEvent.click(
      within(refusal.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Quitar el aviso de roto.jpg',
      }),
    );
    expect(screen.queryByText(/roto\.jpg:/)).toBeNull();
  });

  it('in the new project wizard: the project is made with the reduced photo', async () => {
    phoneBrowser();
    const api = fakeApi({
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: { body: { images: [anImage('img-1')] } },
      [`POST project/${PROJECT_ID}/decorations`]: {
        status: 201,
        body: { decorations: [aDecoration('d1', 'img-1')], balance: 4 },
      },
      [`GET project/${PROJECT_ID}`]: {
        body: aProjectDetail({ images: [anImage('img-1')], decorations: [aDecoration('d1', 'img-1')] }),
      },
    });
    const sent = recordUploads(api.fetch as unknown as typeof fetch);
    const app = await openWizard();
    await userEvent.upload(screen.getByLabelText('Fotos del inmueble'), aPhoto('IMG_0001.jpg', 6 * MB));
    expect(await screen.findByText(REDUCED)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Nombre del inmueble'));
    await userEvent.paste('Piso Sants');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    await waitFor(() => expect(app.location().pathname).toBe(`/project/${PROJECT_ID}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(sent[0].size).toBeLessThanOrEqual(2 * MB);
  });

  it('when adding a photo to a project: the reduction, then the upload', async () => {
    phoneBrowser();
    const api = fakeApi({
      [`GET project/${PROJECT_ID}`]: { body: aProjectDetail({ images: [anImage('img-1')] }) },
      [`POST project/${PROJECT_ID}/images`]: { body: { images: [anImage('img-2')] } },
    });
    const sent = recordUploads(api.fetch as unknown as typeof fetch);
    session.signIn({ token: 'tok-1', user: aUser({ credits: 5 }) });
    renderApp(`/project/${PROJECT_ID}`);
    await userEvent.upload(
      await screen.findByLabelText('Nueva foto del inmueble', {}, { timeout: 5000 }),
      aPhoto('IMG_0002.jpg', 6 * MB),
    );
    expect(await screen.findByText(REDUCED, { exact: false })).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].size).toBeLessThanOrEqual(2 * MB);

    // A photo the browser cannot reduce is refused beside the picker, and nothing is sent.
    await userEvent.upload(screen.getByLabelText('Nueva foto del inmueble'), aPhoto('roto.jpg', 3 * MB));
    expect(await screen.findByText('roto.jpg: La imagen supera el máximo de 2 MB.')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('in the free try: the reduction is said under the photo, and the reduced photo is decorated', async () => {
    phoneBrowser();
    const api = fakeApi({ 'POST free-try': { status: 201, body: aFreeTry() } });
    const sent = recordUploads(api.fetch as unknown as typeof fetch);
    renderApp('/try-free');
    await screen.findByRole('heading', { level: 1, name: 'Prueba gratis' }, { timeout: 5000 });
    await userEvent.upload(screen.getByLabelText('Foto de la estancia'), aPhoto('IMG_0003.jpg', 6 * MB));
    expect(await screen.findByText(REDUCED)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tu foto: IMG_0003.jpg' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Decorar gratis' }));
    await screen.findByRole('heading', { level: 2, name: 'Tu estancia decorada' });
    expect(sent).toHaveLength(1);
    expect(sent[0].size).toBeLessThanOrEqual(2 * MB);
  });
});
