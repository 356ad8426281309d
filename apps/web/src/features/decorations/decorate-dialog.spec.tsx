import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { fakeApi } from '../../test/fake-api';
import { resetApp } from '../../test/render-app';
import { DecorateDialog } from './components/DecorationDialogs';
import { aReadyDecoration } from './test-data';

vi.mock('../realtime/realtime', () => ({ realtime: { connect: vi.fn(), disconnect: vi.fn() } }));

function openDialog(decoration: Parameters<typeof DecorateDialog>[0]['decoration']) {
  render(
    <AppProviders>
      <MemoryRouter>
        <DecorateDialog n={1} decoration={decoration} busy={false} onClose={vi.fn()} onConfirm={vi.fn()} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('decorate and redo dialogs', () => {
  beforeEach(resetApp);

  // Under a dialog title MUI drops the content's top padding; the outlined fields' floating labels
  // sit above the field's box and were cut off.
  it.each([
    ['decorate', null, 'Decorar la foto'],
    ['redo', aReadyDecoration('d1', 'img-1'), 'Volver a decorar'],
  ] as const)('leaves room above the fields for their labels (%s)', async (_, decoration, title) => {
    fakeApi();
    openDialog(decoration);
    const dialog = await screen.findByRole('dialog', { name: new RegExp(title) });
    const content = dialog.querySelector('.MuiDialogContent-root') as HTMLElement;
    expect(getComputedStyle(content).paddingTop).toBe('8px');
    expect(screen.getByLabelText('Tipo de estancia de la foto 1')).toBeTruthy();
  });
});
