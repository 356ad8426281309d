import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '@estancia/contracts';
import { realtimeHandlers } from '../realtime/realtime';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { aDecoration, anImage, aProjectDetail, aReadyDecoration, PROJECT_ID } from './test-data';

// The app's real event handlers, without a socket: the test plays the server's events.
vi.mock('../realtime/realtime', async (original) => ({
  ...(await original<typeof import('../realtime/realtime')>()),
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const DETAIL = `GET project/${PROJECT_ID}`;

// The route loads the page's code on demand: load it once here, not inside the first test's wait.
beforeAll(async () => {
  await import('./components/ProjectPage');
});

async function openProject(detail: ProjectDetail, credits = 5) {
  const api = fakeApi({ [DETAIL]: { body: detail } });
  session.signIn({ token: 'tok-1', user: aUser({ credits }) });
  const view = renderApp(`/project/${PROJECT_ID}`);
  await screen.findByRole('heading', { level: 1, name: detail.propertyName });
  return { ...view, api };
}

const progress = (n: number) =>
  screen.getByRole('progressbar', { name: `Progreso de la decoración de la foto ${n}` });

describe('project view', () => {
  beforeEach(resetApp);

  it('moves the progress bar on DecorationProgress and shows the result after the confirmation', async () => {
    const pending = aDecoration('d1', 'img-1', { stage: 'queued', percent: 0 });
    const { api } = await openProject(aProjectDetail({ images: [anImage('img-1')], decorations: [pending] }));
    expect(progress(1).getAttribute('aria-valuenow')).toBe('0');
    const calls = api.callsTo(DETAIL).length;

    act(() =>
      realtimeHandlers.DecorationProgress?.({
        decorationId: 'd1',
        projectId: PROJECT_ID,
        stage: 'rendering',
        percent: 60,
      }),
    );
    await waitFor(() => expect(progress(1).getAttribute('aria-valuenow')).toBe('60'));
    expect(screen.getByText('Decorando · 60%')).toBeTruthy();
    // A late, lower event does not move the bar back.
    act(() =>
      realtimeHandlers.DecorationProgress?.({
        decorationId: 'd1',
        projectId: PROJECT_ID,
        stage: 'analysing',
        percent: 20,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(progress(1).getAttribute('aria-valuenow')).toBe('60');
    expect(api.callsTo(DETAIL)).toHaveLength(calls);

    api.set(DETAIL, {
      body: aProjectDetail({
        images: [anImage('img-1')],
        decorations: [
          { ...pending, state: 'ready', stage: 'ready', percent: 100, resultUrl: '/data/media/result-1' },
        ],
      }),
    });
    act(() => realtimeHandlers.SendProjectDecorationConfirm?.(PROJECT_ID));
    const slider = await screen.findByRole('slider', { name: 'Comparar antes y después de la foto 1' });
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByRole('img', { name: 'Foto 1 decorada' }).getAttribute('src')).toBe(
      '/data/media/result-1',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows supervised decorations as pending for up to 48 working hours and failures with their text', async () => {
    await openProject(
      aProjectDetail({
        images: [anImage('img-1'), anImage('img-2'), anImage('img-3')],
        decorations: [
          aDecoration('d1', 'img-1', {
            type: 'supervised',
            awaitingReview: true,
            percent: 100,
            stage: 'ready',
          }),
          aDecoration('d2', 'img-2', { state: 'failed', stage: 'failed', failure: 'GENERATION_TIMEOUT' }),
          aDecoration('d3', 'img-3', { state: 'failed', stage: 'failed', failure: 'GENERATION_ERROR' }),
        ],
      }),
    );
    expect(screen.getByText('Supervisada: la tendrás en un máximo de 48 horas laborables.')).toBeTruthy();
    expect(
      screen.getByText('La generación ha superado el tiempo máximo de espera. Inténtalo de nuevo.'),
    ).toBeTruthy();
    expect(screen.getByText('Ha habido un error al generar la imagen. Inténtalo de nuevo.')).toBeTruthy();
  });

  it('redoes a decoration from the image menu, charging the redo cost', async () => {
    const ready = aDecoration('d1', 'img-1', {
      state: 'ready',
      stage: 'ready',
      percent: 100,
      resultUrl: '/r1',
    });
    const { api } = await openProject(
      aProjectDetail({ images: [anImage('img-1')], decorations: [ready] }),
      5,
    );
    api.set('POST decoration/d1/redo', { status: 201, body: { ...ready, state: 'pending', percent: 0 } });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones de la foto 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Volver a decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volver a decorar' });
    expect(within(dialog).getByText('Coste: 1 crédito')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver a decorar' }));
    await waitFor(() => expect(api.callsTo('POST decoration/d1/redo')).toHaveLength(1));
    expect(api.callsTo('POST decoration/d1/redo')[0].body).toEqual({
      roomType: 'livingroom',
      style: 'modern',
    });
    await waitFor(() => expect(session.getState().user?.credits).toBe(4));
  });

  it('shows the balance the API has after a redo, even when the push told it before the answer', async () => {
    const ready = aReadyDecoration('d1', 'img-1');
    const { api } = await openProject(
      aProjectDetail({ images: [anImage('img-1')], decorations: [ready] }),
      2,
    );
    api.set('POST decoration/d1/redo', () => {
      // The API pushes UserConfirmation (balance 1) before it answers the redo.
      act(() => realtimeHandlers.UserConfirmation?.(aUser({ credits: 1 })));
      return { status: 201, body: { ...ready, state: 'pending', percent: 0 } };
    });
    api.set('GET wallet', { body: { balance: 1 } });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones de la foto 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Volver a decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volver a decorar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver a decorar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Volver a decorar' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET wallet')).toHaveLength(1));
    expect(session.getState().user?.credits).toBe(1);
    expect(screen.getByTestId('credits').textContent).toBe('1 crédito');
  });

  it('downloads all and the selected results with the bearer token', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const { api } = await openProject(
      aProjectDetail({
        images: [anImage('img-1'), anImage('img-2')],
        decorations: [
          aDecoration('d1', 'img-1', { state: 'ready', stage: 'ready', percent: 100, resultUrl: '/r1' }),
          aDecoration('d2', 'img-2', { state: 'ready', stage: 'ready', percent: 100, resultUrl: '/r2' }),
        ],
      }),
    );
    api.set(`GET project/${PROJECT_ID}/download`, { body: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar todo' }));
    await waitFor(() => expect(api.callsTo(`GET project/${PROJECT_ID}/download`)).toHaveLength(1));
    expect(api.callsTo(`GET project/${PROJECT_ID}/download`)[0].headers.Authorization).toBe('Bearer tok-1');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar imagen 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descargar seleccionadas' }));
    await waitFor(() => expect(api.callsTo(`GET project/${PROJECT_ID}/download`)).toHaveLength(2));
    const url = String(
      api.fetch.mock.calls.map(([input]) => String(input)).findLast((u) => u.includes('/download')),
    );
    expect(new URL(url, 'http://localhost').searchParams.get('ids')).toBe('d2');
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    createObjectURL.mockRestore();
  });
});

describe('project view: the structure guard and free redos', () => {
  beforeEach(resetApp);

  const STRUCTURE = 'La estructura de la habitación puede haber cambiado';
  const FREE_NEXT = 'Tu próxima redecoración es gratis';
  const card = (n: number) => screen.getByRole('article', { name: new RegExp(`^Foto ${n}(:|$)`) });

  it('warns on a result whose structure changed, and only there', async () => {
    await openProject(
      aProjectDetail({
        images: [anImage('img-1'), anImage('img-2'), anImage('img-3')],
        decorations: [
          aReadyDecoration('d1', 'img-1', { structureChanged: true, freeRedo: true }),
          aReadyDecoration('d2', 'img-2'),
          aReadyDecoration('d3', 'img-3', { structureChanged: true, freeRedo: false }),
        ],
      }),
    );
    const flagged = within(card(1)).getByRole('alert');
    expect(within(flagged).getByText(STRUCTURE)).toBeTruthy();
    expect(within(flagged).getByText(FREE_NEXT)).toBeTruthy();
    expect(within(card(2)).queryByText(STRUCTURE)).toBeNull();
    // The free redo was already used: the warning stays, the promise does not.
    expect(within(card(3)).getByText(STRUCTURE)).toBeTruthy();
    expect(within(card(3)).queryByText(FREE_NEXT)).toBeNull();
  });

  it('shows a free redo as costing nothing and leaves the balance as it was', async () => {
    const ready = aReadyDecoration('d1', 'img-1', { structureChanged: true, freeRedo: true });
    const { api } = await openProject(
      aProjectDetail({ images: [anImage('img-1')], decorations: [ready] }),
      0,
    );
    api.set('POST decoration/d1/redo', {
      status: 201,
      body: { ...ready, state: 'pending', percent: 0, freeRedo: false },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones de la foto 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Volver a decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volver a decorar' });
    expect(within(dialog).getByText('Coste: gratis (0 créditos)')).toBeTruthy();
    expect(within(dialog).queryByText('Coste: 1 crédito')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver a decorar' }));
    await waitFor(() => expect(api.callsTo('POST decoration/d1/redo')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Necesitas más créditos' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Volver a decorar' })).toBeNull());
    expect(session.getState().user?.credits).toBe(0);
  });

  it('offers emptying the room when ordering a photo from the project, when the engine can', async () => {
    const { api } = await openProject(aProjectDetail({ images: [anImage('img-1')] }), 5);
    api.set('GET platform/engine', { body: { emptiesRooms: true } });
    api.set(`POST project/${PROJECT_ID}/decorations`, {
      status: 201,
      body: { decorations: [aDecoration('d1', 'img-1')], balance: 4 },
    });
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decorar la foto' });
    await userEvent.click(
      await within(dialog).findByRole('switch', { name: 'Vaciar la habitación antes de decorar' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decorar' }));
    await waitFor(() => expect(api.callsTo(`POST project/${PROJECT_ID}/decorations`)).toHaveLength(1));
    expect(api.callsTo(`POST project/${PROJECT_ID}/decorations`)[0].body).toEqual({
      items: [
        { imageId: 'img-1', roomType: 'livingroom', style: 'modern', type: 'automatic', emptyRoom: true },
      ],
    });
  });
});
