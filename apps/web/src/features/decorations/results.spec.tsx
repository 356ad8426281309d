import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '@estancia/contracts';
import { AppProviders } from '../../app/AppProviders';
import { i18n } from '../../shared/i18n';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { CompareSlider } from './components/CompareSlider';
import { aDecoration, anImage, aProjectDetail, aReadyDecoration, PROJECT_ID } from './test-data';
import { clampView, fitIn, FIT, panBy, zoomAt } from './zoom';

vi.mock('../realtime/realtime', async (original) => ({
  ...(await original<typeof import('../realtime/realtime')>()),
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const DETAIL = `GET project/${PROJECT_ID}`;
// The CSS pointer-events walk up MUI's styled ancestors is the slow part of each click here, and tells nothing.
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, skipHover: true });

// The route loads the page's code on demand: load it once here, not inside the first test's wait.
beforeAll(async () => {
  await import('./components/ProjectPage');
});

async function openProject(detail: ProjectDetail) {
  const api = fakeApi({ [DETAIL]: { body: detail } });
  session.signIn({ token: 'tok-1', user: aUser({ credits: 5 }) });
  const view = renderApp(`/project/${PROJECT_ID}`);
  await screen.findByRole('heading', { level: 1, name: detail.propertyName });
  return { ...view, api };
}

function renderSlider() {
  render(
    <AppProviders>
      <CompareSlider
        before="/before.jpg"
        after="/after.jpg"
        beforeAlt="Foto original 1"
        afterAlt="Foto 1 decorada"
        label="Comparar antes y después de la foto 1"
      />
    </AppProviders>,
  );
  return screen.getByRole('slider', { name: 'Comparar antes y después de la foto 1' });
}

const value = (slider: HTMLElement) => Number(slider.getAttribute('aria-valuenow'));
const clipOfAfter = () => (screen.getByAltText('Foto 1 decorada') as HTMLImageElement).style.clipPath;

describe('CompareSlider', () => {
  beforeEach(resetApp);

  it('is a labelled slider in the middle, with the original marked "Antes" and the result "Después"', () => {
    const slider = renderSlider();
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(value(slider)).toBe(50);
    expect(slider.getAttribute('aria-valuetext')).toBe('50 % antes, 50 % después');
    expect(slider.tabIndex).toBe(0);
    expect(screen.getByText('Antes')).toBeTruthy();
    expect(screen.getByText('Después')).toBeTruthy();
    expect(clipOfAfter()).toBe('inset(0 0 0 50%)');
  });

  it('moves with the arrow keys, Page Up/Down, Home and End, never past either end', async () => {
    const slider = renderSlider();
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(value(slider)).toBe(55);
    await user.keyboard('{ArrowUp}');
    expect(value(slider)).toBe(60);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(value(slider)).toBe(45);
    await user.keyboard('{PageUp}');
    expect(value(slider)).toBe(65);
    await user.keyboard('{PageDown}{PageDown}');
    expect(value(slider)).toBe(25);
    await user.keyboard('{End}');
    expect(value(slider)).toBe(100);
    expect(slider.getAttribute('aria-valuetext')).toBe('100 % antes, 0 % después');
    await user.keyboard('{ArrowRight}{PageUp}');
    expect(value(slider)).toBe(100);
    await user.keyboard('{Home}');
    expect(value(slider)).toBe(0);
    await user.keyboard('{ArrowLeft}');
    expect(value(slider)).toBe(0);
    expect(clipOfAfter()).toBe('inset(0 0 0 0%)');
  });

  it('follows a pointer or a finger dragged across the photo', () => {
    const slider = renderSlider();
    const frame = screen.getByTestId('compare-slider');
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 0, width: 400, height: 300 }),
    );
    fireEvent.pointerDown(frame, { pointerId: 1, pointerType: 'touch', clientX: 200, button: 0 });
    expect(value(slider)).toBe(25);
    fireEvent.pointerMove(frame, { pointerId: 1, pointerType: 'touch', clientX: 400 });
    expect(value(slider)).toBe(75);
    // Past the edge it stops at the end.
    fireEvent.pointerMove(frame, { pointerId: 1, pointerType: 'touch', clientX: 900 });
    expect(value(slider)).toBe(100);
    fireEvent.pointerUp(frame, { pointerId: 1, pointerType: 'touch', clientX: 900 });
    // Released: moving without pressing does nothing.
    fireEvent.pointerMove(frame, { pointerId: 1, pointerType: 'mouse', clientX: 300 });
    expect(value(slider)).toBe(100);
    // A right click is not a drag.
    fireEvent.pointerDown(frame, { pointerId: 2, pointerType: 'mouse', clientX: 300, button: 2 });
    expect(value(slider)).toBe(100);
  });
});

describe('result cards', () => {
  beforeEach(resetApp);

  it('are named by room type and style in the interface language, in the photos’ order', async () => {
    await openProject(
      aProjectDetail({
        images: [anImage('img-1'), anImage('img-2'), anImage('img-3')],
        decorations: [
          aReadyDecoration('d1', 'img-1', { roomType: 'livingroom', style: 'scandinavian' }),
          aDecoration('d2', 'img-2', { roomType: 'kitchen', style: 'rustic' }),
        ],
      }),
    );
    const names = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(names).toEqual(['Foto 1: Salón · Escandinavo', 'Foto 2: Cocina · Rústico', 'Foto 3']);
    const first = screen.getByRole('article', { name: 'Foto 1: Salón · Escandinavo' });
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('Salón · Escandinavo');
    for (const card of screen.getAllByRole('article')) {
      expect(card.textContent).not.toMatch(/\bd[123]\b|img-/);
    }

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('article', { name: 'Photo 1: Living room · Scandinavian' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Photo 2: Kitchen · Rustic' })).toBeTruthy();
  });

  it('shows a supervised decoration’s stage and its due or delivery date', async () => {
    const dueAt = '2026-03-12T13:00:00.000Z';
    const date = (iso: string) =>
      new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    await openProject(
      aProjectDetail({
        images: [anImage('img-1'), anImage('img-2'), anImage('img-3'), anImage('img-4')],
        decorations: [
          aDecoration('d1', 'img-1', {
            type: 'supervised',
            awaitingReview: true,
            supervision: { stage: 'queued', dueAt, deliveredAt: null },
          }),
          aDecoration('d2', 'img-2', {
            type: 'supervised',
            awaitingReview: true,
            roomType: 'bedroom',
            supervision: { stage: 'in_review', dueAt, deliveredAt: null },
          }),
          aReadyDecoration('d3', 'img-3', {
            type: 'supervised',
            roomType: 'kitchen',
            supervision: { stage: 'delivered', dueAt, deliveredAt: '2026-03-11T09:30:00.000Z' },
          }),
          aReadyDecoration('d4', 'img-4', { roomType: 'bathroom' }),
        ],
      }),
    );
    const card = (name: string) => screen.getByRole('article', { name });
    const queued = card('Foto 1: Salón · Moderno');
    expect(within(queued).getByText('En cola')).toBeTruthy();
    expect(within(queued).getByText(`Entrega prevista: ${date(dueAt)}`)).toBeTruthy();
    const inReview = card('Foto 2: Dormitorio · Moderno');
    expect(within(inReview).getByText('Con un decorador')).toBeTruthy();
    expect(within(inReview).getByText(`Entrega prevista: ${date(dueAt)}`)).toBeTruthy();
    const delivered = card('Foto 3: Cocina · Moderno');
    expect(within(delivered).getByText('Entregada')).toBeTruthy();
    expect(within(delivered).getByText(`Entregada el ${date('2026-03-11T09:30:00.000Z')}`)).toBeTruthy();
    const automatic = card('Foto 4: Baño · Moderno');
    expect(within(automatic).queryByText(/Entrega prevista|En cola/)).toBeNull();
  });
});

describe('result viewer', () => {
  beforeEach(resetApp);

  const threeResults = () =>
    aProjectDetail({
      images: [anImage('img-1'), anImage('img-2'), anImage('img-3'), anImage('img-4')],
      decorations: [
        aReadyDecoration('d1', 'img-1', { roomType: 'livingroom', style: 'scandinavian' }),
        // Still rendering: not in the viewer.
        aDecoration('d2', 'img-2', { roomType: 'bathroom' }),
        aReadyDecoration('d3', 'img-3', { roomType: 'kitchen', style: 'rustic' }),
        aReadyDecoration('d4', 'img-4', { roomType: 'bedroom', style: 'classic' }),
      ],
    });
  // Queries scoped to the dialog: the whole page behind it makes every unscoped role query slow.
  let viewer: HTMLElement;
  const title = () => within(viewer).getByRole('heading', { level: 2 }).textContent;

  const openViewer = async (n: number, title: string) => {
    await openProject(threeResults());
    await user.click(screen.getByLabelText(`Ver la foto ${n} a pantalla completa`));
    viewer = await screen.findByRole('dialog', { name: title });
    return viewer;
  };

  it('opens a ready result full screen, large, from its card', async () => {
    const dialog = await openViewer(3, 'Cocina · Rústico');
    // A result still rendering has nothing to show.
    expect(screen.queryByLabelText('Ver la foto 2 a pantalla completa')).toBeNull();
    expect(within(dialog).getByText('Resultado 2 de 3 · foto 3')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Foto 3 decorada' }).getAttribute('src')).toBe(
      '/data/media/result-d3',
    );
  });

  it('goes to the next and previous result with its buttons, round the ends', async () => {
    const dialog = await openViewer(3, 'Cocina · Rústico');
    await user.click(within(dialog).getByRole('button', { name: 'Resultado siguiente' }));
    expect(title()).toBe('Dormitorio · Clásico');
    expect(within(viewer).getByText('Resultado 3 de 3 · foto 4')).toBeTruthy();
    await user.click(within(viewer).getByRole('button', { name: 'Resultado siguiente' }));
    expect(title()).toBe('Salón · Escandinavo');
    await user.click(within(viewer).getByRole('button', { name: 'Resultado anterior' }));
    expect(title()).toBe('Dormitorio · Clásico');
  });

  it('goes through the results with the arrow keys and closes with Escape', async () => {
    await openViewer(1, 'Salón · Escandinavo');
    await user.keyboard('{ArrowRight}');
    expect(title()).toBe('Cocina · Rústico');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(title()).toBe('Dormitorio · Clásico');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with Escape after "fit to screen", whose button turns disabled under the focus', async () => {
    const dialog = await openViewer(1, 'Salón · Escandinavo');
    const zoom = within(dialog).getByRole('group', { name: 'Zoom' });
    await user.click(within(zoom).getByRole('button', { name: 'Acercar' }));
    await user.click(within(zoom).getByRole('button', { name: 'Ajustar a la pantalla' }));
    // As in the browser: the disabled button lets the focus fall to the page, outside the dialog, and the
    // key goes to the page's body before the dialog's focus trap takes the focus back.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('zooms with the buttons and keys, and starts fitted on each photo', async () => {
    const dialog = await openViewer(1, 'Salón · Escandinavo');
    const zoom = within(dialog).getByRole('group', { name: 'Zoom' });
    expect(within(zoom).getByText('100 %')).toBeTruthy();
    expect(within(zoom).getByRole('button', { name: 'Alejar' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(zoom).getByRole('button', { name: 'Acercar' }));
    expect(within(zoom).getByText('150 %')).toBeTruthy();
    await user.keyboard('+');
    expect(within(zoom).getByText('225 %')).toBeTruthy();
    await user.keyboard('-');
    expect(within(zoom).getByText('150 %')).toBeTruthy();
    await user.click(within(zoom).getByRole('button', { name: 'Ajustar a la pantalla' }));
    expect(within(zoom).getByText('100 %')).toBeTruthy();
    await user.keyboard('+{ArrowRight}');
    expect(title()).toBe('Cocina · Rústico');
    expect(within(zoom).getByText('100 %')).toBeTruthy();
  });

  it('shows the original, the result or both, the divider keeping its own arrow keys', async () => {
    const dialog = await openViewer(3, 'Cocina · Rústico');
    await user.click(within(dialog).getByRole('button', { name: 'Antes' }));
    expect(within(dialog).getByRole('img', { name: 'Foto original 3' }).getAttribute('src')).toBe(
      '/data/media/preview-img-3',
    );
    expect(within(dialog).queryByRole('img', { name: 'Foto 3 decorada' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    const slider = within(dialog).getByRole('slider', { name: 'Comparar antes y después de la foto 3' });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider.getAttribute('aria-valuenow')).toBe('55');
    expect(title()).toBe('Cocina · Rústico');
  });

  it('closes with its button, back to the project page', async () => {
    const dialog = await openViewer(4, 'Dormitorio · Clásico');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('article', { name: 'Foto 4: Dormitorio · Clásico' })).toBeTruthy();
  });
});

describe('zoom and pan', () => {
  const stage = { width: 1000, height: 800 };

  it('fits the picture in the stage keeping its proportions', () => {
    expect(fitIn(stage, { width: 1600, height: 1200 })).toEqual({ width: 1000, height: 750 });
    expect(fitIn(stage, { width: 600, height: 1200 })).toEqual({ width: 400, height: 800 });
  });

  it('zooms around the pointer and never pans the picture off its edges', () => {
    const content = { width: 1000, height: 750 };
    // Zooming ×2 at the right edge keeps that point under the pointer.
    const view = zoomAt(FIT, 2, { x: 500, y: 0 }, content, stage);
    expect(view).toEqual({ scale: 2, x: -500, y: 0 });
    expect(panBy(view, -300, 0, content, stage).x).toBe(-500);
    expect(panBy(view, 2000, 900, content, stage)).toEqual({ scale: 2, x: 500, y: 350 });
    expect(clampView({ scale: 0.5, x: 40, y: 40 }, content, stage)).toEqual(FIT);
    expect(zoomAt(FIT, 50, { x: 0, y: 0 }, content, stage).scale).toBe(6);
  });
});
