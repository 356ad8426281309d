import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AdminPayment } from '@estancia/contracts';
import { App } from '../../App';
import { staffSession } from '../../auth/staffSession';
import { type Reply, setPageUrl, startLoopbackApi } from '../../test/loopbackApi';

const payment: AdminPayment = {
  id: 'p1',
  userId: 'u7',
  userEmail: 'carla@example.com',
  userName: 'Carla Cliente',
  kind: 'pack',
  amountCents: 4900,
  discountCents: 0,
  refundedCents: 1000,
  credits: 50,
  planCode: null,
  packCode: 'standard',
  cycle: null,
  couponCode: 'WELCOME5',
  gateway: 'sandbox',
  invoiceNumber: 'EST-2025-000042',
  createdAt: '2025-03-01T10:00:00.000Z',
  refunds: [
    {
      id: 'r1',
      amountCents: 1000,
      creditsTaken: 10,
      reason: 'Partial goodwill',
      by: { id: 'a1', name: 'Ada' },
      createdAt: '2025-03-02T10:00:00.000Z',
    },
  ],
};

const refunded: AdminPayment = {
  ...payment,
  refundedCents: 4900,
  refunds: [
    ...payment.refunds,
    {
      id: 'r2',
      amountCents: 3900,
      creditsTaken: 25,
      reason: 'Customer unhappy',
      by: { id: 'a1', name: 'Ada' },
      createdAt: '2025-03-05T10:00:00.000Z',
    },
  ],
};

async function openPayment(refundReplies: Reply[] = []) {
  let current = payment;
  const api = await startLoopbackApi({
    'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
    'GET /data/admin/payments/p1': () => ({ status: 200, body: current }),
    'POST /data/admin/payments/p1/refunds': () => {
      const reply = refundReplies.shift() ?? { status: 200, body: refunded };
      if (reply.status === 200) current = reply.body as AdminPayment;
      return reply;
    },
    'GET /data/admin/payments/p1/invoice': () => ({ status: 200, body: '%PDF-1.4 invoice' }),
  });
  staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
  setPageUrl(`${api.origin}/backoffice/payments/p1/show`);
  render(<App />);
  await screen.findByText('EST-2025-000042', {}, { timeout: 4000 });
  return api;
}

const openDialog = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Reembolsar' }));
  return screen.findByRole('dialog', { name: 'Reembolsar el pago EST-2025-000042' });
};

const refundPosts = (api: Awaited<ReturnType<typeof startLoopbackApi>>) =>
  api.requests.filter((r) => r.method === 'POST' && r.url === '/data/admin/payments/p1/refunds');

describe('a payment and its refunds', { timeout: 20_000 }, () => {
  let api: Awaited<ReturnType<typeof startLoopbackApi>> | undefined;
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    await api?.close();
    localStorage.clear();
  });

  it('shows who paid, the coupon and the refunds so far', async () => {
    api = await openPayment();
    const customer = screen.getByRole('link', { name: 'Carla Cliente' });
    expect(customer.getAttribute('href')).toBe('/backoffice/users/u7/show');
    expect(screen.getByRole('link', { name: 'WELCOME5' })).toBeTruthy();
    expect(screen.getByText('Pack de créditos · standard')).toBeTruthy();
    const refunds = screen.getByRole('region', { name: 'Reembolsos' });
    const row = within(refunds).getByText('Partial goodwill').closest('tr')!;
    expect(within(row).getByText('Ada')).toBeTruthy();
    expect(within(row).getByText('10')).toBeTruthy();
  });

  it('refunds at most what is left, with a reason and one idempotency key per dialog', async () => {
    api = await openPayment([{ status: 502, body: { code: 'GATEWAY_ERROR', message: 'down' } }]);
    let dialog = await openDialog();
    const amount = within(dialog).getByLabelText(/^Importe/) as HTMLInputElement;
    // What is left by default: 49 € paid, 10 € already refunded.
    expect(amount.value).toBe('39');
    expect(within(dialog).getByText(/Como máximo 39,00/)).toBeTruthy();

    // More than what is left, and no reason: refused here, nothing sent.
    fireEvent.change(amount, { target: { value: '39.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(within(dialog).getByText(/Escribe un importe entre 0,01 € y 39,00/)).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo (máximo 200 caracteres)')).toBeTruthy();
    expect(refundPosts(api)).toHaveLength(0);

    // The gateway fails: said in words, the dialog stays open.
    fireEvent.change(amount, { target: { value: '39' } });
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Customer unhappy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(
      await within(dialog).findByText(
        'La pasarela de pago no ha respondido. No se ha cambiado nada; inténtalo de nuevo.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    const [failed] = refundPosts(api);
    expect(JSON.parse(failed.body)).toEqual({ amountCents: 3900, reason: 'Customer unhappy' });
    expect(failed.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers.authorization).toBe('Bearer token-admin');

    // Closed and opened again: a new refund, so a new key.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Customer unhappy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));

    expect(
      await screen.findByText(
        /Reembolso de 39,00\s€ hecho\. Créditos retirados: 25\./,
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    const [, second] = refundPosts(api);
    expect(JSON.parse(second.body)).toEqual({ amountCents: 3900, reason: 'Customer unhappy' });
    expect(second.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['idempotency-key']).not.toBe(failed.headers['idempotency-key']);
    // The page shows the payment as it is now: fully refunded, nothing left to refund.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('region', { name: 'Reembolsos' })).getByText('Customer unhappy'),
        ).toBeTruthy(),
      { timeout: 4000 },
    );
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Reembolsar' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('says so when the refund exceeds what is left on the server', async () => {
    api = await openPayment([{ status: 409, body: { code: 'REFUND_EXCEEDS_PAYMENT', message: 'exceeds' } }]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Motivo/), { target: { value: 'Twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(
      await within(dialog).findByText(
        'El reembolso supera lo que queda por devolver de este pago.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });

  it('opens the invoice PDF fetched with the staff token', async () => {
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api = await openPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Factura (PDF)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled(), { timeout: 4000 });
    const invoice = api.requests.find((r) => r.url === '/data/admin/payments/p1/invoice');
    expect(invoice?.headers.authorization).toBe('Bearer token-admin');
    expect(objectUrl.mock.calls[0][0]).toBeInstanceOf(Blob);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('blob:invoice');
    expect(link.target).toBe('_blank');
  });

  it('lists payments newest first, sorts by amount and filters by kind', async () => {
    api = await startLoopbackApi({
      'GET /data/admin/reviews/alerts': () => ({ status: 200, body: { atRisk: 0, overdue: 0 } }),
      'GET /data/admin/payments': () => ({
        status: 200,
        body: [payment],
        headers: { 'Content-Range': 'payments 0-0/1' },
      }),
    });
    staffSession.save('token-admin', { id: 'a1', name: 'Ada', email: 'ada@estancia.test', role: 'admin' });
    setPageUrl(`${api.origin}/backoffice/payments`);
    render(<App />);
    const table = await screen.findByRole('table', {}, { timeout: 4000 });
    const row = within(table).getByText('EST-2025-000042').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Carla Cliente' })).toBeTruthy();
    expect(within(row).getByText(/^Reembolsado en parte: 10,00/)).toBeTruthy();
    const query = () => {
      const last = api!.requests.filter((r) => r.url.startsWith('/data/admin/payments?')).at(-1)!;
      const params = new URL(last.url, api!.origin).searchParams;
      return {
        sort: JSON.parse(params.get('sort') ?? '[]'),
        filter: JSON.parse(params.get('filter') ?? '{}'),
      };
    };
    expect(query().sort).toEqual(['createdAt', 'DESC']);

    fireEvent.click(within(table).getByRole('button', { name: 'Ordenar por importe ascendente' }));
    await waitFor(() => expect(query().sort[0]).toBe('amountCents'), { timeout: 4000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Concepto' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Suscripción' }));
    await waitFor(() => expect(query().filter).toEqual({ kind: 'subscription' }), { timeout: 4000 });
  });
});
