import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '@estancia/contracts';
import { AppProviders } from '../../app/AppProviders';
import { session } from '../session/session';
import { aUser, fakeApi, subscribed } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { packs, plans as planList } from '../billing/test-data';
import { DecorateDialog } from './components/DecorationDialogs';
import { wizardDrafts } from './wizard-draft';
import {
  aDecoration,
  anImage,
  aPhoto,
  aProject,
  aProjectDetail,
  aReadyDecoration,
  PROJECT_ID,
  recordMultipart,
} from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

/** As the plans' data says: STARTER has the basic rooms and styles only, PRO has them all. */
const PLANS: Plan[] = planList.map((plan) =>
  plan.code === 'STARTER' ? { ...plan, rights: { ...plan.rights, allRoomsAndStyles: false } } : plan,
);
const OFFERS = { 'GET billing/plans': { body: PLANS }, 'GET billing/packs': { body: packs } };
const USER_ID = aUser().id;
const ORDER = `POST project/${PROJECT_ID}/decorations`;

beforeAll(async () => {
  await import('./components/NewProjectPage');
  await import('./components/ProjectPage');
});

async function openWizard(user = aUser({ credits: 10 }), routes = {}) {
  const api = fakeApi({ ...OFFERS, ...routes });
  session.signIn({ token: 'tok-1', user });
  const view = renderApp('/new-project');
  await screen.findByRole('heading', { level: 1, name: 'Nuevo proyecto' });
  await userEvent.upload(screen.getByLabelText('Fotos del inmueble'), aPhoto('salon.jpg'));
  return { ...view, api };
}

/** The options of a select, by name, once it is opened. */
async function optionsOf(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  return (name: string) => within(list).getByRole('option', { name: new RegExp(`^${name}`) });
}
const isDisabled = (option: HTMLElement) => option.getAttribute('aria-disabled') === 'true';

describe('rooms and styles outside the plan', () => {
  beforeEach(async () => {
    await wizardDrafts.clear(USER_ID);
    window.sessionStorage.clear();
    await resetApp();
  });

  it('shows them locked, with the plan that has them and a link to the plans, for a customer without a plan', async () => {
    await openWizard();
    const hint = await screen.findByText(
      /Las estancias y estilos con candado están incluidos en Pro y superiores\./,
    );
    expect(within(hint).getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/offers');

    const room = await optionsOf('Tipo de estancia de la foto 1');
    expect(isDisabled(room('Despacho'))).toBe(true);
    expect(room('Despacho').textContent).toContain('En Pro y superiores');
    expect(isDisabled(room('Dormitorio individual'))).toBe(true);
    expect(isDisabled(room('Baño'))).toBe(false);
    // A locked one cannot be chosen.
    await expect(userEvent.click(room('Despacho'))).rejects.toThrow(/pointer-events: none/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Tipo de estancia de la foto 1' }).textContent).toBe('Salón');

    const style = await optionsOf('Estilo de la foto 1');
    for (const locked of ['Industrial', 'Rústico', 'Costero', 'Housfy'])
      expect(isDisabled(style(locked))).toBe(true);
    for (const open of ['Moderno', 'Clásico', 'Escandinavo', 'Mediterráneo'])
      expect(isDisabled(style(open))).toBe(false);
    // "Coming soon" stays what it was, without the plan's badge.
    expect(style('Tropical').textContent).not.toContain('Pro');
    await userEvent.click(style('Clásico'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Estilo de la foto 1' }).textContent).toBe('Clásico'),
    );
  });

  it('locks them for STARTER too, from its data, and unlocks them all for PRO', async () => {
    const starter = await openWizard({ ...subscribed('STARTER'), credits: 10 });
    await screen.findByText(/Las estancias y estilos con candado están incluidos en Pro/);
    expect(isDisabled((await optionsOf('Estilo de la foto 1'))('Bohemio'))).toBe(true);
    starter.unmount();

    await resetApp();
    const pro = await openWizard({ ...subscribed('PRO'), credits: 10 });
    // Once PRO's data is in, nothing is locked and no hint is shown.
    await waitFor(() => expect(pro.api.callsTo('GET billing/plans')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isDisabled((await optionsOf('Estilo de la foto 1'))('Bohemio'))).toBe(false);
    expect(screen.queryByText(/con candado/)).toBeNull();
  });

  it('leaves for the plans without asking about unsaved changes, keeping the draft', async () => {
    const { location } = await openWizard();
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(await screen.findByRole('link', { name: 'Ver planes' }));
    await waitFor(() => expect(location().pathname).toBe('/offers'));
    expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull();
    await waitFor(async () => expect((await wizardDrafts.load(USER_ID))?.propertyName).toBe('Piso Gràcia'));
  });

  it('keeps a redone decoration’s own style choosable, and locks the others', async () => {
    fakeApi(OFFERS);
    session.signIn({ token: 'tok-1', user: aUser() });
    render(
      <AppProviders>
        <MemoryRouter>
          <DecorateDialog
            n={1}
            decoration={aReadyDecoration('d1', 'img-1', { roomType: 'office', style: 'rustic' })}
            busy={false}
            onClose={vi.fn()}
            onConfirm={vi.fn()}
          />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByText(/con candado/);
    const style = await optionsOf('Estilo de la foto 1');
    expect(isDisabled(style('Rústico'))).toBe(false);
    expect(isDisabled(style('Industrial'))).toBe(true);
    await userEvent.keyboard('{Escape}');
    const room = await optionsOf('Tipo de estancia de la foto 1');
    expect(isDisabled(room('Despacho'))).toBe(false);
    expect(isDisabled(room('Estudio'))).toBe(true);
  });
});

describe('the free try', () => {
  beforeEach(resetApp);

  it('offers a visitor what a new customer can order, and says which rooms and styles need a plan', async () => {
    fakeApi(OFFERS);
    renderApp('/try-free');
    await screen.findByRole('heading', { level: 1, name: 'Prueba gratis' });
    expect(
      await screen.findByText(/Las estancias y estilos con candado están incluidos en Pro y superiores\./),
    ).toBeTruthy();

    const room = await optionsOf('Tipo de estancia');
    expect(isDisabled(room('Despacho'))).toBe(true);
    expect(room('Despacho').textContent).toContain('En Pro y superiores');
    expect(isDisabled(room('Cocina'))).toBe(false);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    const style = await optionsOf('Estilo');
    expect(isDisabled(style('Industrial'))).toBe(true);
    expect(isDisabled(style('Escandinavo'))).toBe(false);
  });
});

describe('order answers about the plan', () => {
  beforeEach(async () => {
    await wizardDrafts.clear(USER_ID);
    window.sessionStorage.clear();
    await resetApp();
  });

  const ordering = (answer: { status: number; body: unknown }, profile = aUser()) => {
    let uploads = 0;
    return {
      'POST project': { status: 201, body: aProject() },
      [`POST project/${PROJECT_ID}/images`]: () => ({ body: { images: [anImage(`img-${++uploads}`)] } }),
      [ORDER]: answer,
      'POST user/profile': { body: { token: 'tok-1', user: profile } },
    };
  };

  it('opens the credits dialog with the extra-decorations offer on PLAN_EXCEEDED, as for a shortage', async () => {
    const pro = { ...subscribed('PRO'), credits: 3 };
    const { api, location } = await openWizard(
      pro,
      ordering(
        {
          status: 402,
          body: { code: 'PLAN_EXCEEDED', message: 'exceeded', fields: { needed: '1', balance: '0' } },
        },
        { ...pro, credits: 0 },
      ),
    );
    recordMultipart(api.fetch as unknown as typeof fetch);
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(dialog.textContent).toContain('Has superado las decoraciones incluidas en tu plan.');
    // The answer's balance, not the 3 the page showed.
    expect(dialog.textContent).toContain('Este pedido cuesta 1 crédito y tienes 0.');
    expect(within(dialog).getByRole('heading', { name: 'O añade decoraciones extra' })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Acepto que se cobre 1,00 .* por 1 decoración extra/)).toBeTruthy();
    // A subscriber is not offered plans, only packs and the extra decorations.
    expect(await within(dialog).findByRole('button', { name: 'Comprar el pack Starter' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Suscribirme/ })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(location().pathname).toBe('/new-project');
  });

  it('offers the extra decorations on PLAN_EXCEEDED even when the session has not seen the subscription yet', async () => {
    const { api } = await openWizard(
      aUser({ credits: 3 }),
      ordering(
        {
          status: 402,
          body: { code: 'PLAN_EXCEEDED', message: 'exceeded', fields: { needed: '1', balance: '0' } },
        },
        aUser({ credits: 0 }),
      ),
    );
    recordMultipart(api.fetch as unknown as typeof fetch);
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(within(dialog).getByRole('heading', { name: 'O añade decoraciones extra' })).toBeTruthy();
  });

  it('shows DECORATIONS_LIMIT with its translated message and the counts', async () => {
    const { api } = await openWizard(
      { ...subscribed('BUSINESS'), credits: 10 },
      ordering({
        status: 403,
        body: { code: 'DECORATIONS_LIMIT', message: 'limit', fields: { selected: '1', limit: '0' } },
      }),
    );
    recordMultipart(api.fetch as unknown as typeof fetch);
    await userEvent.type(screen.getByLabelText('Nombre del inmueble'), 'Piso Gràcia');
    await userEvent.click(screen.getByRole('button', { name: 'Finalizar y decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Límite de decoraciones' });
    expect(dialog.textContent).toContain(
      'Has seleccionado más imágenes de las que permite tu plan en un pedido.',
    );
    expect(dialog.textContent).toContain('Has seleccionado 1 imágenes y el límite es 0.');
    expect(api.callsTo(ORDER)).toHaveLength(1);
  });

  it('answers a redo refused with PLAN_EXCEEDED with the same credits dialog', async () => {
    const ready = aDecoration('d1', 'img-1', {
      state: 'ready',
      stage: 'ready',
      percent: 100,
      resultUrl: '/r1',
    });
    const api = fakeApi({
      ...OFFERS,
      [`GET project/${PROJECT_ID}`]: {
        body: aProjectDetail({ images: [anImage('img-1')], decorations: [ready] }),
      },
      'POST decoration/d1/redo': {
        status: 402,
        body: { code: 'PLAN_EXCEEDED', message: 'exceeded', fields: { needed: '1', balance: '0' } },
      },
    });
    session.signIn({ token: 'tok-1', user: { ...subscribed('PRO'), credits: 2 } });
    renderApp(`/project/${PROJECT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Opciones de la foto 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Volver a decorar' }));
    const redo = await screen.findByRole('dialog', { name: 'Volver a decorar' });
    await userEvent.click(within(redo).getByRole('button', { name: 'Volver a decorar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(dialog.textContent).toContain('Has superado las decoraciones incluidas en tu plan.');
    expect(within(dialog).getByRole('heading', { name: 'O añade decoraciones extra' })).toBeTruthy();
    expect(session.getState().user?.credits).toBe(0);
    expect(api.callsTo('POST decoration/d1/redo')).toHaveLength(1);
  });
});
