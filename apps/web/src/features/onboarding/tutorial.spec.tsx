import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { aUser, fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

const tutorial = (page: string) => screen.queryByRole('region', { name: `Tutorial: ${page}` });

describe('first-use tutorials', () => {
  beforeEach(resetApp);

  it('shows the MyProjects tutorial once, step by step, skippable, and brings it back on demand', async () => {
    fakeApi({ 'GET project': { body: { items: [], total: 0, page: 1, pageSize: 12 } } });
    session.signIn({ token: 'tok-1', user: subscribed() });
    const first = renderApp('/my-projects');
    await screen.findByRole('heading', { level: 1, name: 'Mis proyectos' });
    const region = tutorial('Mis proyectos') as HTMLElement;
    expect(within(region).getByText('Paso 1 de 4')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Un proyecto por inmueble' })).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Siguiente' }));
    expect(within(region).getByText('Paso 2 de 4')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Sube tus fotos' })).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Saltar tutorial' }));
    expect(tutorial('Mis proyectos')).toBeNull();
    first.unmount();

    // Remembered: not shown again by itself, and "Ver tutorial" opens it at its first step.
    renderApp('/my-projects');
    await screen.findByRole('heading', { level: 1, name: 'Mis proyectos' });
    expect(tutorial('Mis proyectos')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver tutorial' }));
    expect(within(tutorial('Mis proyectos') as HTMLElement).getByText('Paso 1 de 4')).toBeTruthy();
  });

  it('walks the NewProject tutorial to its end', async () => {
    fakeApi();
    session.signIn({ token: 'tok-1', user: aUser({ credits: 3 }) });
    renderApp('/new-project');
    await screen.findByRole('heading', { level: 1, name: 'Nuevo proyecto' });
    const region = tutorial('Nuevo proyecto') as HTMLElement;
    const titles = [within(region).getByRole('heading').textContent];
    for (let i = 0; i < 3; i++) {
      await userEvent.click(within(region).getByRole('button', { name: 'Siguiente' }));
      titles.push(within(region).getByRole('heading').textContent);
    }
    expect(titles).toEqual(['Ponle nombre', 'Añade las fotos', 'Elige cómo decorarlas', 'Revisa el coste']);
    await userEvent.click(within(region).getByRole('button', { name: 'Entendido' }));
    expect(tutorial('Nuevo proyecto')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver tutorial' })).toBeTruthy();
    // The page itself stays usable while the tutorial is open or closed.
    expect(screen.getByLabelText('Nombre del inmueble')).toBeTruthy();
  });
});
