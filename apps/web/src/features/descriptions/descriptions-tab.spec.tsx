import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Description, DescriptionVersion, ProjectDescriptions } from '@estancia/contracts';
import { realtimeHandlers } from '../realtime/realtime';
import { session } from '../session/session';
import { aUser, fakeApi } from '../../test/fake-api';
import { renderApp, resetApp } from '../../test/render-app';
import { aProjectDetail, PROJECT_ID } from '../decorations/test-data';

vi.mock('../realtime/realtime', async (original) => ({
  ...(await original<typeof import('../realtime/realtime')>()),
  realtime: { connect: vi.fn(), disconnect: vi.fn() },
}));

const LIST = `GET project/${PROJECT_ID}/descriptions`;
const GENERATE = `POST project/${PROJECT_ID}/descriptions`;
const DESCRIPTION_ID = '5c1f3a9e-8d2b-4f7a-9b6e-2a1d0c9e8f01';

const FACTS = {
  language: 'es' as const,
  location: 'Gràcia, Barcelona',
  squareMeters: 85,
  bedrooms: 3,
  bathrooms: 2,
  propertyType: 'penthouse' as const,
  features: ['terrace' as const, 'elevator' as const],
};

const aVersion = (number: number, overrides: Partial<DescriptionVersion> = {}): DescriptionVersion => ({
  id: `v-${number}`,
  descriptionId: DESCRIPTION_ID,
  projectId: PROJECT_ID,
  number,
  language: 'es',
  kind: number === 1 ? 'generate' : 'regenerate',
  facts: FACTS,
  text: `Texto de la versión ${number}: ático de 85 m² en Gràcia, Barcelona.`,
  state: 'ready',
  credits: number === 1 ? 1 : 0,
  includedInPlan: false,
  createdAt: `2025-03-0${number}T10:00:00.000Z`,
  ...overrides,
});

const aDescription = (versions: DescriptionVersion[], overrides: Partial<Description> = {}): Description => {
  const regenerations = versions.filter((v) => v.kind === 'regenerate').length;
  return {
    id: DESCRIPTION_ID,
    projectId: PROJECT_ID,
    language: 'es',
    facts: FACTS,
    currentVersionId: versions[0]?.id ?? null,
    regenerationsUsed: regenerations,
    freeRegenerationsLeft: Math.max(0, 5 - regenerations),
    versions,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
};

async function openTab(list: ProjectDescriptions, credits = 3) {
  const api = fakeApi({
    [`GET project/${PROJECT_ID}`]: { body: aProjectDetail() },
    [LIST]: { body: list },
  });
  session.signIn({ token: 'tok-1', user: aUser({ credits }) });
  renderApp(`/project/${PROJECT_ID}`);
  await userEvent.click(await screen.findByRole('tab', { name: 'Descripciones' }));
  const panel = screen.getByRole('tabpanel', { name: 'Descripciones' });
  return { api, panel };
}

async function fillForm() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Ubicación' }), 'Gràcia, Barcelona');
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Metros cuadrados' }), '85');
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Dormitorios' }), '3');
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Baños' }), '2');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tipo de inmueble' }), 'Ático');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Terraza' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Ascensor' }));
}

// Filling the whole form by keyboard takes a few seconds on a busy machine.
describe('the Descriptions tab', { timeout: 30_000 }, () => {
  beforeEach(resetApp);

  it('checks the form with the shared schema, shows the cost and generates a description', async () => {
    const { api, panel } = await openTab({ descriptions: [], allowance: null });
    expect(within(panel).getByText(/Aún no hay ninguna descripción/)).toBeTruthy();
    expect(within(panel).getByText('Coste: 1 crédito')).toBeTruthy();
    expect(
      (screen.getByRole('combobox', { name: 'Idioma de la descripción' }) as HTMLSelectElement).value,
    ).toBe('es');

    await userEvent.click(screen.getByRole('button', { name: 'Generar descripción' }));
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(4);
    expect(api.callsTo(GENERATE)).toHaveLength(0);

    await fillForm();
    const written = aVersion(1);
    api.set(GENERATE, { status: 201, body: written });
    api.set(LIST, { body: { descriptions: [aDescription([written])], allowance: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Generar descripción' }));

    await waitFor(() => expect(api.callsTo(GENERATE)).toHaveLength(1));
    expect(api.callsTo(GENERATE)[0]!.body).toEqual(FACTS);
    expect(await screen.findByText('Descripción generada correctamente.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Descripción actual (versión 1)' })).toBeTruthy();
    expect(screen.getByTestId('description-text').textContent).toBe(written.text);
    // Same facts again: the next one is a free regeneration.
    expect(within(panel).getAllByText('Regeneración gratuita: te quedan 5').length).toBeGreaterThan(0);
  });

  it('copies the text, regenerates and restores an older version from the history', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const versions = [aVersion(3), aVersion(2), aVersion(1)];
    const { api } = await openTab({ descriptions: [aDescription(versions)], allowance: null });

    await userEvent.click(await screen.findByRole('button', { name: 'Copiar descripción' }));
    expect(writeText).toHaveBeenCalledWith(versions[0]!.text);
    expect(await screen.findByText('Descripción copiada al portapapeles.')).toBeTruthy();

    expect(screen.getAllByText('Regeneración gratuita: te quedan 3').length).toBeGreaterThan(0);
    const regenerate = `POST description/${DESCRIPTION_ID}/regenerate`;
    api.set(regenerate, { status: 201, body: aVersion(4) });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerar descripción' }));
    await waitFor(() => expect(api.callsTo(regenerate)).toHaveLength(1));

    const history = screen.getByRole('region', { name: 'Historial de versiones' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    const restore = `POST description/${DESCRIPTION_ID}/restore/v-1`;
    api.set(restore, { body: aDescription(versions, { currentVersionId: 'v-1' }) });
    await userEvent.click(within(history).getByRole('button', { name: 'Restaurar versión 1' }));
    await waitFor(() => expect(api.callsTo(restore)).toHaveLength(1));
    expect(await screen.findByText('Versión 1 restaurada.')).toBeTruthy();
  });

  it('after the free regenerations, shows that the next costs 1 credit', async () => {
    const versions = [6, 5, 4, 3, 2, 1].map((n) => aVersion(n));
    await openTab({ descriptions: [aDescription(versions)], allowance: null });
    expect((await screen.findAllByText('Coste: 1 crédito')).length).toBeGreaterThan(0);
  });

  it('offers credits when they are short (INSUFFICIENT_CREDITS)', async () => {
    const { api } = await openTab({ descriptions: [], allowance: null }, 0);
    api.set(GENERATE, { status: 402, body: { code: 'INSUFFICIENT_CREDITS', message: 'no' } });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Generar descripción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Necesitas más créditos' });
    expect(dialog).toBeTruthy();
  });

  it('shows the plan allowance and the description limit (DESCRIPTION_LIMIT_REACHED)', async () => {
    const { api } = await openTab({ descriptions: [], allowance: { perMonth: 16, usedThisMonth: 12 } });
    expect(await screen.findByText('Incluida en tu plan: te quedan 4 de 16 este mes')).toBeTruthy();
    api.set(GENERATE, { status: 403, body: { code: 'DESCRIPTION_LIMIT_REACHED', message: 'limit' } });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Generar descripción' }));
    expect(
      (await screen.findAllByText('Has alcanzado el límite de descripciones de tu plan.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Ver planes' })).toBeTruthy();
  });

  it('disables generating when the month’s descriptions are used up', async () => {
    await openTab({ descriptions: [], allowance: { perMonth: 16, usedThisMonth: 16 } });
    expect(await screen.findByText(/Has usado todas las descripciones de tu plan/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generar descripción' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows a pending text when DescriptionConfirmation arrives', async () => {
    const pending = aVersion(1, { state: 'pending', text: null });
    const { api } = await openTab({
      descriptions: [aDescription([pending], { currentVersionId: null })],
      allowance: null,
    });
    expect(await screen.findByText(/Estamos escribiendo la descripción/)).toBeTruthy();
    const ready = aVersion(1);
    api.set(LIST, { body: { descriptions: [aDescription([ready])], allowance: null } });
    act(() => realtimeHandlers.DescriptionConfirmation?.({ decoration: ready, project: { id: PROJECT_ID } }));
    expect((await screen.findAllByText(ready.text!)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Estamos escribiendo la descripción/)).toBeNull();
  });
});
