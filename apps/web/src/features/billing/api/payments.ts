import { useQuery } from '@tanstack/react-query';
import {
  ErrorCode,
  type ApiError,
  type PaymentHistoryResponse,
  type PaymentHistoryRow,
} from '@estancia/contracts';
import { api, ApiRequestError } from '../../../shared/api';
import { currentLocale } from '../../../shared/i18n';
import { saveBlob } from '../../projects/api/projects-api';
import { session } from '../../session/session';

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));
const API_BASE = '/data/';

/**
 * Calls the JSON client cannot make (PUT, DELETE, invoice downloads): same base, bearer token and
 * language, same `{ code, message, fields }` error.
 */
export async function sendToApi(
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  json?: unknown,
): Promise<Response> {
  const token = session.getState().token;
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await globalThis.fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new ApiRequestError(0, { code: ErrorCode.INTERNAL, message: 'network' });
  }
  if (response.ok) return response;
  let payload: Partial<ApiError> = {};
  try {
    payload = (await response.json()) as Partial<ApiError>;
  } catch {
    payload = {};
  }
  const code =
    payload.code && KNOWN_CODES.has(payload.code)
      ? payload.code
      : response.status === 401
        ? ErrorCode.UNAUTHENTICATED
        : ErrorCode.INTERNAL;
  if (response.status === 401 && token) session.clear();
  throw new ApiRequestError(response.status, {
    code,
    message: payload.message ?? code,
    ...(payload.fields && { fields: payload.fields }),
  });
}

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
  const response = await sendToApi('GET', row.invoiceUrl.slice(API_BASE.length));
  saveBlob(await response.blob(), fileNameOf(response, `invoice-${row.id}.pdf`));
}
