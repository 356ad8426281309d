import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { type OutboxMessage } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

/** A verification code a Catalan customer got, as the API lists it to a console in Spanish. */
const message: OutboxMessage = {
  id: 'm1',
  to: 'nuria@example.com',
  subject: 'El teu codi de verificació d’Estancia: 123456',
  staffSubject: 'Tu código de verificación de Estancia: 123456',
  text: 'Hola, Núria:\n\nEl teu codi és 123456.',
  html: '',
  template: 'verification',
  createdAt: '2025-03-01T10:00:00.000Z',
  sentAt: '2025-03-01T10:00:01.000Z',
  error: null,
  attempts: 1,
};

describe('the outbox', () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    await api?.close();
    localStorage.clear();
  });

  const open = async (path: string) => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/outbox': () => ({
        status: 200,
        body: [message],
        headers: { 'Content-Range': 'outbox 0-0/1' },
      }),
      'GET /data/admin/outbox/m1': () => ({ status: 200, body: message }),
    });
    staffSession.save('staff-token-o', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/${path}`);
    render(<App />);
  };

  it('lists subjects in the console’s language instead of template keys', async () => {
    await open('outbox');
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Destinatario', 'Asunto', 'Fecha', 'Enviado']);
    expect(within(table).getByText('Tu código de verificación de Estancia: 123456')).toBeTruthy();
    expect(within(table).queryByText('verification')).toBeNull();
    // The API writes the subject in the language the console asks for.
    const list = api!.requests.find((r) => r.url.startsWith('/data/admin/outbox?'));
    expect(list?.headers['accept-language']).toBe('es');
  });

  it('shows one message with its kind in words and the subject as the recipient got it', async () => {
    await open('outbox/m1/show');
    expect(await screen.findByText('Código de verificación', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getAllByText('Tu código de verificación de Estancia: 123456').length).toBeGreaterThan(0);
    expect(screen.getByText('Enviado como: «El teu codi de verificació d’Estancia: 123456»')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Texto del mensaje' }).textContent).toContain('El teu codi és');
  });
});
