import { useQuery } from '@tanstack/react-query';
import type { PaymentHistoryResponse, PaymentHistoryRow } from '@estancia/contracts';
import { api } from '../../../shared/api';
import { saveBlob } from '../../projects/api/projects-api';

const API_BASE = '/data/';

export const paymentsApi = {
  history: (page: number) => api.get<PaymentHistoryResponse>(`billing/payments?page=${page}`),
};

export const paymentsKeys = {
  history: (page: number) => ['billing', 'payments', page] as const,
};

/** GET billing/payments?page= (1-based, newest first): payments and referral rewards. */
export function usePaymentHistory(page: number) {
  return useQuery({
    queryKey: paymentsKeys.history(page),
    queryFn: () => paymentsApi.history(page),
    placeholderData: (previous) => previous,
  });
}

/** Our own invoices need the bearer token; a gateway-hosted one (Stripe) opens as a plain link. */
export const isOwnInvoice = (invoiceUrl: string): boolean => invoiceUrl.startsWith(API_BASE);

const fileNameOf = (response: Response, fallback: string): string =>
  /filename="?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

/** Fetches one of our invoices with the session's token and hands the PDF to the browser. */
export async function downloadInvoice(row: PaymentHistoryRow): Promise<void> {
  if (!row.invoiceUrl || !isOwnInvoice(row.invoiceUrl)) return;
  const response = await api.send('GET', row.invoiceUrl.slice(API_BASE.length));
  saveBlob(await response.blob(), fileNameOf(response, `invoice-${row.id}.pdf`));
}
